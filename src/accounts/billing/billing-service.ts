import type { BillingPeriod, PrismaClient } from '../../db/generated/client.js';
import { ApiError } from '../../errors/api-error.js';
import type { EventBus } from '../../events/event-bus.js';
import { type AuditView, type ChangeAuthor, listAudit, recordAudit } from '../audit.js';
import {
  checkUpgrade,
  downgraded,
  periodOf,
  renewalFailed,
  renewalPaid,
  resumed,
} from '../subscriptions/subscription-changes.js';
import {
  effectiveSubscription,
  presentSubscription,
  type SubscriptionRecord,
  type SubscriptionView,
} from '../subscriptions/subscription-state.js';
import { loadRecord } from '../subscriptions/subscription-store.js';
import { OPERATOR, type SubscriptionsService } from '../subscriptions/subscriptions.js';
import type { TierName } from '../tiers.js';
import {
  type ConfirmOutcome,
  confirmPaymentInTx,
  newReference,
  type PaymentView,
  planToBuy,
  presentPayment,
} from './payments.js';
import type { PaymentProvider, UpgradeStart } from './provider.js';

export interface UpgradeStarted {
  payment: PaymentView;
  /** What the account holder does next: pay by the reference, or follow the Checkout URL. */
  next: UpgradeStart;
  planCode: string;
  price: string;
  currency: string;
}

export interface BillingStatus {
  accountId: number;
  provider: string;
  subscription: SubscriptionView;
  payments: PaymentView[];
  /** The newest audit records of the account (plan, billing, keys, allowlist). */
  audit: AuditView[];
}

export interface PaymentConfirmed {
  outcome: ConfirmOutcome | 'renewal_paid';
  reference?: string;
  subscription: SubscriptionView;
}

const noPayment = (accountId: number) =>
  new ApiError(
    'invalid_parameter',
    `Account ${accountId} has no payment waiting for confirmation and no failed renewal`,
    { parameter: 'account' },
  );

/**
 * The plan lifecycle with payments (spec 1, DECISIONS.md "Accounts on the web"): one service
 * behind the CLI, the admin API, the dashboard and the provider's webhooks. Plan rules live in
 * accounts/subscriptions/subscription-changes.ts; this adds what money changes: an upgrade waits for its
 * payment, a failed renewal starts the grace, and the provider hears of cancellations.
 */
export function createBillingService({
  db,
  events,
  now: clock = () => new Date(),
  provider,
  subscriptions,
}: {
  db: PrismaClient;
  events: EventBus;
  now?: () => Date;
  provider: PaymentProvider;
  subscriptions: SubscriptionsService;
}) {
  const announce = (accountId: number) => events.publish({ type: 'account-changed', accountId });

  async function current(accountId: number): Promise<SubscriptionRecord> {
    return effectiveSubscription(await loadRecord(db, accountId), clock());
  }

  async function newestPlan(tier: TierName, period: BillingPeriod) {
    const plan = await db.planVersion.findFirst({
      where: { tier, billingPeriod: period },
      orderBy: { version: 'desc' },
    });
    if (!plan) {
      throw new ApiError('not_found', `No ${period} plan for ${tier}`);
    }
    return plan;
  }

  /**
   * Asks for an upgrade: a pending payment (earlier pending ones are superseded). Allowances do
   * not change until the payment is confirmed. `period`: monthly or yearly (default: the current
   * plan's, monthly from Free).
   */
  async function requestUpgrade(
    accountId: number,
    tier: TierName,
    options: { period?: BillingPeriod } = {},
    by: ChangeAuthor = OPERATOR,
  ): Promise<UpgradeStarted> {
    const sub = await current(accountId);
    checkUpgrade(sub, tier);
    const plan = await newestPlan(tier, options.period ?? periodOf(sub));
    const [account, billing] = await Promise.all([
      db.account.findUniqueOrThrow({ where: { id: accountId } }),
      db.billingAccount.findUnique({ where: { accountId } }),
    ]);
    const payment = await db.$transaction(async (tx) => {
      await tx.billingPayment.updateMany({
        where: { accountId, status: 'pending' },
        data: { status: 'superseded', settledAt: clock() },
      });
      const row = await tx.billingPayment.create({
        data: {
          accountId,
          tier,
          planVersionId: plan.id,
          provider: provider.name,
          reference: newReference(),
        },
      });
      await recordAudit(tx, {
        ...by,
        accountId,
        action: 'billing.upgrade-requested',
        detail: { reference: row.reference, tier, planCode: plan.planCode },
      });
      return row;
    });
    const next = await startWithProvider(payment.id, {
      accountId,
      email: account.email,
      reference: payment.reference,
      plan: planToBuy(plan),
      firstChargeAt: sub.tier === 'Free' ? null : sub.periodEnd,
      customerId: billing?.customerId ?? null,
    });
    return {
      payment: presentPayment(payment),
      next,
      planCode: plan.planCode,
      price: plan.price.toFixed(2),
      currency: plan.currency,
    };
  }

  /** The provider's part of an upgrade; a failure cancels the payment it was for. */
  async function startWithProvider(
    paymentId: number,
    request: Parameters<PaymentProvider['startUpgrade']>[0],
  ): Promise<UpgradeStart> {
    let next: UpgradeStart;
    try {
      next = await provider.startUpgrade(request);
    } catch {
      await db.billingPayment.update({
        where: { id: paymentId },
        data: { status: 'cancelled', settledAt: clock() },
      });
      throw new ApiError(
        'upstream_unavailable',
        'The payment provider did not accept the request; nothing was charged, try again later',
      );
    }
    if (next.kind === 'redirect') {
      await db.$transaction([
        db.billingPayment.update({
          where: { id: paymentId },
          data: { providerRef: next.providerRef },
        }),
        db.billingAccount.upsert({
          where: { accountId: request.accountId },
          update: { customerId: next.customerId },
          create: { accountId: request.accountId, customerId: next.customerId },
        }),
      ]);
    }
    return next;
  }

  /**
   * The operator confirms a payment (manual provider): the payment `reference`, else the
   * account's waiting upgrade, else (or with `renewal`) the renewal whose failure started a grace.
   */
  async function confirmPayment(
    accountId: number,
    options: { reference?: string; renewal?: boolean } = {},
    by: ChangeAuthor = OPERATOR,
  ): Promise<PaymentConfirmed> {
    const payment = options.renewal ? null : await findPayment(accountId, options.reference);
    if (!payment) {
      return { outcome: 'renewal_paid', subscription: await payRenewal(accountId, by) };
    }
    const now = clock();
    const outcome = await db.$transaction((tx) => confirmPaymentInTx(tx, payment, now, by));
    await announce(accountId);
    return {
      outcome,
      reference: payment.reference,
      subscription: presentSubscription(await current(accountId)),
    };
  }

  async function findPayment(accountId: number, reference: string | undefined) {
    if (reference !== undefined) {
      const payment = await db.billingPayment.findUnique({ where: { reference } });
      if (!payment || payment.accountId !== accountId) {
        throw new ApiError('not_found', `Account ${accountId} has no payment ${reference}`);
      }
      return payment;
    }
    const pending = await db.billingPayment.findFirst({
      where: { accountId, status: 'pending' },
      orderBy: { id: 'desc' },
    });
    if (!pending && !(await current(accountId)).graceUntil) {
      throw noPayment(accountId);
    }
    return pending;
  }

  async function payRenewal(accountId: number, by: ChangeAuthor): Promise<SubscriptionView> {
    if (!(await current(accountId)).graceUntil) {
      throw noPayment(accountId);
    }
    return subscriptions.change(accountId, 'renewal-paid', by, (_tx, _s, sub) => renewalPaid(sub));
  }

  /** A renewal payment failed: 3 days of grace from now, then Free (the key stays valid). */
  const failRenewal = (accountId: number, by: ChangeAuthor = OPERATOR) =>
    subscriptions.change(accountId, 'renewal-failed', by, (_tx, _s, sub, now) =>
      renewalFailed(sub, now),
    );

  async function providerSubscription(accountId: number): Promise<string | null> {
    const billing = await db.billingAccount.findUnique({ where: { accountId } });
    return billing?.subscriptionId ?? null;
  }

  /** Spec 1: no renewal, access until the paid period ends; the provider stops charging. */
  async function cancel(accountId: number, by: ChangeAuthor = OPERATOR) {
    const sub = await current(accountId);
    const ref = await providerSubscription(accountId);
    if (ref && sub.tier !== 'Free') {
      await callProvider(() => provider.setRenewal(ref, false));
    }
    return subscriptions.cancel(accountId, by);
  }

  /** Spec 1: a downgrade applies at the period end; the provider bills the lower plan then. */
  async function downgrade(accountId: number, tier: TierName, by: ChangeAuthor = OPERATOR) {
    const preview = await downgraded(db, await current(accountId), tier);
    const ref = await providerSubscription(accountId);
    if (ref) {
      const plan = preview.pendingPlan;
      await callProvider(async () =>
        plan
          ? provider.changeRenewalPlan(ref, await planById(plan.id))
          : provider.setRenewal(ref, false),
      );
    }
    return subscriptions.downgrade(accountId, tier, by);
  }

  /** Undoes a pending cancellation or downgrade before the period end. */
  async function resume(accountId: number, by: ChangeAuthor = OPERATOR) {
    const sub = await current(accountId);
    const preview = await resumed(db, sub);
    const ref = await providerSubscription(accountId);
    if (ref) {
      const plan = preview.pendingPlan ?? preview.planVersion;
      await callProvider(async () => {
        await provider.setRenewal(ref, true);
        if (sub.pendingTier && sub.pendingTier !== 'Free' && plan) {
          await provider.changeRenewalPlan(ref, await planById(plan.id));
        }
      });
    }
    return subscriptions.resume(accountId, by);
  }

  const planById = async (id: number) =>
    planToBuy(await db.planVersion.findUniqueOrThrow({ where: { id } }));

  async function callProvider(call: () => Promise<void>): Promise<void> {
    try {
      await call();
    } catch {
      throw new ApiError(
        'upstream_unavailable',
        'The payment provider did not accept the change; nothing was changed, try again later',
      );
    }
  }

  /** Payments waiting for confirmation, oldest first (`touchline billing pending`). */
  async function listPending(): Promise<PaymentView[]> {
    const rows = await db.billingPayment.findMany({
      where: { status: 'pending' },
      orderBy: { id: 'asc' },
    });
    return rows.map(presentPayment);
  }

  /** The account's subscription in force and its latest payments (`touchline billing status`). */
  async function status(accountId: number): Promise<BillingStatus> {
    const sub = await current(accountId);
    const [payments, audit] = await Promise.all([
      db.billingPayment.findMany({ where: { accountId }, orderBy: { id: 'desc' }, take: 10 }),
      listAudit(db, { accountId, limit: 20 }),
    ]);
    return {
      accountId,
      provider: provider.name,
      subscription: presentSubscription(sub),
      payments: payments.map(presentPayment),
      audit,
    };
  }

  return {
    provider: provider.name,
    requestUpgrade,
    confirmPayment,
    failRenewal,
    cancel,
    downgrade,
    resume,
    listPending,
    status,
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
