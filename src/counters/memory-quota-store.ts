import {
  type CounterLimits,
  type QuotaStore,
  type RefundUnits,
  type Reservation,
  type ReserveInput,
  type ReserveOutcome,
  splitCost,
  type UsageSnapshot,
  type WindowInput,
} from './quota-store.js';
import { hkDay, hkDayNumber, minuteWindow } from './windows.js';

/** A key's charged units of the day (for `touchline usage`). */
interface KeyDay {
  accountId: number;
  plan: number;
  free: number;
}

/** Today's charged usage of a key, as `daily_usage` recorded it. */
export interface ChargedRow {
  accountId: number;
  keyId: number;
  day: string;
  plan: number;
  free: number;
}

const add = <K>(map: Map<K, number>, key: K, delta: number) => {
  if (delta !== 0) {
    map.set(key, Math.max(0, (map.get(key) ?? 0) + delta));
  }
};

/**
 * Counters in this process. Single-threaded JavaScript makes check-and-advance atomic; windows
 * of past minutes and days are dropped as time moves on, so memory stays bounded by the number of
 * active keys and accounts.
 */
export class MemoryQuotaStore implements QuotaStore {
  readonly kind = 'memory' as const;
  /** keyId -> units of the current minute. */
  private readonly minuteCounts = new Map<number, number>();
  /** accountId -> plan units and free match-list units of the current day. */
  private readonly quotaUsed = new Map<number, number>();
  private readonly freeUsed = new Map<number, number>();
  /** keyId -> what the key was charged today. */
  private readonly keyDays = new Map<number, KeyDay>();
  private currentMinute = -1;
  private currentDayNumber = -1;
  private currentDay = '';

  reserve(input: ReserveInput): ReserveOutcome {
    this.roll(input.now);
    const { accountId, keyId, cost, limits } = input;
    const minuteUsed = this.minuteCounts.get(keyId) ?? 0;
    if (minuteUsed + cost > limits.ratePerMinute) {
      return {
        admitted: false,
        reason: 'rate_limited',
        usage: this.snapshot(accountId, keyId, limits),
      };
    }
    const split = splitCost(
      input.dailyCost ?? cost,
      input.freeEligible,
      this.freeUsed.get(accountId) ?? 0,
      limits.freeMatchesDailyQuota,
    );
    if ((this.quotaUsed.get(accountId) ?? 0) + split.plan > limits.dailyQuota) {
      return {
        admitted: false,
        reason: 'quota_exceeded',
        usage: this.snapshot(accountId, keyId, limits),
      };
    }
    add(this.minuteCounts, keyId, cost);
    add(this.quotaUsed, accountId, split.plan);
    add(this.freeUsed, accountId, split.free);
    this.addToKey(accountId, keyId, split.plan, split.free);
    const reservation: Reservation = {
      accountId,
      keyId,
      minute: this.currentMinute,
      day: this.currentDay,
      minuteUnits: cost,
      freeUnits: split.free,
      planUnits: split.plan,
    };
    return { admitted: true, reservation, usage: this.snapshot(accountId, keyId, limits) };
  }

  refund(reservation: Reservation, units: RefundUnits): void {
    const { accountId, keyId } = reservation;
    if (units.minute && reservation.minute === this.currentMinute) {
      add(this.minuteCounts, keyId, -Math.min(units.minute, reservation.minuteUnits));
    }
    if (reservation.day !== this.currentDay) {
      return;
    }
    const free = Math.min(units.free ?? 0, reservation.freeUnits);
    const plan = Math.min(units.plan ?? 0, reservation.planUnits);
    add(this.freeUsed, accountId, -free);
    add(this.quotaUsed, accountId, -plan);
    this.addToKey(accountId, keyId, -plan, -free);
  }

  async chargeMinute(input: WindowInput): Promise<UsageSnapshot> {
    this.roll(input.now);
    add(this.minuteCounts, input.keyId, 1);
    return this.snapshot(input.accountId, input.keyId, input.limits);
  }

  async peek(input: WindowInput): Promise<UsageSnapshot> {
    this.roll(input.now);
    return this.snapshot(input.accountId, input.keyId, input.limits);
  }

  async usageByKey(accountId: number, now: Date) {
    this.roll(now);
    const result = new Map<number, { plan: number; free: number }>();
    for (const [keyId, day] of this.keyDays) {
      if (day.accountId === accountId) {
        result.set(keyId, { plan: day.plan, free: day.free });
      }
    }
    return result;
  }

  /** Restores today's charged usage (from `daily_usage`) after a restart. */
  restore(rows: ChargedRow[], now: Date): void {
    this.roll(now);
    for (const row of rows.filter((r) => r.day === this.currentDay)) {
      add(this.quotaUsed, row.accountId, row.plan);
      add(this.freeUsed, row.accountId, row.free);
      this.addToKey(row.accountId, row.keyId, row.plan, row.free);
    }
  }

  async close(): Promise<void> {}

  /** Moves to the windows of `now`; the day's string is only computed when the day changes. */
  private roll(now: Date): void {
    const minute = minuteWindow(now);
    if (minute !== this.currentMinute) {
      this.currentMinute = minute;
      this.minuteCounts.clear();
    }
    const dayNumber = hkDayNumber(now);
    if (dayNumber !== this.currentDayNumber) {
      this.currentDayNumber = dayNumber;
      this.currentDay = hkDay(now);
      this.quotaUsed.clear();
      this.freeUsed.clear();
      this.keyDays.clear();
    }
  }

  private addToKey(accountId: number, keyId: number, plan: number, free: number): void {
    let day = this.keyDays.get(keyId);
    if (!day) {
      day = { accountId, plan: 0, free: 0 };
      this.keyDays.set(keyId, day);
    }
    day.plan = Math.max(0, day.plan + plan);
    day.free = Math.max(0, day.free + free);
  }

  private snapshot(accountId: number, keyId: number, limits: CounterLimits): UsageSnapshot {
    return {
      minute: { limit: limits.ratePerMinute, used: this.minuteCounts.get(keyId) ?? 0 },
      quota: { limit: limits.dailyQuota, used: this.quotaUsed.get(accountId) ?? 0 },
      free: { limit: limits.freeMatchesDailyQuota, used: this.freeUsed.get(accountId) ?? 0 },
    };
  }
}
