import type { Config } from '../../config/config.js';
import type { Database } from '../../db/database.js';
import type { RedisClient } from '../../db/redis.js';
import type { RedisTarget } from '../../db/redis-target.js';
import { createAddressLimiter } from '../address-limiter.js';
import { createInstanceRegistry } from '../instance-registry.js';
import type { QuotaStore } from '../quota-store.js';
import { ResilientQuotaStore } from '../resilient/resilient-quota-store.js';
import { createSignInLimits } from '../sign-in-limits.js';
import { redisStreamLeases } from '../stream-leases.js';
import { countedOn, type UsageRecorder } from '../usage-recorder.js';
import { createCounterRedis, RedisQuotaStore, waitForRedis } from './redis-quota-store.js';

/**
 * The counters of a process that shares them through Redis (REDIS_URL, or a cluster with
 * REDIS_CLUSTER_NODES): the quota store behind its failure mode, the instance registry and the
 * per-address limit in Redis.
 */
export async function createRedisCounters(
  options: {
    config: Pick<Config, 'redisPrefix' | 'quotaFailureMode' | 'addressRatePerMinute'> & RedisTarget;
    database: Database;
    now: () => Date;
    onRedis?: (redis: RedisClient) => void;
  },
  usage: UsageRecorder,
) {
  const { config, database, now } = options;
  const redis = createCounterRedis(config);
  options.onRedis?.(redis);
  // Start without Redis if it does not answer soon: the failure mode covers the outage.
  await waitForRedis(redis, 2000).catch(() => {});
  const prefix = config.redisPrefix;
  const registry = createInstanceRegistry(redis, prefix);
  // DECISIONS.md "Access": a Redis that comes back empty gets the day's charges back from the
  // database before it admits anything (this instance's own first made durable).
  const redisStore = new RedisQuotaStore(
    redis,
    prefix,
    {
      beforeRestore: () => usage.flush(),
      counted: (day, accountIds) => countedOn(database.read, day, accountIds),
    },
    { slices: { instances: registry.count }, recordCounted: usage.counted },
  );
  const store = new ResilientQuotaStore(redisStore, {
    mode: config.quotaFailureMode,
    now,
    instances: registry.count,
    recordCounted: usage.counted,
  });
  const addresses = createAddressLimiter({
    limit: config.addressRatePerMinute,
    now,
    redis,
    prefix,
    instances: registry.count,
  });
  const streams = redisStreamLeases(redis, prefix);
  const signIns = createSignInLimits({ now, redis, prefix, instances: registry.count });
  return { store: store as QuotaStore, registry, addresses, streams, signIns };
}
