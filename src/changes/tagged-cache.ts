import { type BoundedCacheOptions, createBoundedCache } from '../cache/bounded-cache.js';
import type { EventBus } from '../events/event-bus.js';
import { evictedBy } from './change-summary.js';

interface Tagged<V> {
  value: V;
  /** What the entry shows (change-summary.ts `tags`); undefined: it may show anything. */
  tags: readonly string[] | undefined;
}

export type TaggedCacheOptions<V> = Omit<BoundedCacheOptions<Tagged<V>>, 'onDispose' | 'sizeOf'> & {
  sizeOf(value: V): number;
  /** Told whether each `get` found an entry (the metrics' hit ratio). */
  onLookup?: ((hit: boolean) => void) | undefined;
};

/**
 * How many changes back a read may have begun and still be kept (`set` with `since`): at 60
 * changes a second, four seconds; a read older than that is served, not kept.
 */
const RECENT_CHANGES = 256;

/**
 * A bounded cache whose entries say what data they show, so a data change evicts the entries
 * that show what changed and nothing else (docs/live.md "Caches under live writes"). Entries
 * stored without tags go on any data change; `plans-changed` and a change that does not say what
 * it touched clear everything.
 */
export function createTaggedCache<V extends NonNullable<unknown>>(
  events: Pick<EventBus, 'subscribe'>,
  options: TaggedCacheOptions<V>,
  clearOnPlans = true,
) {
  const byTag = new Map<string, Set<string>>();
  const untagged = new Set<string>();
  const unindex = (key: string, entry: Tagged<V>) => {
    if (!entry.tags) {
      untagged.delete(key);
      return;
    }
    for (const tag of entry.tags) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) {
        byTag.delete(tag);
      }
    }
  };
  const { onLookup, ...bounded } = options;
  const cache = createBoundedCache<Tagged<V>>({
    ...bounded,
    sizeOf: (entry) => options.sizeOf(entry.value) + 24 * (entry.tags?.length ?? 0),
    onDispose: unindex,
  });

  const evict = (tagList: Iterable<string>) => {
    const keys = new Set(untagged);
    for (const tag of tagList) {
      for (const key of byTag.get(tag) ?? []) {
        keys.add(key);
      }
    }
    for (const key of keys) {
      cache.delete(key);
    }
  };

  /** Changes heard (each may have evicted): a read begun before one may show what it changed. */
  let changes = 0;
  /** What the last RECENT_CHANGES changes evicted, change `n` at `n % RECENT_CHANGES`. */
  const recent: (ReadonlySet<string> | 'all')[] = [];
  const heard = (evicted: ReadonlySet<string> | 'all') => {
    changes += 1;
    recent[changes % RECENT_CHANGES] = evicted;
  };
  /** No change since `since` evicted what `tagList` shows (untagged entries show anything). */
  const unchangedSince = (since: number, tagList: readonly string[] | undefined) => {
    if (changes - since > RECENT_CHANGES - 1 || !tagList) {
      return since === changes;
    }
    for (let n = since + 1; n <= changes; n++) {
      const evicted = recent[n % RECENT_CHANGES];
      if (evicted === undefined || evicted === 'all' || tagList.some((t) => evicted.has(t))) {
        return false;
      }
    }
    return true;
  };
  events.subscribe((event) => {
    if (event.type === 'data-changed') {
      const evicted = evictedBy(event.changes);
      heard(evicted);
      if (evicted === 'all') {
        cache.clear();
      } else {
        evict(evicted);
      }
    } else if (event.type === 'plans-changed' && clearOnPlans) {
      heard('all');
      cache.clear();
    }
  });

  const touch = (key: string): V | undefined => cache.get(key)?.value;

  return {
    get(key: string): V | undefined {
      const value = touch(key);
      onLookup?.(value !== undefined);
      return value;
    },
    /** `get` without counting a lookup (the caller counts with `counted` once it knows). */
    touch,
    counted(hit: boolean): void {
      onLookup?.(hit);
    },
    has: (key: string): boolean => cache.has(key),
    /**
     * Taken before the read that will fill an entry, and given to `set`: a read that was still
     * under way when a change to what it shows arrived may show the data from before it (a query
     * that began before the commit, or ran on a replica that had not replayed it yet:
     * docs/scale.md "Read replicas"), so its answer is served but not kept. A change to
     * something else does not stop it being kept: it would not have evicted the entry either.
     */
    mark: (): number => changes,
    /** Keeps `value` unless what it shows changed since `since` or it is over the bound: whether it was kept. */
    set(key: string, value: V, tagList?: readonly string[], since?: number): boolean {
      if (since !== undefined && !unchangedSince(since, tagList)) {
        return false;
      }
      cache.set(key, { value, tags: tagList });
      // Indexed after the set: replacing an entry disposed (and unindexed) the old one first.
      if (!cache.has(key)) {
        return false;
      }
      if (!tagList) {
        untagged.add(key);
        return true;
      }
      for (const tag of tagList) {
        let keys = byTag.get(tag);
        if (!keys) {
          keys = new Set();
          byTag.set(tag, keys);
        }
        keys.add(key);
      }
      return true;
    },
    clear: () => cache.clear(),
    close: () => cache.close(),
    get size() {
      return cache.size;
    },
    get bytes() {
      return cache.bytes;
    },
  };
}

export type TaggedCache<V extends NonNullable<unknown>> = ReturnType<typeof createTaggedCache<V>>;
