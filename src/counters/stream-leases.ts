import { randomUUID } from 'node:crypto';
import type { TierName } from '../accounts/tiers.js';
import type { RedisClient } from '../db/redis.js';

/** DECISIONS.md "Push": concurrent streams and subscriptions per account. */
export const STREAMS_PER_TIER: Readonly<Record<TierName, number>> = { Free: 1, Plus: 5, Pro: 25 };

/** A lease not renewed this long (its instance died) no longer counts. */
export const LEASE_TTL_MS = 30_000;
const RENEW_MS = 10_000;

export interface StreamLease {
  release(): Promise<void>;
}

/** Open streams per account, counted where the quota counters are (docs/push.md "Limits"). */
export interface StreamLeases {
  /** A lease for one more stream of the account, or null when it holds `limit` already. */
  acquire(accountId: number, limit: number): Promise<StreamLease | null>;
  close(): Promise<void>;
}

/** In process: one instance (no REDIS_URL) counts its own streams. */
export function memoryStreamLeases(): StreamLeases {
  const open = new Map<number, number>();
  return {
    async acquire(accountId, limit) {
      const held = open.get(accountId) ?? 0;
      if (held >= limit) {
        return null;
      }
      open.set(accountId, held + 1);
      let released = false;
      return {
        async release() {
          if (!released) {
            released = true;
            const left = (open.get(accountId) ?? 1) - 1;
            if (left > 0) {
              open.set(accountId, left);
            } else {
              open.delete(accountId);
            }
          }
        },
      };
    },
    async close() {
      open.clear();
    },
  };
}

/** Drops expired leases, then takes one if fewer than the limit are held (atomic in Redis). */
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  return 1
end
return 0`;

/**
 * Across instances: a sorted set per account in Redis (hash-tagged by account), one member per
 * open stream scored by its expiry. Each instance renews its own leases every 10 s; a lease of
 * an instance that died expires after 30 s. While Redis cannot be reached, streams are counted
 * in this process instead (as the quota's `local` mode would: never more than the limit here).
 */
export function redisStreamLeases(
  redis: RedisClient,
  prefix: string,
  timing = { ttlMs: LEASE_TTL_MS, renewMs: RENEW_MS },
): StreamLeases {
  const { ttlMs, renewMs } = timing;
  const fallback = memoryStreamLeases();
  const held = new Map<string, string>();
  const keyOf = (accountId: number) => `${prefix}:streams:{${accountId}}`;
  // One ZADD and one PEXPIRE per account, whatever the number of streams, all sent at once (the
  // keys of different accounts may live on different cluster nodes: no cross-slot pipeline).
  const renew = setInterval(() => {
    if (held.size === 0) {
      return;
    }
    const expiry = Date.now() + ttlMs;
    const membersByKey = new Map<string, (string | number)[]>();
    for (const [id, key] of held) {
      const members = membersByKey.get(key) ?? [];
      members.push(expiry, id);
      membersByKey.set(key, members);
    }
    for (const [key, members] of membersByKey) {
      redis.zadd(key, 'XX', ...members).catch(() => {});
      redis.pexpire(key, ttlMs).catch(() => {});
    }
  }, renewMs);
  renew.unref();
  return {
    async acquire(accountId, limit) {
      const key = keyOf(accountId);
      const id = randomUUID();
      const now = Date.now();
      let taken: unknown;
      try {
        taken = await redis.eval(ACQUIRE, 1, key, now, now + ttlMs, limit, id, ttlMs);
      } catch {
        return fallback.acquire(accountId, limit);
      }
      if (taken !== 1) {
        return null;
      }
      held.set(id, key);
      return {
        async release() {
          if (held.delete(id)) {
            await redis.zrem(key, id).catch(() => {});
          }
        },
      };
    },
    async close() {
      clearInterval(renew);
      await Promise.allSettled([...held].map(([id, key]) => redis.zrem(key, id)));
      held.clear();
    },
  };
}
