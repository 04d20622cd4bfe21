import { randomUUID } from 'node:crypto';
import { ReplyError } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { QuotaFailureMode } from '../config/access.js';
import { ApiError } from '../errors/api-error.js';
import { createMemoryQuotaStore } from './memory-quota-store.js';
import type {
  MaybePromise,
  QuotaStore,
  RefundUnits,
  Reservation,
  ReserveInput,
  UsageSnapshot,
} from './quota-store.js';
import type { RedisQuotaStore, ReplayEntry } from './redis/redis-quota-store.js';
import type { UsageWindow } from './usage-statement.js';
import { hkDay, minuteWindow } from './windows.js';

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

const share = (limit: number, used: number, instances: number) =>
  Math.max(0, Math.floor((limit - used) / Math.max(1, instances)));

/**
 * Redis counters with a circuit breaker. While Redis is unreachable, QUOTA_FAILURE_MODE decides
 * (DECISIONS.md): `closed` answers 503, `open` admits everything, `local` enforces this
 * instance's share of what was left in memory and journals what it admitted, replaying it into
 * Redis on recovery so daily usage ends right. A half-open probe every second finds recovery.
 */
export function createResilientQuotaStore(
  redisStore: RedisQuotaStore,
  options: ResilientOptions,
): QuotaStore & {
  state(): 'up' | 'down';
} {
  let down = false;
  let nextProbe = 0;
  let probeTimer: NodeJS.Timeout | undefined;
  let local = createMemoryQuotaStore();
  /** The outage's local counters, still enforced as a ceiling until `until` (SETTLE_MS). */
  let settling: { store: ReturnType<typeof createMemoryQuotaStore>; until: number } | undefined;
  const localReservations = new WeakSet<Reservation>();
  /** What the outage admitted (or could not refund), one open entry per key and window. */
  const journal = new Map<string, ReplayEntry>();
  /** Entries taken out of the journal to be replayed, by id: sent again (same id) until acknowledged. */
  const sealed = new Map<string, ReplayEntry>();
  const journalOrigin = randomUUID();
  let journalEntries = 0;
  /** Last usage Redis reported per key, and the windows it was for, to size the local shares. */
  const lastSeen = new LRUCache<number, { usage: UsageSnapshot; minute: number; day: string }>({
    max: 50_000,
  });

  function markDown() {
    if (!down) {
      down = true;
      options.onStateChange?.('down');
    }
    nextProbe = options.now().getTime() + PROBE_INTERVAL_MS;
    scheduleProbe();
  }

  /**
   * While down, probe on a timer too, not only when a request comes: an instance without traffic
   * still replays its journal within about a second of Redis answering again.
   */
  function scheduleProbe() {
    if (probeTimer || options.mode !== 'local') {
      return;
    }
    probeTimer = setTimeout(() => {
      probeTimer = undefined;
      if (down) {
        void tryRedis(() => redisStore.redis.ping()).then((answer) => {
          if (answer === undefined && down) {
            scheduleProbe();
          }
        });
      }
    }, PROBE_INTERVAL_MS);
    probeTimer.unref();
  }

  /**
   * Replays the journal into Redis, entry by entry. An entry is sealed before it is sent (what is
   * admitted afterwards opens a new one) and keeps its id until Redis acknowledges it, so an entry
   * whose reply was lost is sent again and applied once (REPLAY_SCRIPT). Single flight: requests
   * that find Redis back at the same moment share one replay.
   */
  let flushing: Promise<void> | undefined;
  function flushJournal(): Promise<void> {
    flushing ??= (async () => {
      try {
        for (const entry of journal.values()) {
          sealed.set(entry.id, entry);
        }
        journal.clear();
        for (const [id, entry] of sealed) {
          await redisStore.replay([entry], options.now());
          sealed.delete(id);
          options.recordCounted?.(entry, entry.planUnits, entry.freeUnits);
        }
      } finally {
        flushing = undefined;
      }
    })();
    return flushing;
  }

  async function recover() {
    await flushJournal();
    if (down) {
      if (options.mode === 'local') {
        settling = { store: local, until: options.now().getTime() + SETTLE_MS };
      }
      local = createMemoryQuotaStore();
      down = false;
      options.onStateChange?.('up');
    }
    // Admitted locally while the replay ran: into Redis too.
    if (journal.size > 0 || sealed.size > 0) {
      await flushJournal();
    }
  }

  /** Runs `op` on Redis when it is (or may be) up; `undefined` means: use the fallback. */
  async function tryRedis<T>(op: () => MaybePromise<T>): Promise<T | undefined> {
    if (down && options.now().getTime() < nextProbe) {
      return undefined;
    }
    try {
      // Half-open: what was admitted locally goes back into Redis before anything new is counted.
      if (down) {
        await recover();
      }
      return await op();
    } catch (error) {
      if (!isUnavailable(error)) {
        throw error;
      }
      markDown();
      return undefined;
    }
  }

  function journalAdd(
    r: Reservation,
    sign: 1 | -1,
    units: { minute: number; plan: number; free: number },
  ) {
    const window = `${r.accountId}:${r.keyId}:${r.minute}:${r.day}`;
    const entry = journal.get(window) ?? {
      ...r,
      id: `${journalOrigin}:${++journalEntries}`,
      minuteUnits: 0,
      planUnits: 0,
      freeUnits: 0,
    };
    entry.minuteUnits += sign * units.minute;
    entry.planUnits += sign * units.plan;
    entry.freeUnits += sign * units.free;
    journal.set(window, entry);
  }

  function unavailable(): never {
    throw new ApiError('upstream_unavailable', 'Usage counters are unavailable; retry shortly', {
      retryAfter: UNAVAILABLE_RETRY_AFTER,
    });
  }

  /** What Redis last said this key had used in the windows of `now` (0 for a window it never saw). */
  function usedBefore(keyId: number, now: Date) {
    const seen = lastSeen.get(keyId);
    const sameMinute = seen?.minute === minuteWindow(now);
    const sameDay = seen?.day === hkDay(now);
    return {
      minute: sameMinute ? (seen?.usage.minute.used ?? 0) : 0,
      quota: sameDay ? (seen?.usage.quota.used ?? 0) : 0,
      free: sameDay ? (seen?.usage.free.used ?? 0) : 0,
    };
  }

  /** This instance's share of what Redis last said was left of the key's windows. */
  function shareLimits(input: ReserveInput, base: ReturnType<typeof usedBefore>) {
    const n = options.instances();
    const { limits } = input;
    return {
      ratePerMinute: share(limits.ratePerMinute, base.minute, n),
      dailyQuota: share(limits.dailyQuota, base.quota, n),
      freeMatchesDailyQuota: share(limits.freeMatchesDailyQuota, base.free, n),
    };
  }

  /**
   * Just after recovery: the key must fit its outage share (what this instance admitted during
   * the outage and since) before Redis is asked. A refusal here answers like a local refusal.
   */
  async function reserveSettling(input: ReserveInput) {
    const ceiling = settling;
    if (!ceiling || input.now.getTime() >= ceiling.until) {
      settling = undefined;
      return undefined;
    }
    const base = usedBefore(input.keyId, input.now);
    const held = await ceiling.store.reserve({ ...input, limits: shareLimits(input, base) });
    if (held.admitted) {
      return { held: held.reservation };
    }
    return { refused: { ...held, usage: withBase(input, base, held.usage) } };
  }

  function withBase(
    input: ReserveInput,
    base: ReturnType<typeof usedBefore>,
    used: UsageSnapshot,
  ): UsageSnapshot {
    const { limits } = input;
    return {
      minute: { limit: limits.ratePerMinute, used: base.minute + used.minute.used },
      quota: { limit: limits.dailyQuota, used: base.quota + used.quota.used },
      free: { limit: limits.freeMatchesDailyQuota, used: base.free + used.free.used },
    };
  }

  async function reserveLocally(input: ReserveInput) {
    if (options.mode === 'closed') {
      unavailable();
    }
    const { limits } = input;
    const base = usedBefore(input.keyId, input.now);
    const localLimits =
      options.mode === 'open'
        ? {
            ratePerMinute: Number.MAX_SAFE_INTEGER,
            dailyQuota: Number.MAX_SAFE_INTEGER,
            freeMatchesDailyQuota: limits.freeMatchesDailyQuota,
          }
        : shareLimits(input, base);
    const outcome = await local.reserve({ ...input, limits: localLimits });
    const usage = withBase(input, base, outcome.usage);
    if (!outcome.admitted) {
      return { ...outcome, usage };
    }
    localReservations.add(outcome.reservation);
    const r = outcome.reservation;
    r.uncounted = true;
    journalAdd(r, 1, { minute: r.minuteUnits, plan: r.planUnits, free: r.freeUnits });
    return { ...outcome, usage };
  }

  /** Redis's answer, after the outage ceiling while settling (recovery has run when this runs). */
  async function reserveInRedis(input: ReserveInput) {
    const settle = await reserveSettling(input);
    if (settle?.refused) {
      return settle.refused;
    }
    const giveBack = async () => {
      const held = settle?.held;
      if (held) {
        await settling?.store.refund(held, {
          minute: held.minuteUnits,
          plan: held.planUnits,
          free: held.freeUnits,
        });
      }
    };
    try {
      const result = await redisStore.reserve(input);
      if (!result.admitted) {
        await giveBack();
      }
      return result;
    } catch (error) {
      // Down again: the local fallback counts this request in its own store.
      await giveBack();
      throw error;
    }
  }

  /** Redis decides (or the outage rules, while it is away). */
  async function reserveShared(input: ReserveInput) {
    const result = await tryRedis(() => reserveInRedis(input));
    if (result) {
      if (settling) {
        // Redis does not count the others' outage yet: keep the pre-outage figures for the shares.
        return result;
      }
      lastSeen.set(input.keyId, {
        usage: result.usage,
        minute: minuteWindow(input.now),
        day: hkDay(input.now),
      });
      return result;
    }
    return reserveLocally(input);
  }

  async function refundShared(reservation: Reservation, units: RefundUnits) {
    const given = {
      minute: Math.min(units.minute ?? 0, reservation.minuteUnits),
      plan: Math.min(units.plan ?? 0, reservation.planUnits),
      free: Math.min(units.free ?? 0, reservation.freeUnits),
    };
    if (localReservations.has(reservation)) {
      // Admitted locally, so its units are journaled: the refund is journaled against them, and
      // reaches Redis with the rest of the journal (now, if Redis came back meanwhile).
      await local.refund(reservation, units);
      journalAdd(reservation, -1, given);
      if (!down) {
        await tryRedis(flushJournal);
      }
      return;
    }
    const done = await tryRedis(async () => {
      await redisStore.refund(reservation, units);
      return true;
    });
    if (done && reservation.uncounted) {
      // Served from a slice whose settlement adds the units later: Redis counts fewer until then.
      options.recordCounted?.(reservation, -given.plan, -given.free);
    }
    if (!done) {
      // Redis went away between reserve and settle: remember the refund for the replay. Until
      // then Redis counts the units the request's record left out.
      journalAdd(reservation, -1, given);
      if (!reservation.uncounted) {
        options.recordCounted?.(reservation, given.plan, given.free);
      }
    }
  }

  return {
    kind: 'redis',
    state: () => (down ? 'down' : 'up'),
    reserve(input) {
      // A slice this instance holds answers at once; while Redis is down or just back, the
      // outage rules below decide.
      const fromSlice = down || settling ? undefined : redisStore.reserveFromSlice(input);
      return fromSlice ?? reserveShared(input);
    },
    refund(reservation: Reservation, units: RefundUnits) {
      if (!localReservations.has(reservation) && redisStore.refundToSlice(reservation, units)) {
        return undefined;
      }
      return refundShared(reservation, units);
    },
    async chargeMinute(input) {
      const result = await tryRedis(() => redisStore.chargeMinute(input));
      if (result) {
        return result;
      }
      if (options.mode === 'closed') {
        unavailable();
      }
      return local.chargeMinute(input);
    },
    async peek(input) {
      return (await tryRedis(() => redisStore.peek(input))) ?? local.peek(input);
    },
    async usageByKey(accountId, now) {
      return (await tryRedis(() => redisStore.usageByKey(accountId, now))) ?? unavailable();
    },
    close: () => {
      clearTimeout(probeTimer);
      probeTimer = undefined;
      return redisStore.close();
    },
  };
}
