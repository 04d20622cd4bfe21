import { LRUCache } from 'lru-cache';
import type { BusEvent } from '../events/event-bus.js';

/** What a request needs to know about its key, loaded once and cached (never the key itself). */
export interface KeyRecord {
  keyId: number;
  accountId: number;
  hash: string;
  prefix: string;
  expiresAt: Date | null;
  revokedAt: Date | null;
  /** Normalised allowlist entries; empty allows any address. */
  allowlist: string[];
}

interface Entry {
  record: KeyRecord | null;
}

export interface KeyCacheOptions {
  load(hash: string): Promise<KeyRecord | null>;
  /** Bounded by propagationSeconds: allowlist changes reach every instance within it. */
  ttlMs?: number;
  /** Unknown hashes are remembered briefly, so a flood of made-up keys cannot hammer the database. */
  negativeTtlMs?: number;
  max?: number;
}

/**
 * Hash -> key lookups without a database round trip per request. Revocations arrive as events
 * and evict at once; a lost event stream clears everything (we may have missed one).
 */
export function createKeyCache(options: KeyCacheOptions) {
  const ttl = options.ttlMs ?? 60_000;
  const negativeTtl = options.negativeTtlMs ?? 5_000;
  const cache = new LRUCache<string, Entry>({ max: options.max ?? 50_000, ttl });
  const inFlight = new Map<string, Promise<KeyRecord | null>>();

  async function get(hash: string): Promise<KeyRecord | null> {
    const hit = cache.get(hash);
    if (hit) {
      return hit.record;
    }
    let pending = inFlight.get(hash);
    if (!pending) {
      pending = options.load(hash).then(
        (record) => {
          cache.set(hash, { record }, { ttl: record ? ttl : negativeTtl });
          inFlight.delete(hash);
          return record;
        },
        (error: unknown) => {
          inFlight.delete(hash);
          throw error;
        },
      );
      inFlight.set(hash, pending);
    }
    return pending;
  }

  /** The cached record (null: known not to exist), or undefined when it must be loaded. */
  function peek(hash: string): KeyRecord | null | undefined {
    return cache.get(hash)?.record;
  }

  function evictWhere(predicate: (record: KeyRecord) => boolean) {
    for (const [hash, entry] of cache.entries()) {
      if (entry.record && predicate(entry.record)) {
        cache.delete(hash);
      }
    }
  }

  function onEvent(event: BusEvent) {
    switch (event.type) {
      case 'key-revoked':
        cache.delete(event.hash);
        evictWhere((r) => r.keyId === event.keyId);
        break;
      case 'key-changed':
        evictWhere((r) => r.keyId === event.keyId);
        break;
      case 'account-changed':
        evictWhere((r) => r.accountId === event.accountId);
        break;
      case 'plans-changed':
      case 'data-changed':
        break;
    }
  }

  return { get, peek, onEvent, clear: () => cache.clear() };
}

export type KeyCache = ReturnType<typeof createKeyCache>;
