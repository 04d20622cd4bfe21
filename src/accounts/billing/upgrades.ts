import type { BillingPeriod } from '../../db/generated/client.js';
import { ApiError } from '../../errors/api-error.js';
import { type ChangeAuthor, recordAudit } from '../audit.js';
import {
  checkUpgrade,
  periodOf,
  renewalFailed,
  renewalPaid,
} from '../subscriptions/subscription-changes.js';
import { presentSubscription, type SubscriptionView } from '../subscriptions/subscription-state.js';
import { OPERATOR } from '../subscriptions/subscriptions.js';
import type { TierName } from '../tiers.js';
import { type BillingDeps, current } from './billing-deps.js';
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

async function newestPlan({ db }: BillingDeps, tier: TierName, period: BillingPeriod) {
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
export async function requestUpgrade(
  deps: BillingDeps,
  accountId: number,
  tier: TierName,
  options: { period?: BillingPeriod } = {},
  by: ChangeAuthor = OPERATOR,
): Promise<UpgradeStarted> {
  const { db, now: clock, provider } = deps;
  const sub = await current(deps, accountId);
  checkUpgrade(sub, tier);
  const plan = await newestPlan(deps, tier, options.period ?? periodOf(sub));
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
  const next = await startWithProvider(deps, payment.id, {
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
  { db, now: clock, provider }: BillingDeps,
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
export async function confirmPayment(
  deps: BillingDeps,
  accountId: number,
  options: { reference?: string; renewal?: boolean } = {},
  by: ChangeAuthor = OPERATOR,
): Promise<PaymentConfirmed> {
  const payment = options.renewal ? null : await findPayment(deps, accountId, options.reference);
  if (!payment) {
    return { outcome: 'renewal_paid', subscription: await payRenewal(deps, accountId, by) };
  }
  const now = deps.now();
  const outcome = await deps.db.$transaction((tx) => confirmPaymentInTx(tx, payment, now, by));
  await deps.events.publish({ type: 'account-changed', accountId });
  return {
    outcome,
    reference: payment.reference,
    subscription: presentSubscription(await current(deps, accountId)),
  };
}

async function findPayment(deps: BillingDeps, accountId: number, reference: string | undefined) {
  if (reference !== undefined) {
    const payment = await deps.db.billingPayment.findUnique({ where: { reference } });
    if (!payment || payment.accountId !== accountId) {
      throw new ApiError('not_found', `Account ${accountId} has no payment ${reference}`);
    }
    return payment;
  }
  const pending = await deps.db.billingPayment.findFirst({
    where: { accountId, status: 'pending' },
    orderBy: { id: 'desc' },
  });
  if (!pending && !(await current(deps, accountId)).graceUntil) {
    throw noPayment(accountId);
  }
  return pending;
}

async function payRenewal(
  deps: BillingDeps,
  accountId: number,
  by: ChangeAuthor,
): Promise<SubscriptionView> {
  if (!(await current(deps, accountId)).graceUntil) {
    throw noPayment(accountId);
  }
  return deps.subscriptions.change(accountId, 'renewal-paid', by, (_tx, _s, sub) =>
    renewalPaid(sub),
  );
}

/** A renewal payment failed: 3 days of grace from now, then Free (the key stays valid). */
export const failRenewal = (
  { subscriptions }: BillingDeps,
  accountId: number,
  by: ChangeAuthor = OPERATOR,
) =>
  subscriptions.change(accountId, 'renewal-failed', by, (_tx, _s, sub, now) =>
    renewalFailed(sub, now),
  );
