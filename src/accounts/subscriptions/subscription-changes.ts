import type { BillingPeriod } from '../../db/generated/client.js';
import { ApiError } from '../../errors/api-error.js';
import { TIER_RANK, type TierName } from '../tiers.js';
import {
  GRACE_MS,
  type PlanRef,
  paidPeriod,
  rollover,
  type SubscriptionRecord,
} from './subscription-state.js';
import { latestPlan, type Tx } from './subscription-store.js';

/** The plan changes of spec 1 as steps over the subscription in force (subscription-store.ts). */

const badTier = (detail: string) =>
  new ApiError('invalid_parameter', detail, { parameter: 'tier' });

const badAction = (detail: string) =>
  new ApiError('invalid_parameter', detail, { parameter: 'action' });

/** The billing period a change to another tier keeps (monthly when coming from Free). */
export const periodOf = (sub: SubscriptionRecord): BillingPeriod =>
  sub.planVersion?.billingPeriod ?? 'monthly';

export function checkUpgrade(sub: SubscriptionRecord, tier: TierName): void {
  if (TIER_RANK[tier] <= TIER_RANK[sub.tier]) {
    throw badTier(`An upgrade must be to a higher tier than ${sub.tier}, got ${tier}`);
  }
}

/**
 * Spec 1: an upgrade raises allowances at once (once paid); `plan`'s price applies from the next
 * renewal. From Free nothing was paid yet: the first paid period starts now, at that price.
 */
export function upgradedTo(
  sub: SubscriptionRecord,
  tier: TierName,
  plan: PlanRef | null,
  now: Date,
): SubscriptionRecord {
  checkUpgrade(sub, tier);
  if (sub.tier === 'Free') {
    return paidPeriod(tier, plan, now);
  }
  return { ...sub, tier, autoRenew: true, cancelledAt: null, pendingTier: null, pendingPlan: plan };
}

export async function upgraded(
  tx: Tx,
  sub: SubscriptionRecord,
  tier: TierName,
  now: Date,
): Promise<SubscriptionRecord> {
  checkUpgrade(sub, tier);
  return upgradedTo(sub, tier, await latestPlan(tx, tier, periodOf(sub)), now);
}

/** Spec 1: a downgrade applies at the end of the current period (and keeps the plan renewing). */
export async function downgraded(
  tx: Tx,
  sub: SubscriptionRecord,
  tier: TierName,
): Promise<SubscriptionRecord> {
  if (TIER_RANK[tier] >= TIER_RANK[sub.tier]) {
    throw badTier(`A downgrade must be to a lower tier than ${sub.tier}, got ${tier}`);
  }
  const plan = await latestPlan(tx, tier, periodOf(sub));
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
export function cancelled(sub: SubscriptionRecord, now: Date): SubscriptionRecord {
  if (sub.tier === 'Free') {
    throw badAction('The account is on Free: there is no paid plan to cancel');
  }
  if (!sub.autoRenew) {
    return sub;
  }
  return { ...sub, autoRenew: false, cancelledAt: now, pendingTier: null, pendingPlan: null };
}

/** Whether a cancellation or a downgrade waits for the period end (what `resume` undoes). */
const hasPendingEnd = (sub: SubscriptionRecord): boolean =>
  sub.tier !== 'Free' && (!sub.autoRenew || sub.pendingTier !== null);

/**
 * Undoes a pending cancellation or downgrade before the period end: the plan renews at its
 * tier. The next period is billed at the tier's newest plan when the current version is of
 * another tier (an upgrade's price, which the cancellation had dropped).
 */
export async function resumed(tx: Tx, sub: SubscriptionRecord): Promise<SubscriptionRecord> {
  if (!hasPendingEnd(sub)) {
    throw badAction(
      sub.tier === 'Free'
        ? 'The account is on Free: there is no paid plan to resume'
        : 'Nothing to resume: the plan renews and no downgrade is pending',
    );
  }
  const pendingPlan =
    sub.planVersion?.tier === sub.tier ? null : await latestPlan(tx, sub.tier, periodOf(sub));
  return { ...sub, autoRenew: true, cancelledAt: null, pendingTier: null, pendingPlan };
}

/**
 * What a billing job does at the period end, now: a period that already ended is brought up to
 * date; a running one ends now (renewed, downgraded or fallen to Free). Free has nothing to renew.
 */
export function renewed(
  stored: SubscriptionRecord,
  current: SubscriptionRecord,
  now: Date,
): SubscriptionRecord {
  if (current !== stored || current.periodEnd === null) {
    return current;
  }
  return rollover(current, now);
}

/**
 * A renewal payment failed (DECISIONS.md "Accounts on the web"): 3 days of grace from `at`, then
 * Free. A grace already running is not extended by further failures.
 */
export function renewalFailed(sub: SubscriptionRecord, at: Date): SubscriptionRecord {
  if (sub.tier === 'Free') {
    throw badAction('The account is on Free: there is no renewal to fail');
  }
  if (sub.graceUntil) {
    return sub;
  }
  return { ...sub, graceUntil: new Date(at.getTime() + GRACE_MS) };
}

/** The renewal was paid after all: the grace ends and the plan goes on. */
export const renewalPaid = (sub: SubscriptionRecord): SubscriptionRecord =>
  sub.graceUntil ? { ...sub, graceUntil: null } : sub;
