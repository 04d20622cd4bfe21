import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { AccessEvents } from './access-events.js';
import { createAccessPolicy } from './access-policy.js';
import type { AccountAccess, AccountCache } from './account-cache.js';
import { createAccountCache } from './account-cache.js';
import { createAddressLimiter } from './address-limiter.js';
import { createGate } from './gate.js';
import { createInstanceRegistry } from './instance-registry.js';
import { createKeyCache } from './key-cache.js';
import { loadKeyRecord } from './key-loader.js';
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

export interface AccessLayerOptions {
  config: Pick<Config, 'redisUrl' | 'redisPrefix' | 'quotaFailureMode' | 'addressRatePerMinute'>;
  database: Database;
  events: AccessEvents & { start(onLost: () => void): Promise<void>; close(): Promise<void> };
  now: () => Date;
  /** The account's plan in force now (subscriptions service). */
  loadAccount(accountId: number, now: Date): Promise<AccountAccess | null>;
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

async function createStore(options: AccessLayerOptions, usage: UsageRecorder) {
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

/** The request-time half of the access policy, assembled for one process. */
export async function createAccessLayer(options: AccessLayerOptions) {
  const { database, events, now } = options;
  const keys = createKeyCache({ load: (hash) => loadKeyRecord(database.prisma, hash) });
  const accounts: AccountCache = createAccountCache({
    load: (id) => options.loadAccount(id, now()),
  });
  events.subscribe((event) => {
    keys.onEvent(event);
    accounts.onEvent(event);
  });
  const usage = createUsageRecorder(database.prisma);
  const { store, registry, addresses } = await createStore(options, usage);
  const policy = createAccessPolicy({ keys, accounts, store, now, recordUsage: usage.record });
  return {
    policy,
    /** The order of the checks, for the doors (src/policy/gate.ts). */
    gate: createGate(policy),
    store,
    usage,
    /** The per-address limit of keyless requests (DECISIONS.md "Access"). */
    addresses,
    async start() {
      await events.start(() => {
        keys.clear();
        accounts.clear();
      });
      await registry?.start();
      usage.start();
    },
    async close() {
      await usage.stop();
      await registry?.stop();
      await store.close();
      await events.close();
    },
  };
}

export type AccessLayer = Awaited<ReturnType<typeof createAccessLayer>>;
