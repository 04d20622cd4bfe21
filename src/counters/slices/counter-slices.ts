import type * as counts from '../quota-store.js';
import { hkDay, minuteWindow } from '../windows.js';
import { ReturningUnits } from './returning-units.js';
import {
  BUSY_WITHIN_MS,
  emptySlice,
  type GrantReply,
  LOW_DAY,
  LOW_MINUTE,
  roll,
  type Slice,
  type SliceSettlement,
  type SliceUnits,
  sameLimits,
  sliceSizes,
  usageOf,
  type Wanted,
} from './slice.js';
import { SliceSettlements } from './slice-settlements.js';

export interface CounterSlicesOptions {
  /** How many instances share the counters (slices shrink as it grows). */
  instances: () => number;
  /** The clock that says whether a key is busy (default Date.now). */
  nowMs?: () => number;
}

/**
 * Slices of the shared counters held by this instance (docs/access.md "Counter slices"). Redis
 * hands an instance, beside a request it admits, a few units of the key's minute and of the
 * account's day (counted there as given out, so the instances together can never pass a limit);
 * the next requests of that key are admitted from the slice in process, with no round trip. What
 * a slice served is written to the counters in the background (SETTLE_SCRIPT), and what it did
 * not serve goes back within milliseconds of its key idling, and when the instance stops.
 *
 * Four parts: grant (what to ask Redis for, and taking in what it granted), serve (requests from
 * the slice, and units given back to it), settle (what waits to be written), release (unused
 * units back to Redis).
 */
export class CounterSlices {
  private readonly slices = new Map<number, Slice>();
  /** Keys with a request in Redis that asked for slices. */
  private readonly asking = new Set<number>();
  /** When each key last went to Redis (a key is busy when it goes again within BUSY_WITHIN_MS). */
  private readonly lastAsked = new Map<number, number>();
  private readonly settlements = new SliceSettlements();
  private readonly returning = new ReturningUnits();
  private readonly nowMs: () => number;

  constructor(private readonly options: CounterSlicesOptions) {
    this.nowMs = options.nowMs ?? Date.now;
  }

  // Grant

  /**
   * The slices to ask for beside a request: none for a key that is not busy (unless `refill`),
   * none while another request of the key is already asking (a burst's concurrent first
   * requests would otherwise each take a slice), else what `sliceSizes` says. An asking request
   * calls `answered` when Redis has replied.
   */
  wanted(input: counts.ReserveInput, refill = false): Wanted {
    const instances = Math.max(1, this.options.instances());
    const at = this.nowMs();
    const busy =
      refill ||
      at - (this.lastAsked.get(input.keyId) ?? Number.NEGATIVE_INFINITY) <= BUSY_WITHIN_MS;
    this.lastAsked.set(input.keyId, at);
    if (!busy || this.asking.has(input.keyId)) {
      return [0, 0, 0, 1];
    }
    const wants = sliceSizes(input, this.slices.get(input.keyId), instances);
    if (wants[0] + wants[1] + wants[2] > 0) {
      this.asking.add(input.keyId);
    }
    return wants;
  }

  /**
   * The key's slices run low (under half a slice left) where Redis grants them, and nothing is
   * asked yet: time to ask for more before they run out, so a busy key's requests keep being
   * served in process instead of all going to Redis together when the slice is gone.
   */
  low(keyId: number): boolean {
    const s = this.slices.get(keyId);
    if (!s || this.asking.has(keyId)) {
      return false;
    }
    return (s.minuteSliced && s.minuteLeft < LOW_MINUTE) || (s.daySliced && s.planLeft < LOW_DAY);
  }

  /** Redis replied to the key's request that asked for slices (or failed to). */
  answered(keyId: number): void {
    this.asking.delete(keyId);
  }

  /**
   * Takes in what Redis granted beside an admitted request (and what it says was given out).
   * `asked`: what the request asked for (`wanted`); only a reply to a request that asked for a
   * window's slice says whether that window is still granted in slices (the requests that ran
   * alongside the asking one, in the same batch, asked for none and were granted none).
   */
  granted(input: counts.ReserveInput, reply: GrantReply, asked: Wanted): counts.UsageSnapshot {
    let s = this.slices.get(input.keyId);
    if (!s || !sameLimits(s.limits, input.limits)) {
      if (s) {
        this.release(s);
      }
      s = emptySlice(input, this.nowMs());
      this.slices.set(input.keyId, s);
    }
    roll(s, input.now);
    const back = this.returning.in(s.keyId, s.minute, s.day);
    s.minuteLeft += reply.minuteSlice;
    s.planLeft += reply.planSlice;
    s.freeLeft += reply.freeSlice;
    s.minuteGiven = reply.minuteGiven - back.minute;
    s.quotaGiven = reply.quotaGiven - back.plan;
    s.freeGiven = reply.freeGiven - back.free;
    s.lastUsedMs = this.nowMs();
    const [minuteAsked, planAsked] = asked;
    if (minuteAsked > 0) {
      s.minuteSliced = reply.minuteSlice > 0;
    }
    if (planAsked > 0) {
      s.daySliced = reply.planSlice > 0;
    }
    return usageOf(s);
  }

  // Serve

  /**
   * Admits from the key's slices when they cover the whole request, at once; `undefined` when
   * Redis must decide. The free allowance is drawn first, as in Redis (spec 8.2 rule 3): a request
   * that could be free is not served from the plan slice while the allowance may have room.
   */
  serve(input: counts.ReserveInput): counts.ReserveOutcome | undefined {
    const s = this.slices.get(input.keyId);
    if (!s) {
      return undefined;
    }
    if (!sameLimits(s.limits, input.limits)) {
      this.release(s);
      this.slices.delete(input.keyId);
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
    s.lastUsedMs = this.nowMs();
    const used = this.settlements.of(s, s.minute, s.day).used;
    used.minute += cost;
    used.plan += plan;
    used.free += free;
    const reservation: counts.Reservation = {
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
  giveBack(reservation: counts.Reservation, units: counts.RefundUnits): boolean {
    const s = this.slices.get(reservation.keyId);
    if (!s || s.minute !== reservation.minute || s.day !== reservation.day) {
      return false;
    }
    const minute = Math.min(units.minute ?? 0, reservation.minuteUnits);
    const plan = Math.min(units.plan ?? 0, reservation.planUnits);
    const free = Math.min(units.free ?? 0, reservation.freeUnits);
    s.minuteLeft += minute;
    s.planLeft += plan;
    s.freeLeft += free;
    const used = this.settlements.of(s, s.minute, s.day).used;
    used.minute -= minute;
    used.plan -= plan;
    used.free -= free;
    return true;
  }

  /**
   * What this instance holds of the key's windows that Redis counts as given out (the slice's
   * unused units, and those on their way back): a reply's figures less these are what was used
   * as far as this instance can tell. Slices other instances hold stay counted.
   */
  heldHere(input: counts.ReserveInput): SliceUnits {
    const minute = minuteWindow(input.now);
    const day = hkDay(input.now);
    const held = this.returning.in(input.keyId, minute, day);
    const s = this.slices.get(input.keyId);
    if (s && sameLimits(s.limits, input.limits)) {
      held.minute += s.minute === minute ? s.minuteLeft : 0;
      held.plan += s.day === day ? s.planLeft : 0;
      held.free += s.day === day ? s.freeLeft : 0;
    }
    return held;
  }

  // Settle

  hasPending(): boolean {
    return this.settlements.hasPending();
  }

  /** What is waiting to be written; taken out (the caller puts it back if the write fails). */
  drain(): SliceSettlement[] {
    return this.settlements.drain();
  }

  /** Puts back settlements whose write failed, or that wait for their account's restore. */
  restore(entries: readonly SliceSettlement[]): void {
    this.settlements.restore(entries);
  }

  /** Redis has applied these settlements: what they returned is no longer counted as given. */
  settled(entries: readonly SliceSettlement[]): void {
    this.returning.settled(entries);
  }

  // Release

  /** Whether there is anything to release: slices held, or keys seen recently. */
  holds(): boolean {
    return this.slices.size > 0 || this.lastAsked.size > 0;
  }

  /** Releases the slices of keys idle for `idleMs` (all of them with 0); forgets quiet keys. */
  releaseIdle(idleMs: number): void {
    const before = this.nowMs() - idleMs;
    for (const [keyId, s] of this.slices) {
      if (s.lastUsedMs <= before) {
        this.release(s);
        this.slices.delete(keyId);
      }
    }
    for (const [keyId, at] of this.lastAsked) {
      if (at <= before) {
        this.lastAsked.delete(keyId);
      }
    }
  }

  /**
   * Drops every slice without giving anything back (Redis lost its counters: they are gone).
   * What the slices served and is still to be written stays: the restore leaves it out (it is
   * recorded as not yet counted in Redis), and the settlement adds it after the restore.
   */
  forgetAccount(accountId: number): void {
    for (const [keyId, s] of this.slices) {
      if (s.accountId === accountId) {
        this.slices.delete(keyId);
      }
    }
    this.returning.forgetAccount(accountId);
  }

  /** Gives a slice's unused units back (to be written with the next settlement). */
  private release(s: Slice): void {
    this.returning.add(s);
    const entry = this.settlements.of(s, s.minute, s.day);
    entry.returned.minute += s.minuteLeft;
    entry.returned.plan += s.planLeft;
    entry.returned.free += s.freeLeft;
    s.minuteLeft = 0;
    s.planLeft = 0;
    s.freeLeft = 0;
  }
}
