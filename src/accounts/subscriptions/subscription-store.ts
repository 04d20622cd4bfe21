import type { BillingPeriod, Prisma } from '../../db/generated/client.js';
import { ApiError } from '../../errors/api-error.js';
import type { TierName } from '../tiers.js';
import {
  effectiveSubscription,
  freeSubscription,
  type PlanRef,
  type SubscriptionRecord,
} from './subscription-state.js';

export type Tx = Prisma.TransactionClient;

const PLAN_SELECT = { id: true, planCode: true, tier: true, billingPeriod: true, months: true };
const WITH_PLANS = { planVersion: { select: PLAN_SELECT }, pendingPlan: { select: PLAN_SELECT } };

/** The newest version of `tier`'s plan for a billing period (null for Free). */
export async function latestPlan(
  tx: Tx,
  tier: TierName,
  period: BillingPeriod,
): Promise<PlanRef | null> {
  if (tier === 'Free') {
    return null;
  }
  return tx.planVersion.findFirst({
    where: { tier, billingPeriod: period },
    orderBy: { version: 'desc' },
    select: PLAN_SELECT,
  });
}

export const planRef = (tx: Tx, id: number): Promise<PlanRef | null> =>
  tx.planVersion.findUnique({ where: { id }, select: PLAN_SELECT });

/** The stored subscription (Free since the account's creation when there is no row). */
export async function loadRecord(tx: Tx, accountId: number): Promise<SubscriptionRecord> {
  const account = await tx.account.findUnique({
    where: { id: accountId },
    include: { subscription: { include: WITH_PLANS } },
  });
  if (!account) {
    throw new ApiError('not_found', `No account ${accountId}`);
  }
  return account.subscription ?? freeSubscription(account.createdAt);
}

async function saveRecord(tx: Tx, accountId: number, sub: SubscriptionRecord) {
  const data = {
    tier: sub.tier,
    planVersionId: sub.planVersion?.id ?? null,
    periodStart: sub.periodStart,
    periodEnd: sub.periodEnd,
    autoRenew: sub.autoRenew,
    cancelledAt: sub.cancelledAt,
    pendingTier: sub.pendingTier,
    pendingPlanVersionId: sub.pendingPlan?.id ?? null,
    graceUntil: sub.graceUntil,
  };
  await tx.subscription.upsert({
    where: { accountId },
    update: data,
    create: { accountId, ...data },
  });
}

export type SubscriptionStep = (
  tx: Tx,
  stored: SubscriptionRecord,
  current: SubscriptionRecord,
  now: Date,
) => SubscriptionRecord | Promise<SubscriptionRecord>;

/**
 * One plan change inside the caller's transaction: the row is locked (one change at a time per
 * account), the subscription in force at `now` is computed, `next` decides, the result is stored.
 */
export async function applySubscriptionStep(
  tx: Tx,
  accountId: number,
  now: Date,
  next: SubscriptionStep,
): Promise<{ before: SubscriptionRecord; after: SubscriptionRecord }> {
  await tx.$queryRaw`SELECT 1 FROM subscriptions WHERE account_id = ${accountId} FOR UPDATE`;
  const stored = await loadRecord(tx, accountId);
  const before = effectiveSubscription(stored, now);
  const after = await next(tx, stored, before, now);
  await saveRecord(tx, accountId, after);
  return { before, after };
}
