import {
  type BoundedCache,
  type BoundedCacheOptions,
  createBoundedCache,
} from '../cache/bounded-cache.js';
import type { EventBus } from '../events/event-bus.js';
import { evictedBy } from './change-summary.js';

interface Tagged<V> {
  value: V;
  /** What the entry shows (change-summary.ts `tags`); undefined: it may show anything. */
  tags: readonly string[] | undefined;
}

type TaggedCacheOptions<V> = Omit<BoundedCacheOptions<Tagged<V>>, 'onDispose' | 'sizeOf'> & {
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
export class TaggedCache<V extends NonNullable<unknown>> {
  readonly #cache: BoundedCache<Tagged<V>>;
  readonly #byTag = new Map<string, Set<string>>();
  readonly #untagged = new Set<string>();
  readonly #onLookup: ((hit: boolean) => void) | undefined;
  /** Changes heard (each may have evicted): a read begun before one may show what it changed. */
  #changes = 0;
  /** What the last RECENT_CHANGES changes evicted, change `n` at `n % RECENT_CHANGES`. */
  readonly #recent: (ReadonlySet<string> | 'all')[] = [];

  constructor(
    events: Pick<EventBus, 'subscribe'>,
    options: TaggedCacheOptions<V>,
    clearOnPlans = true,
  ) {
    const { onLookup, ...bounded } = options;
    this.#onLookup = onLookup;
    this.#cache = createBoundedCache<Tagged<V>>({
      ...bounded,
      sizeOf: (entry) => options.sizeOf(entry.value) + 24 * (entry.tags?.length ?? 0),
      onDispose: (key, entry) => this.#unindex(key, entry),
    });
    events.subscribe((event) => {
      if (event.type === 'data-changed') {
        const evicted = evictedBy(event.changes);
        this.#heard(evicted);
        if (evicted === 'all') {
          this.#cache.clear();
        } else {
          this.#evict(evicted);
        }
      } else if (event.type === 'plans-changed' && clearOnPlans) {
        this.#heard('all');
        this.#cache.clear();
      }
    });
  }

  get(key: string): V | undefined {
    const value = this.touch(key);
    this.#onLookup?.(value !== undefined);
    return value;
  }

  /** `get` without counting a lookup (the caller counts with `counted` once it knows). */
  touch(key: string): V | undefined {
    return this.#cache.get(key)?.value;
  }

  counted(hit: boolean): void {
    this.#onLookup?.(hit);
  }

  has(key: string): boolean {
    return this.#cache.has(key);
  }

  /**
   * Taken before the read that will fill an entry, and given to `set`: a read that was still
   * under way when a change to what it shows arrived may show the data from before it (a query
   * that began before the commit, or ran on a replica that had not replayed it yet:
   * docs/scale.md "Read replicas"), so its answer is served but not kept. A change to
   * something else does not stop it being kept: it would not have evicted the entry either.
   */
  mark(): number {
    return this.#changes;
  }

  /** Keeps `value` unless what it shows changed since `since` or it is over the bound: whether it was kept. */
  set(key: string, value: V, tagList?: readonly string[], since?: number): boolean {
    if (since !== undefined && !this.#unchangedSince(since, tagList)) {
      return false;
    }
    this.#cache.set(key, { value, tags: tagList });
    // Indexed after the set: replacing an entry disposed (and unindexed) the old one first.
    if (!this.#cache.has(key)) {
      return false;
    }
    if (!tagList) {
      this.#untagged.add(key);
      return true;
    }
    for (const tag of tagList) {
      let keys = this.#byTag.get(tag);
      if (!keys) {
        keys = new Set();
        this.#byTag.set(tag, keys);
      }
      keys.add(key);
    }
    return true;
  }

  clear(): void {
    this.#cache.clear();
  }

  close(): void {
    this.#cache.close();
  }

  get size(): number {
    return this.#cache.size;
  }

  get bytes(): number {
    return this.#cache.bytes;
  }

  #unindex(key: string, entry: Tagged<V>): void {
    if (!entry.tags) {
      this.#untagged.delete(key);
      return;
    }
    for (const tag of entry.tags) {
      const keys = this.#byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) {
        this.#byTag.delete(tag);
      }
    }
  }

  #evict(tagList: Iterable<string>): void {
    const keys = new Set(this.#untagged);
    for (const tag of tagList) {
      for (const key of this.#byTag.get(tag) ?? []) {
        keys.add(key);
      }
    }
    for (const key of keys) {
      this.#cache.delete(key);
    }
  }

  #heard(evicted: ReadonlySet<string> | 'all'): void {
    this.#changes += 1;
    this.#recent[this.#changes % RECENT_CHANGES] = evicted;
  }

  /** No change since `since` evicted what `tagList` shows (untagged entries show anything). */
  #unchangedSince(since: number, tagList: readonly string[] | undefined): boolean {
    const changes = this.#changes;
    if (changes - since > RECENT_CHANGES - 1 || !tagList) {
      return since === changes;
    }
    for (let n = since + 1; n <= changes; n++) {
      const evicted = this.#recent[n % RECENT_CHANGES];
      if (evicted === undefined || evicted === 'all' || tagList.some((t) => evicted.has(t))) {
        return false;
      }
    }
    return true;
  }
}

export function createTaggedCache<V extends NonNullable<unknown>>(
  events: Pick<EventBus, 'subscribe'>,
  options: TaggedCacheOptions<V>,
  clearOnPlans = true,
): TaggedCache<V> {
  return new TaggedCache(events, options, clearOnPlans);
}
