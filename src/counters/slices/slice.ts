import type { CounterLimits, ReserveInput, UsageSnapshot } from '../quota-store.js';
import { hkDay, minuteWindow } from '../windows.js';

/** Slices are handed out only while this many units per sharing instance are left in a window. */
export const MIN_ROOM_PER_INSTANCE = 64;
/**
 * Slices are for busy keys: one is asked for only when the key had a request this recently, and
 * it goes back once the key has been idle this long, so units never sit unused for long where
 * another instance could be refused for want of them (it waits for them, redis-quota-store.ts).
 */
export const BUSY_WITHIN_MS = 5;
/** A slice is at most this share of what is left (1 / (this x instances)). */
export const SLICE_SHARE = 4;
export const MAX_MINUTE_SLICE = 1024;
export const MAX_DAY_SLICE = 1024;
/** Under this much left, a window's slice is low (counter-slices.ts `low`). */
export const LOW_MINUTE = MAX_MINUTE_SLICE / 2;
export const LOW_DAY = MAX_DAY_SLICE / 2;

/** Units of a key's minute, plan quota and free allowance. */
export interface SliceUnits {
  minute: number;
  plan: number;
  free: number;
}

export const zeroUnits = (): SliceUnits => ({ minute: 0, plan: 0, free: 0 });

/** What a key's slices served and gave back in one minute and day, not yet written to Redis. */
export interface SliceSettlement {
  accountId: number;
  keyId: number;
  minute: number;
  day: string;
  used: SliceUnits;
  returned: SliceUnits;
}

/** The slices this instance holds of one key's windows. */
export interface Slice {
  accountId: number;
  keyId: number;
  limits: CounterLimits;
  minute: number;
  minuteLeft: number;
  /** What Redis said the window had given out (used, plus slices of every instance) at our last call. */
  minuteGiven: number;
  day: string;
  planLeft: number;
  freeLeft: number;
  quotaGiven: number;
  freeGiven: number;
  lastUsedMs: number;
  /** The windows Redis last granted slices of (a refill is asked for those only). */
  minuteSliced: boolean;
  daySliced: boolean;
  /** The settlement it last added to, and the pending map that held it (slice-settlements.ts). */
  settlement: SliceSettlement | undefined;
  settlementIn: Map<string, SliceSettlement> | undefined;
}

/** An empty slice of the key's windows of `input.now`. */
export const emptySlice = (input: ReserveInput, nowMs: number): Slice => ({
  accountId: input.accountId,
  keyId: input.keyId,
  limits: input.limits,
  minute: minuteWindow(input.now),
  minuteLeft: 0,
  minuteGiven: 0,
  day: hkDay(input.now),
  planLeft: 0,
  freeLeft: 0,
  quotaGiven: 0,
  freeGiven: 0,
  lastUsedMs: nowMs,
  minuteSliced: false,
  daySliced: false,
  settlement: undefined,
  settlementIn: undefined,
});

export const sameLimits = (a: CounterLimits, b: CounterLimits) =>
  a.ratePerMinute === b.ratePerMinute &&
  a.dailyQuota === b.dailyQuota &&
  a.freeMatchesDailyQuota === b.freeMatchesDailyQuota;

/** Moves a slice to the windows of `now`: the unused part of an ended window lapses with it. */
export function roll(s: Slice, now: Date): void {
  const minute = minuteWindow(now);
  if (s.minute !== minute) {
    s.minute = minute;
    s.minuteLeft = 0;
    s.minuteGiven = 0;
  }
  const day = hkDay(now);
  if (s.day !== day) {
    s.day = day;
    s.planLeft = 0;
    s.freeLeft = 0;
    s.quotaGiven = 0;
    s.freeGiven = 0;
  }
}

/** The key's usage as this instance sees it: what was given out, less what its slice still holds. */
export function usageOf(s: Slice): UsageSnapshot {
  return {
    minute: { limit: s.limits.ratePerMinute, used: s.minuteGiven - s.minuteLeft },
    quota: { limit: s.limits.dailyQuota, used: s.quotaGiven - s.planLeft },
    free: { limit: s.limits.freeMatchesDailyQuota, used: s.freeGiven - s.freeLeft },
  };
}

/** The reply of RESERVE_SCRIPT for one request (redis-reserve-batcher.ts `Reply`). */
export interface GrantReply {
  minuteGiven: number;
  quotaGiven: number;
  freeGiven: number;
  minuteSlice: number;
  planSlice: number;
  freeSlice: number;
}

/** The minute, plan and free slices a request asks for, and the divisor that sizes them. */
export type Wanted = readonly [minute: number, plan: number, free: number, divisor: number];

/**
 * The slices a busy key's request asks for: none of a window while what is left of it is below
 * MIN_ROOM_PER_INSTANCE per instance (near a limit every request is decided in Redis), none of
 * the day while the key still holds half a day slice (`s`: its slice, if it has one).
 */
export function sliceSizes(input: ReserveInput, s: Slice | undefined, instances: number): Wanted {
  const sameDay = s !== undefined && s.day === hkDay(input.now);
  const minRoom = MIN_ROOM_PER_INSTANCE * instances;
  const { limits } = input;
  const minute = limits.ratePerMinute >= minRoom ? MAX_MINUTE_SLICE : 0;
  const plan =
    limits.dailyQuota >= minRoom && !(sameDay && s.planLeft >= LOW_DAY) ? MAX_DAY_SLICE : 0;
  const free =
    limits.freeMatchesDailyQuota >= minRoom &&
    input.freeEligible > 0 &&
    !(sameDay && s.freeLeft >= LOW_DAY)
      ? MAX_DAY_SLICE
      : 0;
  return [minute, plan, free, SLICE_SHARE * instances];
}
