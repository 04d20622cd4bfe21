import type Stripe from 'stripe';
import { Prisma, type PrismaClient } from '../../db/generated/client.js';
import { ApiError } from '../../errors/api-error.js';
import type { EventBus } from '../../events/event-bus.js';
import type { Tx } from '../subscriptions/subscription-store.js';
import type { PaymentProvider } from './provider.js';
import { parseStripeEvent } from './stripe-event-shape.js';
import {
  fromSeconds,
  invoiceFacts,
  type Period,
  renewalInvoiceFailed,
  renewalInvoicePaid,
  type StepContext,
  subscriptionEnded,
  upgradePaid,
} from './stripe-event-steps.js';

type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

type Step = (ctx: StepContext) => Promise<number | null>;

/** An event we act on: what must be told to Stripe first (if anything), then the stored step. */
interface Plan {
  before?: () => Promise<void>;
  step: Step;
}

/** The event id is stored already: another delivery of the same event got there first. */
const isSeenEvent = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError &&
  error.code === 'P2002' &&
  (error.meta as { modelName?: string } | undefined)?.modelName === 'BillingEvent';

interface StripeWebhooksDeps {
  db: PrismaClient;
  events: EventBus;
  stripe: Stripe;
  webhookSecret: string;
  provider: PaymentProvider;
  now: () => Date;
}

/**
 * The event, when the `Stripe-Signature` header signs exactly this body and the body is an
 * event of the shape touchline reads (stripe-event-shape.ts).
 */
function verify(
  { stripe, webhookSecret }: StripeWebhooksDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Stripe.Event {
  if (!signature) {
    throw new ApiError('invalid_parameter', 'The Stripe-Signature header is missing', {
      parameter: 'stripe-signature',
    });
  }
  let signed = false;
  try {
    signed = stripe.webhooks.signature?.verifyHeader(rawBody, signature, webhookSecret) === true;
  } catch {
    // A mismatch, a stale timestamp or a header that does not parse: refused alike.
  }
  if (!signed) {
    throw new ApiError(
      'invalid_parameter',
      'The Stripe-Signature header does not sign this payload',
      { parameter: 'stripe-signature' },
    );
  }
  return parseStripeEvent(rawBody);
}

/**
 * A confirmed upgrade moves billing to its new subscription: the one billing the account
 * until now stops renewing (it is paid to its period end, which the account keeps). Setting
 * that twice is harmless, so a retried event may do it again.
 */
function stopPreviousSubscription(
  { db, provider }: StripeWebhooksDeps,
  reference: string | null,
  subscriptionId: string | null,
) {
  return async () => {
    const payment = reference ? await db.billingPayment.findUnique({ where: { reference } }) : null;
    if (!payment || payment.status === 'confirmed' || payment.status === 'cancelled') {
      return;
    }
    const billing = await db.billingAccount.findUnique({
      where: { accountId: payment.accountId },
    });
    if (billing?.subscriptionId && billing.subscriptionId !== subscriptionId) {
      await provider.setRenewal(billing.subscriptionId, false);
    }
  };
}

function upgrade(
  deps: StripeWebhooksDeps,
  reference: string | null,
  subscriptionId: string | null,
  period: Period | null,
): Plan {
  return {
    before: stopPreviousSubscription(deps, reference, subscriptionId),
    step: (ctx) => upgradePaid(ctx, reference, subscriptionId, period),
  };
}

function planFor(deps: StripeWebhooksDeps, event: Stripe.Event): Plan | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const paid =
        session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
      if (session.mode !== 'subscription' || !paid) {
        return null;
      }
      const sub = session.subscription;
      return upgrade(
        deps,
        session.metadata?.['reference'] ?? null,
        typeof sub === 'string' ? sub : (sub?.id ?? null),
        null,
      );
    }
    case 'invoice.paid': {
      const facts = invoiceFacts(event.data.object);
      const reason = event.data.object.billing_reason;
      if (reason === 'subscription_create') {
        return upgrade(deps, facts.reference, facts.subscriptionId, facts.period);
      }
      const period = facts.period;
      return reason === 'subscription_cycle' && period
        ? { step: (ctx) => renewalInvoicePaid(ctx, facts.subscriptionId, period) }
        : null;
    }
    case 'invoice.payment_failed': {
      const facts = invoiceFacts(event.data.object);
      const period = facts.period;
      return event.data.object.billing_reason === 'subscription_cycle' && period
        ? { step: (ctx) => renewalInvoiceFailed(ctx, facts.subscriptionId, period) }
        : null;
    }
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return { step: (ctx) => subscriptionEnded(ctx, subscription) };
    }
    default:
      return null;
  }
}

async function apply(deps: StripeWebhooksDeps, event: Stripe.Event): Promise<WebhookOutcome> {
  const { db, events, now: clock } = deps;
  const plan = planFor(deps, event);
  const id = `stripe:${event.id}`;
  if (!plan) {
    return 'ignored';
  }
  if (plan.before) {
    // Only a step that calls Stripe first looks for the id early; for the others the insert
    // in the transaction is the check (one query less per delivery).
    if (await db.billingEvent.findUnique({ where: { id } })) {
      return 'duplicate';
    }
    await plan.before();
  }
  const at = fromSeconds(event.created);
  let accountId: number | null;
  try {
    accountId = await db.$transaction(async (tx: Tx) => {
      await tx.billingEvent.create({ data: { id, type: event.type } });
      return plan.step({ tx, now: clock(), at });
    });
  } catch (error) {
    if (isSeenEvent(error)) {
      return 'duplicate';
    }
    throw error;
  }
  if (accountId !== null) {
    await events.publish({ type: 'account-changed', accountId });
  }
  return 'applied';
}

/**
 * `POST /billing/webhooks/stripe` without the HTTP (docs/accounts.md "Billing"): the signature is
 * checked on the raw body, each event id is applied once (its id is stored in the transaction
 * of its change, so a replay or a concurrent second delivery changes nothing), and the caller
 * answers 2xx only when this resolves: a failure to store is an error, and Stripe retries.
 */
export function createStripeWebhooks({
  now = () => new Date(),
  ...rest
}: {
  db: PrismaClient;
  events: EventBus;
  stripe: Stripe;
  webhookSecret: string;
  provider: PaymentProvider;
  now?: () => Date;
}) {
  const deps: StripeWebhooksDeps = { ...rest, now };
  return {
    verify: (rawBody: Buffer, signature: string | undefined) => verify(deps, rawBody, signature),
    apply: (event: Stripe.Event) => apply(deps, event),
    /** Verifies, then applies: what the route does with a delivery. */
    receive: (rawBody: Buffer, signature: string | undefined) =>
      apply(deps, verify(deps, rawBody, signature)),
  };
}

export type StripeWebhooks = ReturnType<typeof createStripeWebhooks>;
