import { Redis } from 'ioredis';
import type {
  CounterLimits,
  QuotaStore,
  RefundUnits,
  Reservation,
  ReserveInput,
  ReserveOutcome,
  UsageSnapshot,
} from './quota-store.js';
import {
  CHARGE_MINUTE_SCRIPT,
  REFUND_SCRIPT,
  REPLAY_SCRIPT,
  RESERVE_SCRIPT,
  RESTORE_SCRIPT,
} from './redis-scripts.js';
import type { ChargedUsage } from './usage-recorder.js';
import { dayTtlMs, hkDay, minuteTtlMs, minuteWindow } from './windows.js';

type WindowInput = Omit<ReserveInput, 'cost' | 'freeEligible'>;
type Reply = [number, number, number, number, number, number, number];

interface CounterCommands {
  /**
   * Batched: the number of keys first (the day's restored marker, then 5 per request), then the
   * keys, then 8 ARGV per request.
   */
  tlReserve(...args: (string | number)[]): Promise<number[]>;
  tlRestore(...args: (string | number)[]): Promise<number>;
  tlRefund(...args: (string | number)[]): Promise<number>;
  tlChargeMinute(...args: (string | number)[]): Promise<[number, number, number]>;
  tlReplay(...args: (string | number)[]): Promise<number>;
}

export type CounterRedis = Redis & CounterCommands;

/**
 * A Redis client for counters: no offline queue and a short command timeout, so a dead Redis
 * fails a request at once instead of stalling it; reconnection is automatic.
 */
export function createCounterRedis(
  url: string,
  options: { commandTimeoutMs?: number } = {},
): CounterRedis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: options.commandTimeoutMs ?? 1000,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    retryStrategy: (attempt) => Math.min(100 * attempt, 1000),
    lazyConnect: false,
  });
  redis.on('error', () => {
    // Connection errors surface on the commands; the breaker in front of this store acts on them.
  });
  redis.defineCommand('tlReserve', { lua: RESERVE_SCRIPT });
  redis.defineCommand('tlRefund', { numberOfKeys: 5, lua: REFUND_SCRIPT });
  redis.defineCommand('tlChargeMinute', { numberOfKeys: 3, lua: CHARGE_MINUTE_SCRIPT });
  redis.defineCommand('tlReplay', { numberOfKeys: 5, lua: REPLAY_SCRIPT });
  redis.defineCommand('tlRestore', { lua: RESTORE_SCRIPT });
  return redis as CounterRedis;
}

/** Resolves once the client is connected, or rejects after `timeoutMs`. */
export async function waitForRedis(redis: Redis, timeoutMs = 5000): Promise<void> {
  if (redis.status === 'ready') {
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      reject(new Error(`Redis not ready after ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', onReady);
  });
}

/** Set once a day's counters hold what the database recorded as charged that day. */
export const restoredMarkerKey = (prefix: string, day: string) => `${prefix}:restored:${day}`;

/** Redis key names: `<prefix>:<counter>:<owner>:<window>` (STYLE.md naming). */
export function counterKeys(
  prefix: string,
  accountId: number,
  keyId: number,
  minute: number,
  day: string,
) {
  return [
    `${prefix}:rate:${keyId}:${minute}`,
    `${prefix}:quota:${accountId}:${day}`,
    `${prefix}:free:${accountId}:${day}`,
    `${prefix}:keyplan:${accountId}:${keyId}:${day}`,
    `${prefix}:keyfree:${accountId}:${keyId}:${day}`,
  ] as const;
}

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
};

/** A batch of reservations is one script call; this many at most, so no call holds Redis long. */
const MAX_BATCH = 100;

/** The script's answer when the day's counters are not restored yet (RESERVE_SCRIPT). */
const NOT_RESTORED = -1;

interface PendingReserve {
  marker: string;
  keys: readonly string[];
  args: readonly number[];
  resolve(reply: Reply | typeof NOT_RESTORED): void;
  reject(error: unknown): void;
}

/**
 * Reservations made in one event-loop turn go to Redis together, in one call of the reserve
 * script, which handles them in arrival order, each as if alone: under load one round trip
 * (and one script run) serves many requests instead of one each.
 */
function createReserveBatcher(redis: CounterRedis) {
  let queue: PendingReserve[] = [];
  let scheduled = false;

  function send(batch: PendingReserve[]) {
    const marker = batch[0]?.marker ?? '';
    const keys = batch.flatMap((p) => p.keys);
    const args = batch.flatMap((p) => p.args);
    redis.tlReserve(keys.length + 1, marker, ...keys, ...args).then(
      (flat) => {
        batch.forEach((p, i) => {
          p.resolve(
            flat[0] === NOT_RESTORED ? NOT_RESTORED : (flat.slice(i * 7, i * 7 + 7) as Reply),
          );
        });
      },
      (error: unknown) => {
        for (const p of batch) {
          p.reject(error);
        }
      },
    );
  }

  function flush() {
    scheduled = false;
    const pending = queue;
    queue = [];
    // One marker per call: requests of a turn that straddles midnight go in two calls.
    const byMarker = new Map<string, PendingReserve[]>();
    for (const p of pending) {
      const group = byMarker.get(p.marker);
      if (group) {
        group.push(p);
      } else {
        byMarker.set(p.marker, [p]);
      }
    }
    for (const group of byMarker.values()) {
      for (let i = 0; i < group.length; i += MAX_BATCH) {
        send(group.slice(i, i + MAX_BATCH));
      }
    }
  }

  return (marker: string, keys: readonly string[], args: readonly number[]) =>
    new Promise<Reply | typeof NOT_RESTORED>((resolve, reject) => {
      queue.push({ marker, keys, args, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}

/** Today's charged units per key, as the database recorded them (`daily_usage`). */

export interface CounterRestoreSource {
  /** Makes this instance's own charges durable first (the usage recorder's flush). */
  beforeRestore?(): Promise<void>;
  /** What the database recorded as charged on `day`. */
  charged(day: string): Promise<ChargedUsage[]>;
}

/** Counters per restore call, so no call holds Redis long. */
const RESTORE_CHUNK = 500;

export function createRedisQuotaStore(
  redis: CounterRedis,
  prefix = 'tl:v1',
  source?: CounterRestoreSource,
): RedisQuotaStore {
  const keysOf = (accountId: number, keyId: number, now: Date) =>
    counterKeys(prefix, accountId, keyId, minuteWindow(now), hkDay(now));
  const reserveInBatch = createReserveBatcher(redis);

  /** Writes what the database recorded for `day` into the counters, then the day's marker. */
  async function restoreDay(day: string, now: Date): Promise<void> {
    await source?.beforeRestore?.();
    const rows = source ? await source.charged(day) : [];
    const counters = new Map<string, number>();
    const add = (key: string, units: number) => {
      if (units > 0) {
        counters.set(key, (counters.get(key) ?? 0) + units);
      }
    };
    for (const row of rows) {
      add(`${prefix}:quota:${row.accountId}:${day}`, row.plan);
      add(`${prefix}:free:${row.accountId}:${day}`, row.free);
      add(`${prefix}:keyplan:${row.accountId}:${row.keyId}:${day}`, row.plan);
      add(`${prefix}:keyfree:${row.accountId}:${row.keyId}:${day}`, row.free);
    }
    const entries = [...counters];
    const marker = restoredMarkerKey(prefix, day);
    for (let i = 0; i === 0 || i < entries.length; i += RESTORE_CHUNK) {
      const chunk = entries.slice(i, i + RESTORE_CHUNK);
      const last = i + RESTORE_CHUNK >= entries.length;
      await redis.tlRestore(
        chunk.length + 1,
        ...chunk.map(([key]) => key),
        marker,
        dayTtlMs(now),
        ...chunk.map(([, units]) => units),
        last ? 'mark' : '',
      );
    }
  }

  /** Single flight: requests that find the day unrestored together share one restore. */
  const restoring = new Map<string, Promise<void>>();
  function restore(day: string, now: Date): Promise<void> {
    let pending = restoring.get(day);
    if (!pending) {
      pending = restoreDay(day, now).finally(() => restoring.delete(day));
      restoring.set(day, pending);
    }
    return pending;
  }

  /** A reservation, once the day's counters are known to hold what was charged. */
  async function reserveRestored(input: ReserveInput): Promise<Reply> {
    const { accountId, keyId, cost, limits, now } = input;
    const day = hkDay(now);
    const args = [
      cost,
      Math.min(cost, input.dailyCost ?? cost),
      input.freeEligible,
      limits.ratePerMinute,
      limits.dailyQuota,
      limits.freeMatchesDailyQuota,
      minuteTtlMs(now),
      dayTtlMs(now),
    ];
    for (let attempt = 0; attempt < 3; attempt++) {
      const reply = await reserveInBatch(
        restoredMarkerKey(prefix, day),
        keysOf(accountId, keyId, now),
        args,
      );
      if (reply !== NOT_RESTORED) {
        return reply;
      }
      await restore(day, now);
    }
    // Emptied again while restoring: treated as an outage (QUOTA_FAILURE_MODE decides).
    throw new Error('Redis counters could not be restored');
  }

  async function reserve(input: ReserveInput): Promise<ReserveOutcome> {
    const { accountId, keyId, cost, limits, now } = input;
    const [admitted, reason, minute, quota, free, freeTaken, planTaken] =
      await reserveRestored(input);
    const usage = snapshot(limits, minute, quota, free);
    if (admitted !== 1) {
      return { admitted: false, reason: reason === 1 ? 'rate_limited' : 'quota_exceeded', usage };
    }
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
    const [rate, quota, free] = keysOf(input.accountId, input.keyId, input.now);
    const values = await redis.mget(rate, quota, free);
    const [minute, used, freeUsed] = values.map((v) => Number(v ?? 0)) as [number, number, number];
    return snapshot(input.limits, minute, used, freeUsed);
  }

  async function usageByKey(accountId: number, now: Date) {
    const day = hkDay(now);
    const result = new Map<number, { plan: number; free: number }>();
    const pattern = `${prefix}:key*:${accountId}:*:${day}`;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 200);
      cursor = next;
      const values = keys.length > 0 ? await redis.mget(...keys) : [];
      keys.forEach((key, i) => {
        const match = /:key(plan|free):\d+:(\d+):/.exec(key);
        if (match) {
          const entry = result.get(Number(match[2])) ?? { plan: 0, free: 0 };
          entry[match[1] === 'plan' ? 'plan' : 'free'] = Number(values[i] ?? 0);
          result.set(Number(match[2]), entry);
        }
      });
    } while (cursor !== '0');
    return result;
  }

  async function replay(entries: ReplayEntry[], now: Date): Promise<void> {
    for (const e of entries) {
      await redis.tlReplay(
        ...counterKeys(prefix, e.accountId, e.keyId, e.minute, e.day),
        e.minute === minuteWindow(now) ? e.minuteUnits : 0,
        e.day === hkDay(now) ? e.planUnits : 0,
        e.day === hkDay(now) ? e.freeUnits : 0,
        minuteTtlMs(now),
        dayTtlMs(now),
      );
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
    close: async () => {
      redis.disconnect();
    },
  };
}
