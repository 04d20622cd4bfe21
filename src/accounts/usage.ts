import type { QuotaStore } from '../counters/quota-store.js';
import { hkDay } from '../counters/windows.js';
import type { PrismaClient } from '../db/generated/client.js';
import { type KeyStatus, keyStatus } from './keys.js';
import type { SubscriptionsService } from './subscriptions/subscriptions.js';
import type { TierName } from './tiers.js';
import { createUsageSeries } from './usage-series.js';

interface Allowance {
  limit: number;
  used: number;
  remaining: number;
}

interface KeyUsage {
  keyId: number;
  prefix: string;
  hint: string;
  status: KeyStatus;
  /** Plan-quota requests of this key today. */
  plan: number;
  /** Free match-list requests of this key today. */
  freeMatches: number;
}

export interface AccountUsage {
  accountId: number;
  tier: TierName;
  /** The Hong Kong day counted (spec 8.2 rule 1). */
  day: string;
  /** `counters`: the live quota store; `daily_usage`: what the usage recorder has flushed. */
  source: 'counters' | 'daily_usage';
  quota: Allowance;
  freeMatches: Allowance;
  keys: KeyUsage[];
}

export type CounterReader = Pick<QuotaStore, 'usageByKey'>;

const allowance = (limit: number, used: number): Allowance => ({
  limit,
  used,
  remaining: Math.max(0, limit - used),
});

/**
 * Spec 8.2: today's usage of an account, per Hong Kong day. Daily usage belongs to the account,
 * so revoked and replaced keys still count. With a quota store (the serving process, or Redis)
 * the counters are read live; otherwise the `daily_usage` rows the usage recorder flushes.
 */
export function createUsageService({
  db,
  subscriptions,
  quotaStore,
  now: clock = () => new Date(),
}: {
  db: PrismaClient;
  subscriptions: Pick<SubscriptionsService, 'getAccountAccess'>;
  /** The live counters, when this process can see them (read at each call: built after us). */
  quotaStore?: (() => CounterReader | undefined) | undefined;
  now?: () => Date;
}) {
  async function countsByKey(accountId: number, now: Date, day: string) {
    const store = quotaStore?.();
    if (store) {
      return store.usageByKey(accountId, now);
    }
    return tableCounts(accountId, day);
  }

  async function tableCounts(accountId: number, day: string) {
    const rows = await db.dailyUsage.findMany({
      where: { accountId, day: new Date(`${day}T00:00:00Z`) },
    });
    return new Map(rows.map((r) => [r.keyId, { plan: r.planRequests, free: r.freeMatchRequests }]));
  }

  async function usage(accountId: number, now = clock()): Promise<AccountUsage> {
    const { tier, limits } = await subscriptions.getAccountAccess(accountId, now);
    const day = hkDay(now);
    const live = quotaStore?.() !== undefined;
    const counts = await countsByKey(accountId, now, day);
    const keys = await db.apiKey.findMany({ where: { accountId }, orderBy: { id: 'desc' } });
    const perKey = keys
      .filter((k) => k.revokedAt === null || counts.has(k.id))
      .map((k): KeyUsage => {
        const c = counts.get(k.id);
        return {
          keyId: k.id,
          prefix: k.prefix,
          hint: k.hint,
          status: keyStatus(k, now),
          plan: c?.plan ?? 0,
          freeMatches: c?.free ?? 0,
        };
      });
    const sum = (pick: (c: { plan: number; free: number }) => number) =>
      [...counts.values()].reduce((total, c) => total + pick(c), 0);
    return {
      accountId,
      tier,
      day,
      source: live ? 'counters' : 'daily_usage',
      quota: allowance(
        limits.dailyQuota,
        sum((c) => c.plan),
      ),
      freeMatches: allowance(
        limits.freeMatchesDailyQuota,
        sum((c) => c.free),
      ),
      keys: perKey,
    };
  }

  // The history the dashboard's charts read (usage-series.ts): the same counters and tables.
  const { dailySeries, minuteSeries } = createUsageSeries({
    db,
    subscriptions,
    quotaStore,
    now: clock,
  });

  return { usage, dailySeries, minuteSeries };
}

export type UsageService = ReturnType<typeof createUsageService>;
