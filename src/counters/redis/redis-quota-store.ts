import type {
  CounterLimits,
  QuotaStore,
  RefundUnits,
  Reservation,
  ReserveInput,
  ReserveOutcome,
  UsageSnapshot,
  WindowInput,
} from '../quota-store.js';
import { CounterSlices, type CounterSlicesOptions } from '../slices/counter-slices.js';
import type { Wanted } from '../slices/slice.js';
import type { UsageWindow } from '../usage-statement.js';
import { dayTtlMs, hkDay, minuteTtlMs, minuteWindow } from '../windows.js';
import type { CounterRedis } from './redis-counter-client.js';
import { type CounterRestoreSource, createCounterRestore } from './redis-counter-restore.js';
import { keyUsageOn } from './redis-key-usage.js';
import { accountTag, counterKeys, leaseKeys, restoredMarkerKey } from './redis-keys.js';
import { type ReplayEntry, replayEntry } from './redis-replay.js';
import { createReserveBatcher, NOT_RESTORED, type Reply } from './redis-reserve-batcher.js';
import { SliceSettler } from './redis-slice-settler.js';

export { type CounterRedis, createCounterRedis, waitForRedis } from './redis-counter-client.js';
export type { CounterRestoreSource } from './redis-counter-restore.js';
export { counterKeys, restoredMarkerKey } from './redis-keys.js';
export type { ReplayEntry } from './redis-replay.js';

const snapshot = (
  limits: CounterLimits,
  minute: number,
  quota: number,
  free: number,
): UsageSnapshot => ({
  minute: { limit: limits.ratePerMinute, used: minute },
  quota: { limit: limits.dailyQuota, used: quota },
  free: { limit: limits.freeMatchesDailyQuota, used: free },
});

const NO_SLICES: Wanted = [0, 0, 0, 1];
/** A refusal while slices are held elsewhere asks again this many times, this far apart. */
const SLICE_WAITS = 3;
const SLICE_WAIT_MS = 10;

/** A refusal's reply says other instances hold slices that could serve the request. */
const heldElsewhere = (reply: Reply) =>
  reply[1] === 1 ? reply[7] > 0 : reply[8] > 0 || reply[9] > 0;

export interface RedisQuotaStoreOptions {
  /**
   * Counter slices (docs/access.md "Counter slices"): how many instances share the counters
   * (slices shrink as it grows). Without it every request is decided in Redis. `nowMs`: the
   * clock that says whether a key is busy (default Date.now).
   */
  slices?: CounterSlicesOptions;
  /**
   * Redis now counts day units the usage records said it did not (a settlement of what slices
   * served): usage-recorder.ts `counted`.
   */
  recordCounted?: (window: UsageWindow, plan: number, free: number) => void;
}

/**
 * The counters in Redis, shared by every instance: one atomic script per request (batched per
 * account tag), with this instance's counter slices in front when `options.slices` is given, and
 * the restore of an account's day from the database when Redis lost it.
 */
export class RedisQuotaStore implements QuotaStore {
  readonly kind = 'redis' as const;
  private readonly reserveInBatch: ReturnType<typeof createReserveBatcher>;
  private readonly restore: ReturnType<typeof createCounterRestore>;
  private readonly slices: CounterSlices | undefined;
  private readonly settler: SliceSettler | undefined;

  constructor(
    readonly redis: CounterRedis,
    private readonly prefix = 'tl:v1',
    source?: CounterRestoreSource,
    options: RedisQuotaStoreOptions = {},
  ) {
    this.reserveInBatch = createReserveBatcher(redis);
    this.restore = createCounterRestore(redis, prefix, source);
    this.slices = options.slices ? new CounterSlices(options.slices) : undefined;
    this.settler = this.slices
      ? new SliceSettler(redis, prefix, this.slices, {
          restoreAccount: (accountId, day) => this.restoreLost(accountId, day, new Date()),
          ...(options.recordCounted ? { counted: options.recordCounted } : {}),
        })
      : undefined;
  }

  async reserve(input: ReserveInput): Promise<ReserveOutcome> {
    for (let waits = 0; ; waits++) {
      const { reply, usage } = await this.reserveRestored(input);
      if (reply[0] === 1) {
        return this.admitted(input, reply, usage);
      }
      // Refused while this instance's slice (granted to a request that ran alongside) covers it.
      const fromSlice = this.slices?.serve(input);
      if (fromSlice) {
        this.settler?.schedule();
        return fromSlice;
      }
      // Units held in slices elsewhere go back within milliseconds of their key idling there:
      // ask again before refusing.
      if (!this.slices || waits >= SLICE_WAITS || !heldElsewhere(reply)) {
        const reason = reply[1] === 1 ? 'rate_limited' : 'quota_exceeded';
        return { admitted: false, reason, usage };
      }
      await new Promise((resolve) => setTimeout(resolve, SLICE_WAIT_MS));
    }
  }

  /**
   * Admits from this instance's slices of the key's counters, at once, when they cover the
   * request; `undefined` when Redis must decide (`reserve`). Always `undefined` without slices.
   */
  reserveFromSlice(input: ReserveInput): ReserveOutcome | undefined {
    const outcome = this.slices?.serve(input);
    if (outcome) {
      this.settler?.schedule();
      if (this.slices?.low(input.keyId)) {
        this.refill(input);
      }
    }
    return outcome;
  }

  async refund(reservation: Reservation, units: RefundUnits): Promise<void> {
    const { accountId, keyId, minute, day } = reservation;
    await this.redis.tlRefund(
      ...counterKeys(this.prefix, accountId, keyId, minute, day),
      Math.min(units.minute ?? 0, reservation.minuteUnits),
      Math.min(units.free ?? 0, reservation.freeUnits),
      Math.min(units.plan ?? 0, reservation.planUnits),
    );
  }

  /** Gives units back into the key's slice when it still holds the reservation's windows. */
  refundToSlice(reservation: Reservation, units: RefundUnits): boolean {
    if (!this.slices?.giveBack(reservation, units)) {
      return false;
    }
    this.settler?.schedule();
    return true;
  }

  async chargeMinute(input: WindowInput): Promise<UsageSnapshot> {
    const [rate, quota, free] = this.keysOf(input.accountId, input.keyId, input.now);
    const [minute, used, freeUsed] = await this.redis.tlChargeMinute(
      rate,
      quota,
      free,
      minuteTtlMs(input.now),
    );
    return snapshot(input.limits, minute, used, freeUsed);
  }

  async peek(input: WindowInput): Promise<UsageSnapshot> {
    // What slices served is counted once it is written: write it first.
    await this.settler?.flush();
    const [rate, quota, free] = this.keysOf(input.accountId, input.keyId, input.now);
    const values = await this.redis.mget(rate, quota, free);
    const [minute, used, freeUsed] = values.map((v) => Number(v ?? 0)) as [number, number, number];
    return snapshot(input.limits, minute, used, freeUsed);
  }

  async usageByKey(accountId: number, now: Date) {
    await this.settler?.flush();
    return keyUsageOn(this.redis, this.prefix, accountId, hkDay(now));
  }

  /** Adds an outage's journal entries to the counters, each once however often it is sent. */
  async replay(entries: ReplayEntry[], now: Date): Promise<void> {
    const restoreLost = (accountId: number, day: string, at: Date) =>
      this.restoreLost(accountId, day, at);
    for (const e of entries) {
      await replayEntry(this.redis, this.prefix, e, now, restoreLost);
    }
  }

  async close(): Promise<void> {
    await this.settler?.close();
    this.redis.disconnect();
  }

  private keysOf(accountId: number, keyId: number, now: Date) {
    return counterKeys(this.prefix, accountId, keyId, minuteWindow(now), hkDay(now));
  }

  /** Redis lost the account's counters, and with them every slice handed out: ours lapse. */
  private restoreLost(accountId: number, day: string, now: Date): Promise<void> {
    this.slices?.forgetAccount(accountId);
    return this.restore(accountId, day, now);
  }

  /** A reservation, once the day's counters are known to hold what was charged. */
  private async reserveRestored(
    input: ReserveInput,
    refill = false,
  ): Promise<{ reply: Reply; usage: UsageSnapshot }> {
    const { accountId, keyId, cost, limits, now } = input;
    const day = hkDay(now);
    const wants = this.slices?.wanted(input, refill) ?? NO_SLICES;
    const asked = wants[0] + wants[1] + wants[2] > 0;
    this.settler?.watch();
    const args = [
      cost,
      Math.min(cost, input.dailyCost ?? cost),
      input.freeEligible,
      limits.ratePerMinute,
      limits.dailyQuota,
      limits.freeMatchesDailyQuota,
      minuteTtlMs(now),
      dayTtlMs(now),
      ...wants,
    ];
    const minute = minuteWindow(now);
    const keys = [
      restoredMarkerKey(this.prefix, accountId, day),
      ...counterKeys(this.prefix, accountId, keyId, minute, day),
      ...leaseKeys(this.prefix, accountId, keyId, minute, day),
    ];
    let usage: UsageSnapshot | undefined;
    const onReply = (reply: Reply) => {
      if (reply[0] !== NOT_RESTORED) {
        usage = this.usageAtReply(input, reply, wants);
      }
    };
    for (let attempt = 0; attempt < 3; attempt++) {
      const tag = accountTag(this.prefix, accountId);
      const reply = await this.reserveInBatch(tag, keys, args, onReply).finally(() => {
        if (asked) {
          this.slices?.answered(keyId);
        }
      });
      if (reply[0] !== NOT_RESTORED && usage) {
        return { reply, usage };
      }
      await this.restoreLost(accountId, day, now);
    }
    // Emptied again while restoring: treated as an outage (QUOTA_FAILURE_MODE decides).
    throw new Error('Redis counters could not be restored');
  }

  /**
   * What a reply says was used, worked out as it arrives: a slice it grants is taken in, and
   * what this instance holds (its slice, units given back that a settlement has not yet taken
   * off the leases) is read in the same order as Redis ran the settlements (see the batcher).
   */
  private usageAtReply(input: ReserveInput, reply: Reply, wants: Wanted): UsageSnapshot {
    const [ok, , minute, quota, free, , , minuteSlice, planSlice, freeSlice] = reply;
    if (!this.slices) {
      return snapshot(input.limits, minute, quota, free);
    }
    if (ok === 1) {
      const given = { minuteGiven: minute, quotaGiven: quota, freeGiven: free };
      return this.slices.granted(input, { ...given, minuteSlice, planSlice, freeSlice }, wants);
    }
    const here = this.slices.heldHere(input);
    return snapshot(input.limits, minute - here.minute, quota - here.plan, free - here.free);
  }

  private admitted(input: ReserveInput, reply: Reply, usage: UsageSnapshot): ReserveOutcome {
    const { accountId, keyId, cost, now } = input;
    const [, , , , , freeTaken, planTaken] = reply;
    this.settler?.watch();
    const reservation: Reservation = {
      accountId,
      keyId,
      minute: minuteWindow(now),
      day: hkDay(now),
      minuteUnits: cost,
      freeUnits: freeTaken,
      planUnits: planTaken,
    };
    return { admitted: true, reservation, usage };
  }

  /**
   * Asks for more slices beside nothing (a reservation of 0 units), in the background, while the
   * key's slice still serves: a busy key's requests never all wait on Redis at once.
   */
  private refill(input: ReserveInput): void {
    const empty = { ...input, cost: 0, dailyCost: 0 };
    // What Redis grants is taken in as the reply arrives (`usageAtReply`).
    this.reserveRestored(empty, true).then(
      () => this.settler?.watch(),
      () => {
        // The next request that finds its slice empty asks Redis itself.
      },
    );
  }
}
