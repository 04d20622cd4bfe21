import type { PlanVersion } from '../../db/generated/client.js';
import type { TierName } from '../tiers.js';

/** A plan version as a subscription needs it. */
export type PlanRef = Pick<PlanVersion, 'id' | 'planCode' | 'tier' | 'billingPeriod' | 'months'>;

/** A subscription row with its current and pending plan versions (Prisma `include` shape). */
export interface SubscriptionRecord {
  tier: TierName;
  planVersion: PlanRef | null;
  periodStart: Date;
  /** End of the paid period; null on Free (no period, nothing renews). */
  periodEnd: Date | null;
  autoRenew: boolean;
  cancelledAt: Date | null;
  /** A downgrade waiting for the period end (spec 1). */
  pendingTier: TierName | null;
  /** The plan version the next period is billed at (an upgrade's price, a downgrade's plan). */
  pendingPlan: PlanRef | null;
  /** A renewal payment failed: Free from this moment unless it is paid first. */
  graceUntil: Date | null;
}

/** DECISIONS.md "Accounts on the web": a failed renewal leaves 3 days of grace. */
export const GRACE_MS = 3 * 24 * 60 * 60 * 1000;

/** Calendar months later, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** The Free state: no plan, no period, nothing pending. */
export function freeSubscription(since: Date): SubscriptionRecord {
  return {
    tier: 'Free',
    planVersion: null,
    periodStart: since,
    periodEnd: null,
    autoRenew: false,
    cancelledAt: null,
    pendingTier: null,
    pendingPlan: null,
    graceUntil: null,
  };
}

/** A new paid period of `plan` starting at `start`, renewing automatically. */
export function paidPeriod(tier: TierName, plan: PlanRef | null, start: Date): SubscriptionRecord {
  return {
    tier,
    planVersion: plan,
    periodStart: start,
    periodEnd: addMonths(start, plan?.months ?? 1),
    autoRenew: true,
    cancelledAt: null,
    pendingTier: null,
    pendingPlan: null,
    graceUntil: null,
  };
}

/**
 * What happens when the period ends at `boundary` (spec 1): a cancelled plan or a downgrade to
 * Free falls to Free; otherwise the plan renews for one more period, at the pending tier and
 * plan version if a downgrade or an upgrade's new price is waiting.
 */
export function rollover(sub: SubscriptionRecord, boundary: Date): SubscriptionRecord {
  const tier = sub.pendingTier ?? sub.tier;
  if (!sub.autoRenew || tier === 'Free') {
    return freeSubscription(boundary);
  }
  // A grace that runs past the boundary still ends the plan, in the new period.
  const graceUntil = sub.graceUntil && sub.graceUntil > boundary ? sub.graceUntil : null;
  return { ...paidPeriod(tier, sub.pendingPlan ?? sub.planVersion, boundary), graceUntil };
}

/** Whether the grace of a failed renewal ends before the period does (and by `now`). */
const graceEndsFirst = (
  sub: SubscriptionRecord,
  now: Date,
): sub is SubscriptionRecord & {
  graceUntil: Date;
} =>
  sub.graceUntil !== null &&
  sub.graceUntil <= now &&
  (sub.periodEnd === null || sub.graceUntil <= sub.periodEnd);

/** Enough periods to cover centuries of monthly renewals; a guard, not a rule. */
const MAX_ROLLOVERS = 12 * 1000;

/**
 * The subscription in force at `now` (spec 1): every period end up to `now` is applied in turn,
 * so a stored row that no billing job has touched still answers correctly. A renewal is assumed
 * paid unless the provider says it failed: then the grace's end, when it comes first, makes the
 * account Free (its key stays valid). Pure.
 */
export function effectiveSubscription(sub: SubscriptionRecord, now: Date): SubscriptionRecord {
  let current = sub;
  for (let i = 0; i < MAX_ROLLOVERS; i++) {
    if (graceEndsFirst(current, now)) {
      return freeSubscription(current.graceUntil);
    }
    if (!current.periodEnd || current.periodEnd > now) {
      break;
    }
    current = rollover(current, current.periodEnd);
  }
  return current;
}

/** The subscription as the CLI and admin API show it (ISO dates, absent fields omitted). */
export interface SubscriptionView {
  tier: TierName;
  status: 'free' | 'active' | 'cancelled' | 'past_due';
  planVersionId?: number;
  planCode?: string;
  periodStart: string;
  periodEnd?: string;
  autoRenew: boolean;
  cancelledAt?: string;
  pendingTier?: TierName;
  pendingPlanVersionId?: number;
  pendingPlanCode?: string;
  /** A renewal payment failed: the account falls to Free then unless it is paid. */
  graceUntil?: string;
}

export function presentSubscription(sub: SubscriptionRecord): SubscriptionView {
  const status =
    sub.tier === 'Free'
      ? 'free'
      : sub.graceUntil
        ? 'past_due'
        : sub.autoRenew
          ? 'active'
          : 'cancelled';
  return {
    tier: sub.tier,
    status,
    ...(sub.planVersion
      ? { planVersionId: sub.planVersion.id, planCode: sub.planVersion.planCode }
      : {}),
    periodStart: sub.periodStart.toISOString(),
    ...(sub.periodEnd ? { periodEnd: sub.periodEnd.toISOString() } : {}),
    autoRenew: sub.autoRenew,
    ...(sub.cancelledAt ? { cancelledAt: sub.cancelledAt.toISOString() } : {}),
    ...(sub.pendingTier ? { pendingTier: sub.pendingTier } : {}),
    ...(sub.pendingPlan
      ? { pendingPlanVersionId: sub.pendingPlan.id, pendingPlanCode: sub.pendingPlan.planCode }
      : {}),
    ...(sub.graceUntil ? { graceUntil: sub.graceUntil.toISOString() } : {}),
  };
}
