import { ReplyError } from 'ioredis';
import type { QuotaFailureMode } from '../../config/access.js';
import { ApiError } from '../../errors/api-error.js';
import type * as counts from '../quota-store.js';
import type { RedisQuotaStore } from '../redis/redis-quota-store.js';
import type { UsageWindow } from '../usage-statement.js';
import { OutageCounters } from './outage-counters.js';
import { OutageJournal } from './outage-journal.js';

const PROBE_INTERVAL_MS = 1000;
const UNAVAILABLE_RETRY_AFTER = 5;

export interface ResilientOptions {
  mode: QuotaFailureMode;
  now: () => Date;
  /** How many instances share the Redis (last seen); each enforces its share while it is down. */
  instances: () => number;
  onStateChange?: (state: 'up' | 'down') => void;
  /**
   * The Redis day counters now count these units beyond what the usage records said they count
   * (usage-recorder.ts `counted`): a replayed journal entry, a refund of a counted request that
   * waits in the journal (Redis still counts it), a refund in Redis of a request served from a
   * slice (negative: its settlement has not added it yet).
   */
  recordCounted?: (window: UsageWindow, plan: number, free: number) => void;
}

/**
 * Replies that say the server cannot serve now rather than that our script is wrong: a cluster
 * whose slot has no master yet (failover), a node still loading its data, a replica asked to
 * write. ioredis retries most of them itself before they reach us.
 */
const NOT_SERVING = /^(CLUSTERDOWN|TRYAGAIN|LOADING|MASTERDOWN|READONLY)\b/;

/** A failure of the connection, not of our script (a script error is a bug and surfaces). */
const isUnavailable = (error: unknown) =>
  !(error instanceof (ReplyError as typeof Error)) || NOT_SERVING.test(error.message);

/**
 * After recovery, how long an instance still holds each key to its outage share as well as to
 * Redis: long enough for every other instance to have probed (PROBE_INTERVAL_MS) and replayed
 * its journal. Before that, Redis does not yet count what the others admitted while it was
 * down, and admitting against Redis alone would let the key pass its limit.
 */
const SETTLE_MS = 2 * PROBE_INTERVAL_MS + 500;

function unavailable(): never {
  throw new ApiError('upstream_unavailable', 'Usage counters are unavailable; retry shortly', {
    retryAfter: UNAVAILABLE_RETRY_AFTER,
  });
}

/**
 * Redis counters with a circuit breaker. While Redis is unreachable, QUOTA_FAILURE_MODE decides
 * (DECISIONS.md): `closed` answers 503, `open` admits everything, `local` enforces this
 * instance's share of what was left in memory and journals what it admitted, replaying it into
 * Redis on recovery so daily usage ends right. A half-open probe every second finds recovery.
 *
 * Three modes: Redis up (its slices, then Redis), fallen back to this process (the outage
 * counters and the journal), handing back (the journal replayed, the outage counters a ceiling
 * beside Redis for SETTLE_MS).
 */
export class ResilientQuotaStore implements counts.QuotaStore {
  readonly kind = 'redis' as const;
  private down = false;
  private nextProbe = 0;
  private probeTimer: NodeJS.Timeout | undefined = undefined;
  private readonly outage: OutageCounters;
  private readonly journal: OutageJournal;

  constructor(
    private readonly redisStore: RedisQuotaStore,
    private readonly options: ResilientOptions,
  ) {
    this.outage = new OutageCounters(options.instances);
    this.journal = new OutageJournal(
      (entry) => redisStore.replay([entry], options.now()),
      (entry) => options.recordCounted?.(entry, entry.planUnits, entry.freeUnits),
    );
  }

  state(): 'up' | 'down' {
    return this.down ? 'down' : 'up';
  }

  reserve(input: counts.ReserveInput): counts.MaybePromise<counts.ReserveOutcome> {
    // A slice this instance holds answers at once; while Redis is down or just back, the
    // outage rules below decide.
    const fromSlice =
      this.down || this.outage.handingBack ? undefined : this.redisStore.reserveFromSlice(input);
    return fromSlice ?? this.reserveShared(input);
  }

  refund(reservation: counts.Reservation, units: counts.RefundUnits): counts.MaybePromise<void> {
    if (!this.outage.admitted(reservation) && this.redisStore.refundToSlice(reservation, units)) {
      return undefined;
    }
    return this.refundShared(reservation, units);
  }

  async chargeMinute(input: counts.WindowInput): Promise<counts.UsageSnapshot> {
    const result = await this.tryRedis(() => this.redisStore.chargeMinute(input));
    if (result) {
      return result;
    }
    if (this.options.mode === 'closed') {
      unavailable();
    }
    return this.outage.chargeMinute(input);
  }

  async peek(input: counts.WindowInput): Promise<counts.UsageSnapshot> {
    return (await this.tryRedis(() => this.redisStore.peek(input))) ?? this.outage.peek(input);
  }

  async usageByKey(accountId: number, now: Date) {
    return (await this.tryRedis(() => this.redisStore.usageByKey(accountId, now))) ?? unavailable();
  }

  close(): Promise<void> {
    clearTimeout(this.probeTimer);
    this.probeTimer = undefined;
    return this.redisStore.close();
  }

  /** Redis decides (or the outage rules, while it is away). */
  private async reserveShared(input: counts.ReserveInput): Promise<counts.ReserveOutcome> {
    const result = await this.tryRedis(() => this.reserveInRedis(input));
    if (result) {
      // While handing back, Redis does not count the others' outage yet: the shares keep the
      // figures from before the outage.
      if (!this.outage.handingBack) {
        this.outage.seen(input, result.usage);
      }
      return result;
    }
    return this.reserveLocally(input);
  }

  /** Redis's answer, after the outage ceiling while handing back (recovery has run). */
  private async reserveInRedis(input: counts.ReserveInput): Promise<counts.ReserveOutcome> {
    const settle = this.outage.reserveUnderCeiling(input);
    if (settle?.refused) {
      return settle.refused;
    }
    const held = settle?.held;
    try {
      const result = await this.redisStore.reserve(input);
      if (!result.admitted && held) {
        this.outage.releaseFromCeiling(held);
      }
      return result;
    } catch (error) {
      // Down again: the local fallback counts this request in its own store.
      if (held) {
        this.outage.releaseFromCeiling(held);
      }
      throw error;
    }
  }

  /** Fallen back: this instance's share, journaled for the replay (`closed`: 503). */
  private async reserveLocally(input: counts.ReserveInput): Promise<counts.ReserveOutcome> {
    if (this.options.mode === 'closed') {
      unavailable();
    }
    const outcome = this.outage.reserve(input, this.options.mode === 'open');
    if (outcome.admitted) {
      const r = outcome.reservation;
      this.journal.add(r, 1, { minute: r.minuteUnits, plan: r.planUnits, free: r.freeUnits });
    }
    return outcome;
  }

  private async refundShared(
    reservation: counts.Reservation,
    units: counts.RefundUnits,
  ): Promise<void> {
    const given = {
      minute: Math.min(units.minute ?? 0, reservation.minuteUnits),
      plan: Math.min(units.plan ?? 0, reservation.planUnits),
      free: Math.min(units.free ?? 0, reservation.freeUnits),
    };
    if (this.outage.admitted(reservation)) {
      // Admitted locally, so its units are journaled: the refund is journaled against them, and
      // reaches Redis with the rest of the journal (now, if Redis came back meanwhile).
      this.outage.refund(reservation, units);
      this.journal.add(reservation, -1, given);
      if (!this.down) {
        await this.tryRedis(() => this.journal.replay());
      }
      return;
    }
    const done = await this.tryRedis(async () => {
      await this.redisStore.refund(reservation, units);
      return true;
    });
    if (done && reservation.uncounted) {
      // Served from a slice whose settlement adds the units later: Redis counts fewer until then.
      this.options.recordCounted?.(reservation, -given.plan, -given.free);
    }
    if (!done) {
      // Redis went away between reserve and settle: remember the refund for the replay. Until
      // then Redis counts the units the request's record left out.
      this.journal.add(reservation, -1, given);
      if (!reservation.uncounted) {
        this.options.recordCounted?.(reservation, given.plan, given.free);
      }
    }
  }

  /** Runs `op` on Redis when it is (or may be) up; `undefined` means: use the fallback. */
  private async tryRedis<T>(op: () => counts.MaybePromise<T>): Promise<T | undefined> {
    if (this.down && this.options.now().getTime() < this.nextProbe) {
      return undefined;
    }
    try {
      // Half-open: what was admitted locally goes back into Redis before anything new is counted.
      if (this.down) {
        await this.recover();
      }
      return await op();
    } catch (error) {
      if (!isUnavailable(error)) {
        throw error;
      }
      this.markDown();
      return undefined;
    }
  }

  /** Redis answers again: the journal replayed, then handing back (`local` mode). */
  private async recover(): Promise<void> {
    await this.journal.replay();
    if (this.down) {
      const local = this.options.mode === 'local';
      this.outage.handBack(local ? this.options.now().getTime() + SETTLE_MS : undefined);
      this.down = false;
      this.options.onStateChange?.('up');
    }
    // Admitted locally while the replay ran: into Redis too.
    if (!this.journal.isEmpty()) {
      await this.journal.replay();
    }
  }

  private markDown(): void {
    if (!this.down) {
      this.down = true;
      this.options.onStateChange?.('down');
    }
    this.nextProbe = this.options.now().getTime() + PROBE_INTERVAL_MS;
    this.scheduleProbe();
  }

  /**
   * While down, probe on a timer too, not only when a request comes: an instance without traffic
   * still replays its journal within about a second of Redis answering again.
   */
  private scheduleProbe(): void {
    if (this.probeTimer || this.options.mode !== 'local') {
      return;
    }
    this.probeTimer = setTimeout(() => {
      this.probeTimer = undefined;
      if (this.down) {
        void this.tryRedis(() => this.redisStore.redis.ping()).then((answer) => {
          if (answer === undefined && this.down) {
            this.scheduleProbe();
          }
        });
      }
    }, PROBE_INTERVAL_MS);
    this.probeTimer.unref();
  }
}
