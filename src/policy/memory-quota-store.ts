import {
  type CounterLimits,
  type QuotaStore,
  type RefundUnits,
  type Reservation,
  type ReserveInput,
  type ReserveOutcome,
  splitCost,
  type UsageSnapshot,
} from './quota-store.js';
import { hkDay, minuteWindow } from './windows.js';

type WindowInput = Omit<ReserveInput, 'cost' | 'freeEligible'>;

/**
 * Counters in this process. Single-threaded JavaScript makes check-and-advance atomic; windows
 * of past minutes and days are dropped as time moves on, so memory stays bounded by the number of
 * active keys and accounts.
 */
export type MemoryQuotaStore = QuotaStore & {
  /** Restores today's charged usage (from `daily_usage`) after a restart. */
  restore(
    rows: { accountId: number; keyId: number; day: string; plan: number; free: number }[],
    now: Date,
  ): void;
};

export function createMemoryQuotaStore(): MemoryQuotaStore {
  const minuteCounts = new Map<string, number>();
  const dayCounts = new Map<string, number>();
  let currentMinute = -1;
  let currentDay = '';

  const minuteKey = (keyId: number) => `${keyId}`;
  const quotaKey = (accountId: number) => `q:${accountId}`;
  const freeKey = (accountId: number) => `f:${accountId}`;
  const keyPlanKey = (accountId: number, keyId: number) => `kp:${accountId}:${keyId}`;
  const keyFreeKey = (accountId: number, keyId: number) => `kf:${accountId}:${keyId}`;

  function roll(now: Date) {
    const minute = minuteWindow(now);
    if (minute !== currentMinute) {
      currentMinute = minute;
      minuteCounts.clear();
    }
    const day = hkDay(now);
    if (day !== currentDay) {
      currentDay = day;
      dayCounts.clear();
    }
  }

  const add = (map: Map<string, number>, key: string, delta: number) =>
    map.set(key, Math.max(0, (map.get(key) ?? 0) + delta));

  function snapshot(accountId: number, keyId: number, limits: CounterLimits): UsageSnapshot {
    return {
      minute: { limit: limits.ratePerMinute, used: minuteCounts.get(minuteKey(keyId)) ?? 0 },
      quota: { limit: limits.dailyQuota, used: dayCounts.get(quotaKey(accountId)) ?? 0 },
      free: { limit: limits.freeMatchesDailyQuota, used: dayCounts.get(freeKey(accountId)) ?? 0 },
    };
  }

  async function reserve(input: ReserveInput): Promise<ReserveOutcome> {
    roll(input.now);
    const { accountId, keyId, cost, limits } = input;
    const before = snapshot(accountId, keyId, limits);
    if (before.minute.used + cost > limits.ratePerMinute) {
      return { admitted: false, reason: 'rate_limited', usage: before };
    }
    const split = splitCost(
      cost,
      input.freeEligible,
      before.free.used,
      limits.freeMatchesDailyQuota,
    );
    if (before.quota.used + split.plan > limits.dailyQuota) {
      return { admitted: false, reason: 'quota_exceeded', usage: before };
    }
    add(minuteCounts, minuteKey(keyId), cost);
    add(dayCounts, quotaKey(accountId), split.plan);
    add(dayCounts, freeKey(accountId), split.free);
    add(dayCounts, keyPlanKey(accountId, keyId), split.plan);
    add(dayCounts, keyFreeKey(accountId, keyId), split.free);
    const reservation: Reservation = {
      accountId,
      keyId,
      minute: currentMinute,
      day: currentDay,
      minuteUnits: cost,
      freeUnits: split.free,
      planUnits: split.plan,
    };
    return { admitted: true, reservation, usage: snapshot(accountId, keyId, limits) };
  }

  async function refund(reservation: Reservation, units: RefundUnits): Promise<void> {
    const { accountId, keyId } = reservation;
    if (units.minute && reservation.minute === currentMinute) {
      add(minuteCounts, minuteKey(keyId), -Math.min(units.minute, reservation.minuteUnits));
    }
    if (reservation.day !== currentDay) {
      return;
    }
    const free = Math.min(units.free ?? 0, reservation.freeUnits);
    const plan = Math.min(units.plan ?? 0, reservation.planUnits);
    add(dayCounts, freeKey(accountId), -free);
    add(dayCounts, keyFreeKey(accountId, keyId), -free);
    add(dayCounts, quotaKey(accountId), -plan);
    add(dayCounts, keyPlanKey(accountId, keyId), -plan);
  }

  async function chargeMinute(input: WindowInput): Promise<UsageSnapshot> {
    roll(input.now);
    add(minuteCounts, minuteKey(input.keyId), 1);
    return snapshot(input.accountId, input.keyId, input.limits);
  }

  async function peek(input: WindowInput): Promise<UsageSnapshot> {
    roll(input.now);
    return snapshot(input.accountId, input.keyId, input.limits);
  }

  async function usageByKey(accountId: number, now: Date) {
    roll(now);
    const result = new Map<number, { plan: number; free: number }>();
    for (const [key, value] of dayCounts) {
      const match = /^k([pf]):(\d+):(\d+)$/.exec(key);
      if (match && Number(match[2]) === accountId) {
        const keyId = Number(match[3]);
        const entry = result.get(keyId) ?? { plan: 0, free: 0 };
        entry[match[1] === 'p' ? 'plan' : 'free'] = value;
        result.set(keyId, entry);
      }
    }
    return result;
  }

  function restore(
    rows: { accountId: number; keyId: number; day: string; plan: number; free: number }[],
    now: Date,
  ) {
    roll(now);
    for (const row of rows.filter((r) => r.day === currentDay)) {
      add(dayCounts, quotaKey(row.accountId), row.plan);
      add(dayCounts, freeKey(row.accountId), row.free);
      add(dayCounts, keyPlanKey(row.accountId, row.keyId), row.plan);
      add(dayCounts, keyFreeKey(row.accountId, row.keyId), row.free);
    }
  }

  return {
    kind: 'memory',
    reserve,
    refund,
    chargeMinute,
    peek,
    usageByKey,
    restore,
    close: async () => {},
  };
}
