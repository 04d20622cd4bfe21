import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { createAddressLimiter } from './address-limiter.js';
import { createInstanceRegistry } from './instance-registry.js';
import { createMemoryQuotaStore } from './memory-quota-store.js';
import type { QuotaStore } from './quota-store.js';
import {
  type ChargedUsage,
  createCounterRedis,
  createRedisQuotaStore,
  waitForRedis,
} from './redis-quota-store.js';
import { createResilientQuotaStore } from './resilient-quota-store.js';
import { createUsageRecorder, loadDailyUsage, type UsageRecorder } from './usage-recorder.js';
import { hkDay } from './windows.js';

export interface CountersOptions {
  config: Pick<Config, 'redisUrl' | 'redisPrefix' | 'quotaFailureMode' | 'addressRatePerMinute'>;
  database: Database;
  now: () => Date;
}

/** What `daily_usage` recorded as charged on `day`, per account and key. */
async function chargedOn(database: Database, day: string): Promise<ChargedUsage[]> {
  const rows = await loadDailyUsage(database.prisma, day);
  return rows.map((r) => ({
    accountId: r.accountId,
    keyId: r.keyId,
    plan: r.planRequests,
    free: r.freeMatchRequests,
  }));
}

async function createStore(options: CountersOptions, usage: UsageRecorder) {
  const { config, database, now } = options;
  if (!config.redisUrl) {
    const store = createMemoryQuotaStore();
    // A restart must not hand out today's quota again: restore what daily_usage recorded.
    const today = hkDay(now());
    // A database that is down at start must not stop the server: /readyz will say so.
    const rows = await chargedOn(database, today).catch(() => []);
    store.restore(
      rows.map((r) => ({ ...r, day: today })),
      now(),
    );
    const addresses = createAddressLimiter({ limit: config.addressRatePerMinute, now });
    return { store: store as QuotaStore, registry: undefined, addresses };
  }
  const redis = createCounterRedis(config.redisUrl);
  // Start without Redis if it does not answer soon: the failure mode covers the outage.
  await waitForRedis(redis, 2000).catch(() => {});
  const prefix = config.redisPrefix;
  const registry = createInstanceRegistry(redis, prefix);
  // DECISIONS.md "Access": a Redis that comes back empty gets the day's charges back from the
  // database before it admits anything (this instance's own first made durable).
  const redisStore = createRedisQuotaStore(redis, prefix, {
    beforeRestore: () => usage.flush(),
    charged: (day) => chargedOn(database, day),
  });
  const store = createResilientQuotaStore(redisStore, {
    mode: config.quotaFailureMode,
    now,
    instances: registry.count,
  });
  const addresses = createAddressLimiter({
    limit: config.addressRatePerMinute,
    now,
    redis,
    prefix,
    instances: registry.count,
  });
  return { store: store as QuotaStore, registry, addresses };
}

/**
 * The counters of one process: the quota store (in process, or Redis with its failure mode), the
 * per-address limit of keyless requests, the instance registry and the usage recorder that
 * writes what was charged to `daily_usage`. Built before the services, which read them.
 */
export async function createCounters(options: CountersOptions) {
  const usage = createUsageRecorder(options.database.prisma);
  const { store, registry, addresses } = await createStore(options, usage);
  return {
    store,
    usage,
    /** The per-address limit of keyless requests (DECISIONS.md "Access"). */
    addresses,
    async start() {
      await registry?.start();
      usage.start();
    },
    async close() {
      await usage.stop();
      await registry?.stop();
      await store.close();
    },
  };
}

export type Counters = Awaited<ReturnType<typeof createCounters>>;
