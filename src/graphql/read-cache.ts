import { LRUCache } from 'lru-cache';
import type { AccessEvents } from '../policy/access-events.js';

/** A cached batch read: `value` may be the loader's fallback (no row), which is cached too. */
interface Entry {
  value: unknown;
}

export interface ReadCacheOptions {
  /** Most cached reads (one match's events, one match's odds ...). */
  maxEntries?: number;
  /** Safety net: entries expire even if a change event was missed. */
  ttlMs?: number;
}

/**
 * The GraphQL counterpart of the REST response cache (RESPONSE_CACHE): the loaders' batch reads
 * per match and relation, shared across requests, cleared on every instance by data-change
 * events. Batching still decides how the misses are read; the policy still runs per operation.
 */
export function createReadCache(events: AccessEvents, options: ReadCacheOptions = {}) {
  const cache = new LRUCache<string, Entry>({
    max: options.maxEntries ?? 50_000,
    ttl: options.ttlMs ?? 60_000,
  });
  events.subscribe((event) => {
    if (event.type === 'data-changed') {
      cache.clear();
    }
  });
  return {
    get: (key: string) => cache.get(key),
    set: (key: string, value: unknown) => {
      cache.set(key, { value });
    },
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;
