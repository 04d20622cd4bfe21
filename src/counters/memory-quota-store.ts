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
import { hkDay, hkDayNumber, minuteWindow } from './windows.js';

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

/** A key's charged units of the day (for `touchline usage`). */
interface KeyDay {
  accountId: number;
  plan: number;
  free: number;
}

export function createMemoryQuotaStore(): MemoryQuotaStore {
  /** keyId -> units of the current minute. */
  const minuteCounts = new Map<number, number>();
  /** accountId -> plan units and free match-list units of the current day. */
  const quotaUsed = new Map<number, number>();
  const freeUsed = new Map<number, number>();
  /** keyId -> what the key was charged today. */
  const keyDays = new Map<number, KeyDay>();
  let currentMinute = -1;
  let currentDayNumber = -1;
  let currentDay = '';

  /** Moves to the windows of `now`; the day's string is only computed when the day changes. */
  function roll(now: Date) {
    const minute = minuteWindow(now);
    if (minute !== currentMinute) {
      currentMinute = minute;
      minuteCounts.clear();
    }
    const dayNumber = hkDayNumber(now);
    if (dayNumber !== currentDayNumber) {
      currentDayNumber = dayNumber;
      currentDay = hkDay(now);
      quotaUsed.clear();
      freeUsed.clear();
      keyDays.clear();
    }
  }

  const add = <K>(map: Map<K, number>, key: K, delta: number) => {
    if (delta !== 0) {
      map.set(key, Math.max(0, (map.get(key) ?? 0) + delta));
    }
  };

  function addToKey(accountId: number, keyId: number, plan: number, free: number) {
    let day = keyDays.get(keyId);
    if (!day) {
      day = { accountId, plan: 0, free: 0 };
      keyDays.set(keyId, day);
    }
    day.plan = Math.max(0, day.plan + plan);
    day.free = Math.max(0, day.free + free);
  }

  function snapshot(accountId: number, keyId: number, limits: CounterLimits): UsageSnapshot {
    return {
      minute: { limit: limits.ratePerMinute, used: minuteCounts.get(keyId) ?? 0 },
      quota: { limit: limits.dailyQuota, used: quotaUsed.get(accountId) ?? 0 },
      free: { limit: limits.freeMatchesDailyQuota, used: freeUsed.get(accountId) ?? 0 },
    };
  }

  function reserve(input: ReserveInput): ReserveOutcome {
    roll(input.now);
    const { accountId, keyId, cost, limits } = input;
    const minuteUsed = minuteCounts.get(keyId) ?? 0;
    if (minuteUsed + cost > limits.ratePerMinute) {
      return { admitted: false, reason: 'rate_limited', usage: snapshot(accountId, keyId, limits) };
    }
    const split = splitCost(
      input.dailyCost ?? cost,
      input.freeEligible,
      freeUsed.get(accountId) ?? 0,
      limits.freeMatchesDailyQuota,
    );
    if ((quotaUsed.get(accountId) ?? 0) + split.plan > limits.dailyQuota) {
      return {
        admitted: false,
        reason: 'quota_exceeded',
        usage: snapshot(accountId, keyId, limits),
      };
    }
    add(minuteCounts, keyId, cost);
    add(quotaUsed, accountId, split.plan);
    add(freeUsed, accountId, split.free);
    addToKey(accountId, keyId, split.plan, split.free);
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

  function refund(reservation: Reservation, units: RefundUnits): void {
    const { accountId, keyId } = reservation;
    if (units.minute && reservation.minute === currentMinute) {
      add(minuteCounts, keyId, -Math.min(units.minute, reservation.minuteUnits));
    }
    if (reservation.day !== currentDay) {
      return;
    }
    const free = Math.min(units.free ?? 0, reservation.freeUnits);
    const plan = Math.min(units.plan ?? 0, reservation.planUnits);
    add(freeUsed, accountId, -free);
    add(quotaUsed, accountId, -plan);
    addToKey(accountId, keyId, -plan, -free);
  }

  async function chargeMinute(input: WindowInput): Promise<UsageSnapshot> {
    roll(input.now);
    add(minuteCounts, input.keyId, 1);
    return snapshot(input.accountId, input.keyId, input.limits);
  }

  async function peek(input: WindowInput): Promise<UsageSnapshot> {
    roll(input.now);
    return snapshot(input.accountId, input.keyId, input.limits);
  }

  async function usageByKey(accountId: number, now: Date) {
    roll(now);
    const result = new Map<number, { plan: number; free: number }>();
    for (const [keyId, day] of keyDays) {
      if (day.accountId === accountId) {
        result.set(keyId, { plan: day.plan, free: day.free });
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
      add(quotaUsed, row.accountId, row.plan);
      add(freeUsed, row.accountId, row.free);
      addToKey(row.accountId, row.keyId, row.plan, row.free);
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
