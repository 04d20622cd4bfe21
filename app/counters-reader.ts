import type { Config } from '../src/config/config.js';
import type { QuotaStore } from '../src/counters/quota-store.js';
import {
  createCounterRedis,
  RedisQuotaStore,
  waitForRedis,
} from '../src/counters/redis/redis-quota-store.js';
import { type RedisTarget, redisConfigured } from '../src/db/redis-target.js';

/**
 * With REDIS_URL (or REDIS_CLUSTER_NODES) the live counters are shared, so `touchline usage` reads them; without it (or
 * with Redis down) the counters live inside each server and usage comes from `daily_usage`.
 */
export async function openCounterReader(
  config: Pick<Config, 'redisPrefix'> & RedisTarget,
  progress: (message: string) => void,
): Promise<(Pick<QuotaStore, 'usageByKey'> & { close(): Promise<void> }) | undefined> {
  if (!redisConfigured(config)) {
    return undefined;
  }
  const redis = createCounterRedis(config, { commandTimeoutMs: 2000 });
  try {
    await waitForRedis(redis, 3000);
    return new RedisQuotaStore(redis, config.redisPrefix);
  } catch {
    redis.disconnect();
    progress('Redis unreachable: usage read from daily_usage (flushed periodically)');
    return undefined;
  }
}
