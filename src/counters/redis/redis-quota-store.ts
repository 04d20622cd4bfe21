import { redisMasters } from '../../db/redis.js';
import { type CounterSlices, createCounterSlices, type Wanted } from '../counter-slices.js';
import type {
  CounterLimits,
  QuotaStore,
  RefundUnits,
  Reservation,
  ReserveInput,
  ReserveOutcome,
  UsageSnapshot,
} from '../quota-store.js';
import type { UsageWindow } from '../usage-statement.js';
import { dayTtlMs, hkDay, minuteTtlMs, minuteWindow } from '../windows.js';
import type { CounterRedis } from './redis-counter-client.js';
import { type CounterRestoreSource, createCounterRestore } from './redis-counter-restore.js';
import {
  accountTag,
  counterKeys,
  keyUsagePattern,
  leaseKeys,
  parseKeyUsageKey,
  replayedMarkerKey,
  restoredMarkerKey,
} from './redis-keys.js';
import { createReserveBatcher, NOT_RESTORED, type Reply } from './redis-reserve-batcher.js';
import { createSliceSettler } from './redis-slice-settler.js';

export { type CounterRedis, createCounterRedis, waitForRedis } from './redis-counter-client.js';
export type { CounterRestoreSource } from './redis-counter-restore.js';
export { counterKeys, restoredMarkerKey } from './redis-keys.js';

type WindowInput = Omit<ReserveInput, 'cost' | 'freeEligible'>;

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

export interface ReplayEntry {
  /** Unique for good (replayedMarkerKey): the same entry sent twice is applied once. */
  id: string;
  accountId: number;
  keyId: number;
  minute: number;
  day: string;
  minuteUnits: number;
  planUnits: number;
  freeUnits: number;
}

export type RedisQuotaStore = QuotaStore & {
  readonly redis: CounterRedis;
  replay(entries: ReplayEntry[], now: Date): Promise<void>;
  /**
   * Admits from this instance's slices of the key's counters, at once, when they cover the
   * request; `undefined` when Redis must decide (`reserve`). Always `undefined` without slices.
   */
  reserveFromSlice(input: ReserveInput): ReserveOutcome | undefined;
  /** Gives units back into the key's slice when it still holds the reservation's windows. */
  refundToSlice(reservation: Reservation, units: RefundUnits): boolean;
};

export interface RedisQuotaStoreOptions {
  /**
   * Counter slices (docs/access.md "Counter slices"): how many instances share the counters
   * (slices shrink as it grows). Without it every request is decided in Redis. `nowMs`: the
   * clock that says whether a key is busy (default Date.now).
   */
  slices?: { instances: () => number; nowMs?: () => number };
  /**
   * Redis now counts day units the usage records said it did not (a settlement of what slices
   * served): usage-recorder.ts `counted`.
   */
  recordCounted?: (window: UsageWindow, plan: number, free: number) => void;
}

export function createRedisQuotaStore(
  redis: CounterRedis,
  prefix = 'tl:v1',
  source?: CounterRestoreSource,
  options: RedisQuotaStoreOptions = {},
): RedisQuotaStore {
  const keysOf = (accountId: number, keyId: number, now: Date) =>
    counterKeys(prefix, accountId, keyId, minuteWindow(now), hkDay(now));
  const reserveInBatch = createReserveBatcher(redis);
  const restore = createCounterRestore(redis, prefix, source);
  const slices: CounterSlices | undefined = options.slices
    ? createCounterSlices(options.slices)
    : undefined;
  /** Redis lost the account's counters, and with them every slice handed out: ours lapse. */
  const restoreLost = (accountId: number, day: string, now: Date) => {
    slices?.forgetAccount(accountId);
    return restore(accountId, day, now);
  };
  const settler = slices
    ? createSliceSettler(redis, prefix, slices, {
        restoreAccount: (accountId, day) => restoreLost(accountId, day, new Date()),
        ...(options.recordCounted ? { counted: options.recordCounted } : {}),
      })
    : undefined;
  const noSlices: Wanted = [0, 0, 0, 1];
  /** A refusal while slices are held elsewhere asks again this many times, this far apart. */
  const SLICE_WAITS = 3;
  const SLICE_WAIT_MS = 10;

  /**
   * What a reply says was used, worked out as it arrives: a slice it grants is taken in, and
   * what this instance holds (its slice, units given back that a settlement has not yet taken
   * off the leases) is read in the same order as Redis ran the settlements (see the batcher).
   */
  function usageAtReply(input: ReserveInput, reply: Reply, wants: Wanted): UsageSnapshot {
    const [ok, , minute, quota, free, , , minuteSlice, planSlice, freeSlice] = reply;
    if (!slices) {
      return snapshot(input.limits, minute, quota, free);
    }
    if (ok === 1) {
      const given = { minuteGiven: minute, quotaGiven: quota, freeGiven: free };
      return slices.granted(input, { ...given, minuteSlice, planSlice, freeSlice }, wants);
    }
    const here = slices.heldHere(input);
    return snapshot(input.limits, minute - here.minute, quota - here.plan, free - here.free);
  }

  /** A reservation, once the day's counters are known to hold what was charged. */
  async function reserveRestored(
    input: ReserveInput,
    refill = false,
  ): Promise<{ reply: Reply; usage: UsageSnapshot }> {
    const { accountId, keyId, cost, limits, now } = input;
    const day = hkDay(now);
    const wants = slices?.wanted(input, refill) ?? noSlices;
    const asked = wants[0] + wants[1] + wants[2] > 0;
    settler?.watch();
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
      restoredMarkerKey(prefix, accountId, day),
      ...counterKeys(prefix, accountId, keyId, minute, day),
      ...leaseKeys(prefix, accountId, keyId, minute, day),
    ];
    let usage: UsageSnapshot | undefined;
    const onReply = (reply: Reply) => {
      if (reply[0] !== NOT_RESTORED) {
        usage = usageAtReply(input, reply, wants);
      }
    };
    for (let attempt = 0; attempt < 3; attempt++) {
      const tag = accountTag(prefix, accountId);
      const reply = await reserveInBatch(tag, keys, args, onReply).finally(() => {
        if (asked) {
          slices?.answered(keyId);
        }
      });
      if (reply[0] !== NOT_RESTORED && usage) {
        return { reply, usage };
      }
      await restoreLost(accountId, day, now);
    }
    // Emptied again while restoring: treated as an outage (QUOTA_FAILURE_MODE decides).
    throw new Error('Redis counters could not be restored');
  }

  /** A refusal's reply says other instances hold slices that could serve the request. */
  const heldElsewhere = (reply: Reply) =>
    reply[1] === 1 ? reply[7] > 0 : reply[8] > 0 || reply[9] > 0;

  /**
   * Asks for more slices beside nothing (a reservation of 0 units), in the background, while the
   * key's slice still serves: a busy key's requests never all wait on Redis at once.
   */
  function refill(input: ReserveInput) {
    const empty = { ...input, cost: 0, dailyCost: 0 };
    // What Redis grants is taken in as the reply arrives (`usageAtReply`).
    reserveRestored(empty, true).then(
      () => settler?.watch(),
      () => {
        // The next request that finds its slice empty asks Redis itself.
      },
    );
  }

  async function reserve(input: ReserveInput): Promise<ReserveOutcome> {
    for (let waits = 0; ; waits++) {
      const { reply, usage } = await reserveRestored(input);
      if (reply[0] === 1) {
        return admitted(input, reply, usage);
      }
      // Refused while this instance's slice (granted to a request that ran alongside) covers it.
      const fromSlice = slices?.take(input);
      if (fromSlice) {
        settler?.schedule();
        return fromSlice;
      }
      // Units held in slices elsewhere go back within milliseconds of their key idling there:
      // ask again before refusing.
      if (!slices || waits >= SLICE_WAITS || !heldElsewhere(reply)) {
        const reason = reply[1] === 1 ? 'rate_limited' : 'quota_exceeded';
        return { admitted: false, reason, usage };
      }
      await new Promise((resolve) => setTimeout(resolve, SLICE_WAIT_MS));
    }
  }

  function admitted(input: ReserveInput, reply: Reply, usage: UsageSnapshot): ReserveOutcome {
    const { accountId, keyId, cost, now } = input;
    const [, , , , , freeTaken, planTaken] = reply;
    settler?.watch();
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

  async function refund(reservation: Reservation, units: RefundUnits): Promise<void> {
    const { accountId, keyId, minute, day } = reservation;
    await redis.tlRefund(
      ...counterKeys(prefix, accountId, keyId, minute, day),
      Math.min(units.minute ?? 0, reservation.minuteUnits),
      Math.min(units.free ?? 0, reservation.freeUnits),
      Math.min(units.plan ?? 0, reservation.planUnits),
    );
  }

  async function chargeMinute(input: WindowInput): Promise<UsageSnapshot> {
    const [rate, quota, free] = keysOf(input.accountId, input.keyId, input.now);
    const [minute, used, freeUsed] = await redis.tlChargeMinute(
      rate,
      quota,
      free,
      minuteTtlMs(input.now),
    );
    return snapshot(input.limits, minute, used, freeUsed);
  }

  async function peek(input: WindowInput): Promise<UsageSnapshot> {
    // What slices served is counted once it is written: write it first.
    await settler?.flush();
    const [rate, quota, free] = keysOf(input.accountId, input.keyId, input.now);
    const values = await redis.mget(rate, quota, free);
    const [minute, used, freeUsed] = values.map((v) => Number(v ?? 0)) as [number, number, number];
    return snapshot(input.limits, minute, used, freeUsed);
  }

  /** The account's per-key daily counters: all under its tag, so on one node of a cluster. */
  async function usageByKey(accountId: number, now: Date) {
    await settler?.flush();
    const result = new Map<number, { plan: number; free: number }>();
    const pattern = keyUsagePattern(prefix, accountId, hkDay(now));
    for (const node of redisMasters(redis)) {
      let cursor = '0';
      do {
        const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 200);
        cursor = next;
        const values = keys.length > 0 ? await node.mget(...keys) : [];
        keys.forEach((key, i) => {
          const parsed = parseKeyUsageKey(key);
          if (parsed) {
            const entry = result.get(parsed.keyId) ?? { plan: 0, free: 0 };
            entry[parsed.kind] = Number(values[i] ?? 0);
            result.set(parsed.keyId, entry);
          }
        });
      } while (cursor !== '0');
    }
    return result;
  }

  /** One journal entry, into the account's restored counters (restored first when lost). */
  async function replayEntry(e: ReplayEntry, now: Date): Promise<void> {
    const today = e.day === hkDay(now);
    for (let attempt = 0; attempt < 3; attempt++) {
      const applied = await redis.tlReplay(
        ...counterKeys(prefix, e.accountId, e.keyId, e.minute, e.day),
        replayedMarkerKey(prefix, e.accountId, e.id),
        restoredMarkerKey(prefix, e.accountId, e.day),
        e.minute === minuteWindow(now) ? e.minuteUnits : 0,
        today ? e.planUnits : 0,
        today ? e.freeUnits : 0,
        minuteTtlMs(now),
        dayTtlMs(now),
      );
      if (applied !== NOT_RESTORED) {
        return;
      }
      await restoreLost(e.accountId, e.day, now);
    }
    throw new Error('Redis counters could not be restored');
  }

  async function replay(entries: ReplayEntry[], now: Date): Promise<void> {
    for (const e of entries) {
      await replayEntry(e, now);
    }
  }

  return {
    kind: 'redis',
    redis,
    reserve,
    refund,
    chargeMinute,
    peek,
    usageByKey,
    replay,
    reserveFromSlice(input) {
      const outcome = slices?.take(input);
      if (outcome) {
        settler?.schedule();
        if (slices?.low(input.keyId)) {
          refill(input);
        }
      }
      return outcome;
    },
    refundToSlice(reservation, units) {
      if (!slices?.giveBack(reservation, units)) {
        return false;
      }
      settler?.schedule();
      return true;
    },
    close: async () => {
      await settler?.close();
      redis.disconnect();
    },
  };
}
