import type { PrismaClient, TierLimit } from '../../db/generated/client.js';
import type { EventBus } from '../../events/event-bus.js';
import { type ChangeAuthor, recordAudit } from '../audit.js';
import type { TierName } from '../tiers.js';
import { cancelled, downgraded, renewed, resumed, upgraded } from './subscription-changes.js';
import {
  effectiveSubscription,
  presentSubscription,
  type SubscriptionRecord,
  type SubscriptionView,
} from './subscription-state.js';
import { applySubscriptionStep, loadRecord, type SubscriptionStep } from './subscription-store.js';

export { effectiveSubscription } from './subscription-state.js';

export interface AccountAccess {
  accountId: number;
  tier: TierName;
  limits: TierLimit;
  subscription: SubscriptionRecord;
}

type PlanAction =
  | 'upgrade'
  | 'downgrade'
  | 'cancel'
  | 'renew'
  | 'resume'
  | 'renewal-failed'
  | 'renewal-paid';

/** Changes made without saying who made them: the operator's tools. */
export const OPERATOR: ChangeAuthor = { actor: 'operator' };

export function createSubscriptionsService({
  db,
  events,
  now: clock = () => new Date(),
}: {
  db: PrismaClient;
  events: EventBus;
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

  /** One change, audited in its transaction; every instance's account cache hears of it. */
  async function change(
    accountId: number,
    action: PlanAction,
    by: ChangeAuthor,
    next: SubscriptionStep,
    detail: Record<string, string> = {},
  ): Promise<SubscriptionView> {
    const now = clock();
    const { after } = await db.$transaction(async (tx) => {
      const result = await applySubscriptionStep(tx, accountId, now, next);
      await recordAudit(tx, { ...by, accountId, action: `plan.${action}`, detail });
      return result;
    });
    await events.publish({ type: 'account-changed', accountId });
    return presentSubscription(effectiveSubscription(after, now));
  }

  return {
    getAccountAccess,
    change,
    /** The operator's upgrade stands for a confirmed payment: allowances rise at once. */
    upgrade: (accountId: number, tier: TierName, by = OPERATOR) =>
      change(accountId, 'upgrade', by, (tx, _s, current, now) => upgraded(tx, current, tier, now), {
        tier,
      }),
    downgrade: (accountId: number, tier: TierName, by = OPERATOR) =>
      change(accountId, 'downgrade', by, (tx, _s, current) => downgraded(tx, current, tier), {
        tier,
      }),
    cancel: (accountId: number, by = OPERATOR) =>
      change(accountId, 'cancel', by, (_tx, _s, current, now) => cancelled(current, now)),
    resume: (accountId: number, by = OPERATOR) =>
      change(accountId, 'resume', by, (tx, _s, current) => resumed(tx, current)),
    renew: (accountId: number, by = OPERATOR) =>
      change(accountId, 'renew', by, (_tx, stored, current, now) => renewed(stored, current, now)),
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
