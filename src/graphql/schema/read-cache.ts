import { boundedKey } from '../../cache/bounded-cache.js';
import { createTaggedCache } from '../../changes/tagged-cache.js';
import type { EventBus } from '../../events/event-bus.js';

/** A cached batch read: `value` may be the loader's fallback (no row), which is cached too. */
interface Entry {
  value: unknown;
}

export interface ReadCacheOptions {
  /** Upper bound of the estimated bytes of cached reads (keys included). */
  maxBytes?: number;
  /** Safety net: entries expire even if a change event was missed. */
  ttlMs?: number;
  /** Told whether each lookup hit (the metrics' hit ratio). */
  onLookup?: (hit: boolean) => void;
}

/**
 * What a read value weighs on the heap, estimated from its shape (strings by length, 32 bytes
 * per property or item, nested to a depth of 6; deeper parts at a flat 64 bytes).
 */
export function estimateBytes(value: unknown, depth = 0): number {
  if (typeof value === 'string') {
    return 16 + value.length;
  }
  if (value === null || typeof value !== 'object') {
    return 16;
  }
  if (depth >= 6) {
    return 64;
  }
  let bytes = 32;
  if (Array.isArray(value)) {
    for (const item of value) {
      bytes += 8 + estimateBytes(item, depth + 1);
    }
    return bytes;
  }
  if (value instanceof Date) {
    return 48;
  }
  for (const item of Object.values(value)) {
    bytes += 32 + estimateBytes(item, depth + 1);
  }
  return bytes;
}

/**
 * The GraphQL counterpart of the REST response cache (RESPONSE_CACHE): the loaders' batch reads
 * per match and relation, shared across requests, each evicted on every instance by the data
 * changes of what it shows (change-summary.ts `tags`). Batching still decides how the misses are read; the policy still runs per operation.
 * Bounded in bytes (an estimate of each read's heap), long keys kept as digests, expired
 * entries swept (docs/operations.md "Memory").
 */
export function createReadCache(events: EventBus, options: ReadCacheOptions = {}) {
  const cache = createTaggedCache<Entry>(
    events,
    {
      maxBytes: options.maxBytes ?? 64 * 1024 * 1024,
      sizeOf: (entry) => estimateBytes(entry.value),
      ttlMs: options.ttlMs ?? 60_000,
      onLookup: options.onLookup,
    },
    false,
  );
  // A list query with a long filter is kept as its digest.
  const keyOf = (key: string) => boundedKey([key]);
  return {
    get: (key: string) => cache.get(keyOf(key)),
    /** Before a read that fills entries: `set` keeps nothing read across a change (tagged-cache.ts). */
    mark: () => cache.mark(),
    set: (key: string, value: unknown, tagList: readonly string[], since: number) => {
      cache.set(keyOf(key), { value }, tagList, since);
    },
    close: () => cache.close(),
    bytes: () => cache.bytes,
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;
