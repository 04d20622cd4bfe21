import { hash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * What one cached entry costs besides its value: the Map slot, the LRU's bookkeeping arrays and
 * the 43-character key (docs/operations.md "Memory").
 */
export const ENTRY_OVERHEAD_BYTES = 256;

/** A fixed-size key (SHA-256, base64url: 43 characters) for request text of any length. */
export function digestKey(parts: readonly string[]): string {
  return hash('sha256', parts.join('\u0000'), 'base64url');
}

/** Keys up to this length are kept as they are (no hashing on the hot path); longer, digested. */
export const MAX_PLAIN_KEY = 96;

/**
 * The key of a request: its normalised text when short (the common case: a route and an id),
 * `#` and its digest otherwise, so no key is ever longer than MAX_PLAIN_KEY. Callers' plain
 * keys never start with `#`, so the two never collide.
 */
export function boundedKey(parts: readonly string[]): string {
  const text = parts.join('\u0000');
  return text.length <= MAX_PLAIN_KEY ? text : `#${hash('sha256', text, 'base64url')}`;
}

export interface BoundedCacheOptions<V> {
  /** Upper bound of the bytes held: keys, values (as `sizeOf` estimates them) and overhead. */
  maxBytes: number;
  /** What one value weighs in bytes (an estimate is fine; it must grow with the value). */
  sizeOf(value: V): number;
  /** Entries expire after this long even if no change event removed them. */
  ttlMs: number;
  /** How often expired entries are swept (default: every `ttlMs`, at least every second). */
  sweepIntervalMs?: number;
  /** Called when an entry leaves (evicted, expired, deleted, replaced or cleared). */
  onDispose?: (key: string, value: V) => void;
}

/**
 * An LRU cache whose keys are digests of the request they stand for, whose every entry counts
 * against a byte cap, and whose expired entries are swept on a timer, not only when touched.
 * Every cache that a client's text can reach (REST responses, GraphQL operations, parsed
 * documents, batch reads) is one of these, so hostile input can fill at most `maxBytes`.
 */
export function createBoundedCache<V extends NonNullable<unknown>>(
  options: BoundedCacheOptions<V>,
) {
  const cache = new LRUCache<string, V>({
    maxSize: options.maxBytes,
    // A value larger than the whole cap is not kept rather than evicting everything.
    maxEntrySize: options.maxBytes,
    sizeCalculation: (value, key) => options.sizeOf(value) + key.length + ENTRY_OVERHEAD_BYTES,
    ttl: options.ttlMs,
    ...(options.onDispose
      ? { dispose: (value: V, key: string) => options.onDispose?.(key, value) }
      : {}),
  });
  const sweeper = setInterval(
    () => cache.purgeStale(),
    options.sweepIntervalMs ?? Math.max(1000, options.ttlMs),
  );
  sweeper.unref();
  return {
    /** `key` must already be a digest (`digestKey`) or other short, bounded text. */
    get: (key: string): V | undefined => cache.get(key),
    set: (key: string, value: V): void => {
      cache.set(key, value);
    },
    has: (key: string): boolean => cache.has(key),
    delete: (key: string): void => {
      cache.delete(key);
    },
    clear: (): void => cache.clear(),
    get size(): number {
      return cache.size;
    },
    /** Bytes held now, as counted against `maxBytes`. */
    get bytes(): number {
      return cache.calculatedSize;
    },
    purgeStale: (): void => {
      cache.purgeStale();
    },
    close(): void {
      clearInterval(sweeper);
      cache.clear();
    },
  };
}

export type BoundedCache<V extends NonNullable<unknown>> = ReturnType<typeof createBoundedCache<V>>;
