import type Stripe from 'stripe';
import { type ChangeAuthor, recordAudit } from '../audit.js';
import { cancelled, renewalFailed, renewalPaid } from '../subscriptions/subscription-changes.js';
import type { SubscriptionRecord } from '../subscriptions/subscription-state.js';
import { applySubscriptionStep, type Tx } from '../subscriptions/subscription-store.js';
import { confirmPaymentInTx } from './payments.js';

/**
 * What each Stripe event changes, inside the transaction that also records the event id. Each
 * step returns the account it changed (null: nothing to change). Events may arrive late, twice
 * or out of order: a step compares what the event says with what is stored and never moves a
 * subscription backwards (an older period's invoice, an event of an ended subscription).
 */

const STRIPE_ACTOR: ChangeAuthor = { actor: 'stripe' };

export interface StepContext {
  tx: Tx;
  now: Date;
  /** When Stripe created the event (a failure's grace runs from then). */
  at: Date;
}

export type Period = { start: Date; end: Date };

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

export const fromSeconds = (seconds: number) => new Date(seconds * 1000);

/** The subscription an invoice bills, and the period its first line covers. */
export function invoiceFacts(invoice: Stripe.Invoice) {
  const details = invoice.parent?.subscription_details ?? null;
  const line = invoice.lines.data[0];
  return {
    subscriptionId: idOf(details?.subscription),
    reference: details?.metadata?.['reference'] ?? null,
    period: line
      ? { start: fromSeconds(line.period.start), end: fromSeconds(line.period.end) }
      : null,
  };
}

/** An upgrade's payment went through (Checkout completed, or its first invoice was paid). */
export async function upgradePaid(
  ctx: StepContext,
  reference: string | null,
  subscriptionId: string | null,
  period: Period | null,
): Promise<number | null> {
  const payment = reference
    ? await ctx.tx.billingPayment.findUnique({ where: { reference } })
    : null;
  if (!payment || payment.status === 'cancelled') {
    return null;
  }
  const outcome = await confirmPaymentInTx(ctx.tx, payment, ctx.now, STRIPE_ACTOR);
  if (!subscriptionId) {
    return outcome === 'already_confirmed' ? null : payment.accountId;
  }
  const { accountId } = payment;
  const billing = await ctx.tx.billingAccount.findUnique({ where: { accountId } });
  if (outcome === 'already_confirmed') {
    // The second notice of one payment (Checkout, then its first invoice): it may say how far
    // the subscription is paid, never more than that.
    if (billing?.subscriptionId !== subscriptionId || !period) {
      return null;
    }
    const paidThrough = later(billing.paidThrough, period.end);
    await ctx.tx.billingAccount.update({ where: { accountId }, data: { paidThrough } });
    return null;
  }
  // This subscription bills the account from now on (an earlier one was told to stop renewing).
  const paidThrough = period?.end ?? null;
  await ctx.tx.billingAccount.upsert({
    where: { accountId },
    update: { subscriptionId, paidThrough },
    create: { accountId, subscriptionId, paidThrough },
  });
  return accountId;
}

const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/** The account a subscription bills now, when the period is newer than what was paid. */
async function billedAccount(ctx: StepContext, subscriptionId: string | null, period: Period) {
  if (!subscriptionId) {
    return null;
  }
  const billing = await ctx.tx.billingAccount.findUnique({ where: { subscriptionId } });
  if (!billing || (billing.paidThrough && period.end <= billing.paidThrough)) {
    return null;
  }
  return billing;
}

async function step(
  ctx: StepContext,
  accountId: number,
  action: string,
  change: (sub: SubscriptionRecord) => SubscriptionRecord,
  detail: Record<string, string>,
): Promise<number> {
  await applySubscriptionStep(ctx.tx, accountId, ctx.now, (_tx, _stored, current) =>
    current.tier === 'Free' ? current : change(current),
  );
  await recordAudit(ctx.tx, { ...STRIPE_ACTOR, accountId, action, detail });
  return accountId;
}

/**
 * A renewal was paid: the period is recorded paid, and a grace (if any) ends. Without a grace the
 * subscription is as it should be (renewals are assumed paid): only the record changes, and the
 * plan in force is untouched (no account to announce).
 */
export async function renewalInvoicePaid(
  ctx: StepContext,
  subscriptionId: string | null,
  period: Period,
): Promise<number | null> {
  const billing = await billedAccount(ctx, subscriptionId, period);
  if (!billing) {
    return null;
  }
  const { accountId } = billing;
  await ctx.tx.billingAccount.update({
    where: { accountId },
    data: { paidThrough: period.end },
  });
  const detail = { paidThrough: period.end.toISOString() };
  const inGrace = await ctx.tx.subscription.count({
    where: { accountId, graceUntil: { not: null } },
  });
  if (inGrace === 0) {
    await recordAudit(ctx.tx, {
      ...STRIPE_ACTOR,
      accountId,
      action: 'billing.renewal-paid',
      detail,
    });
    return null;
  }
  return step(ctx, accountId, 'billing.renewal-paid', renewalPaid, detail);
}

/** A renewal failed: 3 days of grace from the event, unless that period was paid meanwhile. */
export async function renewalInvoiceFailed(
  ctx: StepContext,
  subscriptionId: string | null,
  period: Period,
): Promise<number | null> {
  const billing = await billedAccount(ctx, subscriptionId, period);
  if (!billing) {
    return null;
  }
  return step(ctx, billing.accountId, 'billing.renewal-failed', (s) => renewalFailed(s, ctx.at), {
    periodEnd: period.end.toISOString(),
  });
}

/**
 * Stripe ended a subscription. The one billing the account: no more renewals, access until the
 * paid period ends (or the grace, if a renewal failed). Another one (an upgrade's Checkout that
 * was never confirmed): its payment can no longer be confirmed by a late event.
 */
export async function subscriptionEnded(
  ctx: StepContext,
  subscription: Stripe.Subscription,
): Promise<number | null> {
  const billing = await ctx.tx.billingAccount.findUnique({
    where: { subscriptionId: subscription.id },
  });
  if (!billing) {
    const reference = subscription.metadata?.['reference'];
    if (reference) {
      await ctx.tx.billingPayment.updateMany({
        where: { reference, status: { in: ['pending', 'superseded'] } },
        data: { status: 'cancelled', settledAt: ctx.now },
      });
    }
    return null;
  }
  await ctx.tx.billingAccount.update({
    where: { accountId: billing.accountId },
    data: { subscriptionId: null },
  });
  return step(ctx, billing.accountId, 'billing.subscription-ended', (s) => cancelled(s, ctx.at), {
    subscriptionId: subscription.id,
  });
}
