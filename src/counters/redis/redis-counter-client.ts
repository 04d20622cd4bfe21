import { createRedisClient, type RedisClient, type RedisTarget } from '../../db/redis.js';
import {
  CHARGE_MINUTE_SCRIPT,
  REFUND_SCRIPT,
  REPLAY_SCRIPT,
  RESERVE_SCRIPT,
  RESTORE_SCRIPT,
  SETTLE_SCRIPT,
} from './redis-scripts.js';

interface CounterCommands {
  /** Batched: the number of keys first (6 per request), then the keys, then 8 ARGV per request. */
  tlReserve(...args: (string | number)[]): Promise<number[]>;
  /** Batched: the number of keys first (9 per entry), then the keys, then 8 ARGV per entry. */
  tlSettle(...args: (string | number)[]): Promise<number[]>;
  tlRestore(...args: (string | number)[]): Promise<number>;
  tlRefund(...args: (string | number)[]): Promise<number>;
  tlChargeMinute(...args: (string | number)[]): Promise<[number, number, number]>;
  tlReplay(...args: (string | number)[]): Promise<number>;
}

export type CounterRedis = RedisClient & CounterCommands;

/**
 * A Redis client for counters (one server, or a cluster): no offline queue and a short command
 * timeout, so a dead Redis fails a request at once instead of stalling it; reconnection is
 * automatic. A plain URL is one server (REDIS_URL, as before REDIS_CLUSTER_NODES existed).
 */
export function createCounterRedis(
  target: RedisTarget | string,
  options: { commandTimeoutMs?: number } = {},
): CounterRedis {
  const redis = createRedisClient(
    typeof target === 'string' ? { redisUrl: target, redisClusterNodes: [] } : target,
    {
      enableOfflineQueue: false,
      commandTimeout: options.commandTimeoutMs ?? 1000,
      maxRetriesPerRequest: 0,
      connectTimeout: 1000,
      retryStrategy: (attempt) => Math.min(100 * attempt, 1000),
      lazyConnect: false,
    },
  );
  redis.on('error', () => {
    // Connection errors surface on the commands; the breaker in front of this store acts on them.
  });
  redis.defineCommand('tlReserve', { lua: RESERVE_SCRIPT });
  redis.defineCommand('tlSettle', { lua: SETTLE_SCRIPT });
  redis.defineCommand('tlRefund', { numberOfKeys: 5, lua: REFUND_SCRIPT });
  redis.defineCommand('tlChargeMinute', { numberOfKeys: 3, lua: CHARGE_MINUTE_SCRIPT });
  redis.defineCommand('tlReplay', { numberOfKeys: 7, lua: REPLAY_SCRIPT });
  redis.defineCommand('tlRestore', { lua: RESTORE_SCRIPT });
  return redis as CounterRedis;
}

/** Resolves once the client is connected, or rejects after `timeoutMs`. */
export async function waitForRedis(redis: RedisClient, timeoutMs = 5000): Promise<void> {
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
