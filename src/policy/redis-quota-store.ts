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
} from './redis-scripts.js';
import { dayTtlMs, hkDay, minuteTtlMs, minuteWindow } from './windows.js';

type WindowInput = Omit<ReserveInput, 'cost' | 'freeEligible'>;
type Reply = [number, number, number, number, number, number, number];

interface CounterCommands {
  /** Batched: the number of keys first (5 per request), then the keys, then 7 ARGV per request. */
  tlReserve(...args: (string | number)[]): Promise<number[]>;
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

interface PendingReserve {
  keys: readonly string[];
  args: readonly number[];
  resolve(reply: Reply): void;
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
    const keys = batch.flatMap((p) => p.keys);
    const args = batch.flatMap((p) => p.args);
    redis.tlReserve(keys.length, ...keys, ...args).then(
      (flat) => {
        batch.forEach((p, i) => {
          p.resolve(flat.slice(i * 7, i * 7 + 7) as Reply);
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
    for (let i = 0; i < pending.length; i += MAX_BATCH) {
      send(pending.slice(i, i + MAX_BATCH));
    }
  }

  return (keys: readonly string[], args: readonly number[]) =>
    new Promise<Reply>((resolve, reject) => {
      queue.push({ keys, args, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}

export function createRedisQuotaStore(redis: CounterRedis, prefix = 'tl:v1'): RedisQuotaStore {
  const keysOf = (accountId: number, keyId: number, now: Date) =>
    counterKeys(prefix, accountId, keyId, minuteWindow(now), hkDay(now));
  const reserveInBatch = createReserveBatcher(redis);

  async function reserve(input: ReserveInput): Promise<ReserveOutcome> {
    const { accountId, keyId, cost, limits, now } = input;
    const [admitted, reason, minute, quota, free, freeTaken, planTaken] = await reserveInBatch(
      keysOf(accountId, keyId, now),
      [
        cost,
        input.freeEligible,
        limits.ratePerMinute,
        limits.dailyQuota,
        limits.freeMatchesDailyQuota,
        minuteTtlMs(now),
        dayTtlMs(now),
      ],
    );
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
