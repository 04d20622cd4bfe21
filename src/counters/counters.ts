import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import type { RedisClient } from '../db/redis.js';
import { type RedisTarget, redisConfigured } from '../db/redis-target.js';
import { createAddressLimiter } from './address-limiter.js';
import { MemoryQuotaStore } from './memory-quota-store.js';
import type { QuotaStore } from './quota-store.js';
import { createSignInLimits } from './sign-in-limits.js';
import { memoryStreamLeases, type StreamLeases } from './stream-leases.js';
import { chargedOn, UsageRecorder } from './usage-recorder.js';
import { hkDay } from './windows.js';

export interface CountersOptions {
  config: Pick<Config, 'redisPrefix' | 'quotaFailureMode' | 'addressRatePerMinute'> & RedisTarget;
  database: Database;
  now: () => Date;
  /** Given the counters' Redis client once it exists (the metrics count its commands). */
  onRedis?: (redis: RedisClient) => void;
}

async function createStore(options: CountersOptions, usage: UsageRecorder) {
  const { config, database, now } = options;
  if (!redisConfigured(config)) {
    const store = new MemoryQuotaStore();
    // A restart must not hand out today's quota again: restore what daily_usage recorded.
    const today = hkDay(now());
    // A database that is down at start must not stop the server: /readyz will say so.
    const rows = await chargedOn(database.read, today).catch(() => []);
    store.restore(
      rows.map((r) => ({ ...r, day: today })),
      now(),
    );
    const addresses = createAddressLimiter({ limit: config.addressRatePerMinute, now });
    const streams: StreamLeases = memoryStreamLeases();
    const signIns = createSignInLimits({ now });
    return { store: store as QuotaStore, registry: undefined, addresses, streams, signIns };
  }
  // The Redis client loads only in a process that counts in Redis.
  const { createRedisCounters } = await import('./redis/redis-counters.js');
  return createRedisCounters(options, usage);
}

/**
 * The counters of one process: the quota store (in process, or Redis with its failure mode), the
 * per-address limit of keyless requests, the instance registry and the usage recorder that
 * writes what was charged to `daily_usage`. Built before the services, which read them.
 */
export async function createCounters(options: CountersOptions) {
  const usage = new UsageRecorder(options.database.prisma, { now: options.now });
  const { store, registry, addresses, streams, signIns } = await createStore(options, usage);
  return {
    store,
    usage,
    /** Open push streams per account (DECISIONS.md "Push"). */
    streams,
    /** The per-address limit of keyless requests (DECISIONS.md "Access"). */
    addresses,
    /** Sign-up and sign-in attempts per address and per e-mail (docs/accounts.md). */
    signIns,
    async start() {
      await registry?.start();
      usage.start();
    },
    async close() {
      await streams.close();
      await usage.stop();
      await registry?.stop();
      await store.close();
    },
  };
}

export type Counters = Awaited<ReturnType<typeof createCounters>>;
