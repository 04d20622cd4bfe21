import type {
  CounterLimits,
  RefundUnits,
  Reservation,
  ReserveInput,
  ReserveOutcome,
  UsageSnapshot,
} from './quota-store.js';
import { hkDay, minuteWindow } from './windows.js';

/**
 * Slices of the shared counters held by this instance (docs/access.md "Counter slices"). Redis
 * hands an instance, beside a request it admits, a few units of the key's minute and of the
 * account's day (counted there as given out, so the instances together can never pass a limit);
 * the next requests of that key are admitted from the slice in process, with no round trip. What
 * a slice served is written to the counters in the background (SETTLE_SCRIPT), and what it did
 * not serve goes back within milliseconds of its key idling, and when the instance stops.
 */

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
const LOW_MINUTE = MAX_MINUTE_SLICE / 2;
const LOW_DAY = MAX_DAY_SLICE / 2;

interface Slice {
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
  /** The settlement it last added to, and the pending map that held it (settlementOf). */
  settlement: SliceSettlement | undefined;
  settlementIn: Map<string, SliceSettlement> | undefined;
}

/** What a key's slices served and gave back in one minute and day, not yet written to Redis. */
export interface SliceSettlement {
  accountId: number;
  keyId: number;
  minute: number;
  day: string;
  used: { minute: number; plan: number; free: number };
  returned: { minute: number; plan: number; free: number };
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

interface Returning {
  accountId: number;
  minute: number;
  day: string;
  units: { minute: number; plan: number; free: number };
}

const sameLimits = (a: CounterLimits, b: CounterLimits) =>
  a.ratePerMinute === b.ratePerMinute &&
  a.dailyQuota === b.dailyQuota &&
  a.freeMatchesDailyQuota === b.freeMatchesDailyQuota;

const zero = () => ({ minute: 0, plan: 0, free: 0 });

export function createCounterSlices(options: { instances: () => number; nowMs?: () => number }) {
  const nowMs = options.nowMs ?? Date.now;
  const slices = new Map<number, Slice>();
  /** Keys with a request in Redis that asked for slices. */
  const asking = new Set<number>();
  /** When each key last went to Redis (a key is busy when it goes again within BUSY_WITHIN_MS). */
  const lastAsked = new Map<number, number>();
  let pending = new Map<string, SliceSettlement>();
  /**
   * Units given back by a release and not yet taken off the lease counters in Redis: until then
   * Redis still counts them as given out, and a reply's figures would overstate what was used.
   */
  const returning = new Map<number, Returning>();

  function settlementOf(s: Slice, minute: number, day: string): SliceSettlement {
    // A busy key adds to the same entry request after request: found without building its id
    // while the pending map is the one it was put in (drain replaces the map).
    const last = s.settlement;
    if (last && s.settlementIn === pending && last.minute === minute && last.day === day) {
      return last;
    }
    const entry = settlementIn(s, minute, day);
    s.settlement = entry;
    s.settlementIn = pending;
    return entry;
  }

  function settlementIn(s: Slice, minute: number, day: string): SliceSettlement {
    const id = `${s.keyId}:${minute}:${day}`;
    let entry = pending.get(id);
    if (!entry) {
      entry = {
        accountId: s.accountId,
        keyId: s.keyId,
        minute,
        day,
        used: zero(),
        returned: zero(),
      };
      pending.set(id, entry);
    }
    return entry;
  }

  /** Moves a slice to the windows of `now`: the unused part of an ended window lapses with it. */
  function roll(s: Slice, now: Date) {
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

  function usageOf(s: Slice): UsageSnapshot {
    return {
      minute: { limit: s.limits.ratePerMinute, used: s.minuteGiven - s.minuteLeft },
      quota: { limit: s.limits.dailyQuota, used: s.quotaGiven - s.planLeft },
      free: { limit: s.limits.freeMatchesDailyQuota, used: s.freeGiven - s.freeLeft },
    };
  }

  /** The key's units on their way back to Redis in the windows of `minute` and `day`. */
  function returningIn(keyId: number, minute: number, day: string) {
    const r = returning.get(keyId);
    return {
      minute: r && r.minute === minute ? r.units.minute : 0,
      plan: r && r.day === day ? r.units.plan : 0,
      free: r && r.day === day ? r.units.free : 0,
    };
  }

  function noteReturning(s: Slice) {
    let r = returning.get(s.keyId);
    if (!r) {
      r = { accountId: s.accountId, minute: s.minute, day: s.day, units: zero() };
      returning.set(s.keyId, r);
    }
    if (r.minute !== s.minute) {
      r.minute = s.minute;
      r.units.minute = 0;
    }
    if (r.day !== s.day) {
      r.day = s.day;
      r.units.plan = 0;
      r.units.free = 0;
    }
    r.units.minute += s.minuteLeft;
    r.units.plan += s.planLeft;
    r.units.free += s.freeLeft;
  }

  /** Redis has applied these settlements: what they returned is no longer counted as given. */
  function settled(entries: readonly SliceSettlement[]) {
    for (const e of entries) {
      const r = returning.get(e.keyId);
      if (!r) {
        continue;
      }
      if (r.minute === e.minute) {
        r.units.minute = Math.max(0, r.units.minute - e.returned.minute);
      }
      if (r.day === e.day) {
        r.units.plan = Math.max(0, r.units.plan - e.returned.plan);
        r.units.free = Math.max(0, r.units.free - e.returned.free);
      }
      if (r.units.minute + r.units.plan + r.units.free === 0) {
        returning.delete(e.keyId);
      }
    }
  }

  /**
   * What this instance holds of the key's windows that Redis counts as given out (the slice's
   * unused units, and those on their way back): a reply's figures less these are what was used
   * as far as this instance can tell. Slices other instances hold stay counted.
   */
  function heldHere(input: ReserveInput) {
    const minute = minuteWindow(input.now);
    const day = hkDay(input.now);
    const held = returningIn(input.keyId, minute, day);
    const s = slices.get(input.keyId);
    if (s && sameLimits(s.limits, input.limits)) {
      held.minute += s.minute === minute ? s.minuteLeft : 0;
      held.plan += s.day === day ? s.planLeft : 0;
      held.free += s.day === day ? s.freeLeft : 0;
    }
    return held;
  }

  /** Gives a slice's unused units back (to be written with the next settlement). */
  function release(s: Slice) {
    noteReturning(s);
    const entry = settlementOf(s, s.minute, s.day);
    entry.returned.minute += s.minuteLeft;
    entry.returned.plan += s.planLeft;
    entry.returned.free += s.freeLeft;
    s.minuteLeft = 0;
    s.planLeft = 0;
    s.freeLeft = 0;
  }

  /**
   * Admits from the key's slices when they cover the whole request, at once; `undefined` when
   * Redis must decide. The free allowance is drawn first, as in Redis (spec 8.2 rule 3): a request
   * that could be free is not served from the plan slice while the allowance may have room.
   */
  function take(input: ReserveInput): ReserveOutcome | undefined {
    const s = slices.get(input.keyId);
    if (!s) {
      return undefined;
    }
    if (!sameLimits(s.limits, input.limits)) {
      release(s);
      slices.delete(input.keyId);
      return undefined;
    }
    roll(s, input.now);
    const cost = input.cost;
    const daily = Math.min(cost, input.dailyCost ?? cost);
    const freeWanted = Math.min(input.freeEligible, daily);
    const freeRoom = s.limits.freeMatchesDailyQuota - s.freeGiven;
    if (cost > s.minuteLeft || (freeWanted > s.freeLeft && freeRoom > 0)) {
      return undefined;
    }
    const free = Math.min(freeWanted, s.freeLeft);
    const plan = daily - free;
    if (plan > s.planLeft) {
      return undefined;
    }
    s.minuteLeft -= cost;
    s.freeLeft -= free;
    s.planLeft -= plan;
    s.lastUsedMs = nowMs();
    const used = settlementOf(s, s.minute, s.day).used;
    used.minute += cost;
    used.plan += plan;
    used.free += free;
    const reservation: Reservation = {
      accountId: s.accountId,
      keyId: s.keyId,
      minute: s.minute,
      day: s.day,
      minuteUnits: cost,
      freeUnits: free,
      planUnits: plan,
      // Redis counts these day units when the settlement reaches it (docs/operations.md).
      uncounted: true,
    };
    return { admitted: true, reservation, usage: usageOf(s) };
  }

  /**
   * Units given back by a request (304, 5xx, the unused part of a GraphQL bound) go into the
   * key's slice when it is still in the reservation's windows: counted in Redis either way, they
   * serve the next request. False when the slice has moved on (the caller refunds in Redis).
   */
  function giveBack(reservation: Reservation, units: RefundUnits): boolean {
    const s = slices.get(reservation.keyId);
    if (!s || s.minute !== reservation.minute || s.day !== reservation.day) {
      return false;
    }
    const minute = Math.min(units.minute ?? 0, reservation.minuteUnits);
    const plan = Math.min(units.plan ?? 0, reservation.planUnits);
    const free = Math.min(units.free ?? 0, reservation.freeUnits);
    s.minuteLeft += minute;
    s.planLeft += plan;
    s.freeLeft += free;
    const used = settlementOf(s, s.minute, s.day).used;
    used.minute -= minute;
    used.plan -= plan;
    used.free -= free;
    return true;
  }

  /**
   * The slices to ask for beside a request: none for a key that is not busy (unless `refill`),
   * none while another request of the key is already asking (a burst's concurrent first
   * requests would otherwise each take a slice), none while what is left of a window is below
   * MIN_ROOM_PER_INSTANCE per instance (near a limit every request is decided in Redis), none of
   * the day while the key still holds half a day slice. Then the divisor that sizes them. An
   * asking request calls `answered` when Redis has replied.
   */
  function wanted(input: ReserveInput, refill = false): Wanted {
    const instances = Math.max(1, options.instances());
    const at = nowMs();
    const busy =
      refill || at - (lastAsked.get(input.keyId) ?? Number.NEGATIVE_INFINITY) <= BUSY_WITHIN_MS;
    lastAsked.set(input.keyId, at);
    if (!busy || asking.has(input.keyId)) {
      return [0, 0, 0, 1];
    }
    const s = slices.get(input.keyId);
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
    if (minute + plan + free > 0) {
      asking.add(input.keyId);
    }
    return [minute, plan, free, SLICE_SHARE * instances];
  }

  /**
   * The key's slices run low (under half a slice left) where Redis grants them, and nothing is
   * asked yet: time to ask for more before they run out, so a busy key's requests keep being
   * served in process instead of all going to Redis together when the slice is gone.
   */
  function low(keyId: number): boolean {
    const s = slices.get(keyId);
    if (!s || asking.has(keyId)) {
      return false;
    }
    return (s.minuteSliced && s.minuteLeft < LOW_MINUTE) || (s.daySliced && s.planLeft < LOW_DAY);
  }

  /** Redis replied to the key's request that asked for slices (or failed to). */
  const answered = (keyId: number) => asking.delete(keyId);

  /**
   * Takes in what Redis granted beside an admitted request (and what it says was given out).
   * `asked`: what the request asked for (`wanted`); only a reply to a request that asked for a
   * window's slice says whether that window is still granted in slices (the requests that ran
   * alongside the asking one, in the same batch, asked for none and were granted none).
   */
  function granted(input: ReserveInput, reply: GrantReply, asked: Wanted): UsageSnapshot {
    let s = slices.get(input.keyId);
    if (!s || !sameLimits(s.limits, input.limits)) {
      if (s) {
        release(s);
      }
      s = {
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
        lastUsedMs: nowMs(),
        minuteSliced: false,
        daySliced: false,
        settlement: undefined,
        settlementIn: undefined,
      };
      slices.set(input.keyId, s);
    }
    roll(s, input.now);
    const back = returningIn(s.keyId, s.minute, s.day);
    s.minuteLeft += reply.minuteSlice;
    s.planLeft += reply.planSlice;
    s.freeLeft += reply.freeSlice;
    s.minuteGiven = reply.minuteGiven - back.minute;
    s.quotaGiven = reply.quotaGiven - back.plan;
    s.freeGiven = reply.freeGiven - back.free;
    s.lastUsedMs = nowMs();
    const [minuteAsked, planAsked] = asked;
    if (minuteAsked > 0) {
      s.minuteSliced = reply.minuteSlice > 0;
    }
    if (planAsked > 0) {
      s.daySliced = reply.planSlice > 0;
    }
    return usageOf(s);
  }

  /** Releases the slices of keys idle for `idleMs` (all of them with 0); forgets quiet keys. */
  function releaseIdle(idleMs: number) {
    const before = nowMs() - idleMs;
    for (const [keyId, s] of slices) {
      if (s.lastUsedMs <= before) {
        release(s);
        slices.delete(keyId);
      }
    }
    for (const [keyId, at] of lastAsked) {
      if (at <= before) {
        lastAsked.delete(keyId);
      }
    }
  }

  /**
   * Drops every slice without giving anything back (Redis lost its counters: they are gone).
   * What the slices served and is still to be written stays: the restore leaves it out (it is
   * recorded as not yet counted in Redis), and the settlement adds it after the restore.
   */
  function forgetAccount(accountId: number) {
    for (const [keyId, s] of slices) {
      if (s.accountId === accountId) {
        slices.delete(keyId);
      }
    }
    for (const [keyId, r] of returning) {
      if (r.accountId === accountId) {
        returning.delete(keyId);
      }
    }
  }

  /** What is waiting to be written; taken out (the caller puts it back if the write fails). */
  function drain(): SliceSettlement[] {
    if (pending.size === 0) {
      return [];
    }
    const out = [...pending.values()];
    pending = new Map();
    return out;
  }

  /** Puts back settlements whose write failed, or that wait for their account's restore. */
  function restore(entries: readonly SliceSettlement[]) {
    for (const e of entries) {
      const id = `${e.keyId}:${e.minute}:${e.day}`;
      const entry = pending.get(id);
      if (!entry) {
        pending.set(id, e);
        continue;
      }
      for (const kind of ['minute', 'plan', 'free'] as const) {
        entry.used[kind] += e.used[kind];
        entry.returned[kind] += e.returned[kind];
      }
    }
  }

  return {
    take,
    giveBack,
    wanted,
    low,
    answered,
    granted,
    releaseIdle,
    holds: () => slices.size > 0 || lastAsked.size > 0,
    forgetAccount,
    heldHere,
    settled,
    drain,
    restore,
    hasPending: () => pending.size > 0,
  };
}

export type CounterSlices = ReturnType<typeof createCounterSlices>;
