import type { BillingPeriod, Prisma, PrismaClient, TierLimit } from '../db/generated/client.js';
import { ApiError } from '../errors/api-error.js';
import type { AccessEvents } from '../events/access-events.js';
import type { TierName } from './plans.js';
import {
  effectiveSubscription,
  freeSubscription,
  type PlanRef,
  paidPeriod,
  presentSubscription,
  rollover,
  type SubscriptionRecord,
  type SubscriptionView,
  TIER_RANK,
} from './subscription-state.js';

export { effectiveSubscription } from './subscription-state.js';

type Tx = Prisma.TransactionClient;

export interface AccountAccess {
  accountId: number;
  tier: TierName;
  limits: TierLimit;
  subscription: SubscriptionRecord;
}

export type PlanAction = 'upgrade' | 'downgrade' | 'cancel' | 'renew';

const PLAN_SELECT = { id: true, planCode: true, tier: true, billingPeriod: true, months: true };
const WITH_PLANS = { planVersion: { select: PLAN_SELECT }, pendingPlan: { select: PLAN_SELECT } };

const badTier = (detail: string) =>
  new ApiError('invalid_parameter', detail, { parameter: 'tier' });

/** The newest version of `tier`'s plan for a billing period (null for Free). */
async function latestPlan(tx: Tx, tier: TierName, period: BillingPeriod): Promise<PlanRef | null> {
  if (tier === 'Free') {
    return null;
  }
  return tx.planVersion.findFirst({
    where: { tier, billingPeriod: period },
    orderBy: { version: 'desc' },
    select: PLAN_SELECT,
  });
}

/** The stored subscription (Free since the account's creation when there is no row). */
async function loadRecord(tx: Tx, accountId: number): Promise<SubscriptionRecord> {
  const account = await tx.account.findUnique({
    where: { id: accountId },
    include: { subscription: { include: WITH_PLANS } },
  });
  if (!account) {
    throw new ApiError('not_found', `No account ${accountId}`);
  }
  return account.subscription ?? freeSubscription(account.createdAt);
}

async function saveRecord(tx: Tx, accountId: number, sub: SubscriptionRecord): Promise<void> {
  const data = {
    tier: sub.tier,
    planVersionId: sub.planVersion?.id ?? null,
    periodStart: sub.periodStart,
    periodEnd: sub.periodEnd,
    autoRenew: sub.autoRenew,
    cancelledAt: sub.cancelledAt,
    pendingTier: sub.pendingTier,
    pendingPlanVersionId: sub.pendingPlan?.id ?? null,
  };
  await tx.subscription.upsert({
    where: { accountId },
    update: data,
    create: { accountId, ...data },
  });
}

/** Spec 1: an upgrade raises allowances at once; its price applies from the next renewal. */
async function upgraded(
  tx: Tx,
  sub: SubscriptionRecord,
  tier: TierName,
  now: Date,
): Promise<SubscriptionRecord> {
  if (TIER_RANK[tier] <= TIER_RANK[sub.tier]) {
    throw badTier(`An upgrade must be to a higher tier than ${sub.tier}, got ${tier}`);
  }
  const plan = await latestPlan(tx, tier, sub.planVersion?.billingPeriod ?? 'monthly');
  if (sub.tier === 'Free') {
    // Nothing was paid yet: the first paid period starts now, at the new price.
    return paidPeriod(tier, plan, now);
  }
  return { ...sub, tier, autoRenew: true, cancelledAt: null, pendingTier: null, pendingPlan: plan };
}

/** Spec 1: a downgrade applies at the end of the current period (and keeps the plan renewing). */
async function downgraded(
  tx: Tx,
  sub: SubscriptionRecord,
  tier: TierName,
): Promise<SubscriptionRecord> {
  if (TIER_RANK[tier] >= TIER_RANK[sub.tier]) {
    throw badTier(`A downgrade must be to a lower tier than ${sub.tier}, got ${tier}`);
  }
  const plan = await latestPlan(tx, tier, sub.planVersion?.billingPeriod ?? 'monthly');
  const renew = tier !== 'Free';
  return {
    ...sub,
    autoRenew: renew || sub.autoRenew,
    cancelledAt: renew ? null : sub.cancelledAt,
    pendingTier: tier,
    pendingPlan: plan,
  };
}

/** Spec 1: cancelling keeps access until the paid period ends; cancelling twice changes nothing. */
function cancelled(sub: SubscriptionRecord, now: Date): SubscriptionRecord {
  if (sub.tier === 'Free') {
    throw new ApiError(
      'invalid_parameter',
      'The account is on Free: there is no paid plan to cancel',
      {
        parameter: 'action',
      },
    );
  }
  if (!sub.autoRenew) {
    return sub;
  }
  return { ...sub, autoRenew: false, cancelledAt: now, pendingTier: null, pendingPlan: null };
}

/**
 * What a billing job does at the period end, now: a period that already ended is brought up to
 * date; a running one ends now (renewed, downgraded or fallen to Free). Free has nothing to renew.
 */
function renewed(
  stored: SubscriptionRecord,
  current: SubscriptionRecord,
  now: Date,
): SubscriptionRecord {
  if (current !== stored || current.periodEnd === null) {
    return current;
  }
  return rollover(current, now);
}

export function createSubscriptionsService({
  db,
  events,
  now: clock = () => new Date(),
}: {
  db: PrismaClient;
  events: AccessEvents;
  now?: () => Date;
}) {
  /** The account's tier, limits and subscription in force at `now` (read only). */
  async function getAccountAccess(accountId: number, now = clock()): Promise<AccountAccess> {
    const subscription = effectiveSubscription(await loadRecord(db, accountId), now);
    const limits = await db.tierLimit.findUnique({ where: { tier: subscription.tier } });
    if (!limits) {
      throw new Error(`tier_limits has no row for ${subscription.tier}: run the plan seed`);
    }
    return { accountId, tier: subscription.tier, limits, subscription };
  }

  async function change(
    accountId: number,
    next: (
      tx: Tx,
      stored: SubscriptionRecord,
      current: SubscriptionRecord,
      now: Date,
    ) => SubscriptionRecord | Promise<SubscriptionRecord>,
  ): Promise<SubscriptionView> {
    const now = clock();
    const result = await db.$transaction(async (tx) => {
      // One plan change at a time per account: the row lock serialises concurrent changes.
      await tx.$queryRaw`SELECT 1 FROM subscriptions WHERE account_id = ${accountId} FOR UPDATE`;
      const stored = await loadRecord(tx, accountId);
      const current = effectiveSubscription(stored, now);
      const updated = await next(tx, stored, current, now);
      await saveRecord(tx, accountId, updated);
      return updated;
    });
    await events.publish({ type: 'account-changed', accountId });
    return presentSubscription(effectiveSubscription(result, now));
  }

  return {
    getAccountAccess,
    upgrade: (accountId: number, tier: TierName) =>
      change(accountId, (tx, _stored, current, now) => upgraded(tx, current, tier, now)),
    downgrade: (accountId: number, tier: TierName) =>
      change(accountId, (tx, _stored, current) => downgraded(tx, current, tier)),
    cancel: (accountId: number) =>
      change(accountId, (_tx, _stored, current, now) => cancelled(current, now)),
    renew: (accountId: number) =>
      change(accountId, (_tx, stored, current, now) => renewed(stored, current, now)),
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
