import { LRUCache } from 'lru-cache';
import type { WebSession, WebSessionsService } from '../accounts/web-sessions.js';
import type { BusEvent, EventBus } from '../events/event-bus.js';

/**
 * How long a page may show what it read (sessions, the dashboard's plan and keys): short enough
 * that a change made elsewhere (the CLI, another instance) shows within seconds, long enough
 * that a signed-in page costs no database read most of the time (the bench's dashboard row).
 */
export const READ_CACHE_MS = 5_000;

/**
 * A value per key, loaded once however many requests ask at the same time and kept for
 * READ_CACHE_MS on the app's clock (so tests move it by hand).
 */
export function createReadCache<K extends {}, V>(options: {
  load(key: K): Promise<V>;
  now: () => Date;
  max?: number;
}) {
  const cache = new LRUCache<K, { value: V }>({
    max: options.max ?? 10_000,
    ttl: READ_CACHE_MS,
    // Ask the clock on every read (the default keeps its answer for a millisecond).
    ttlResolution: 0,
    perf: { now: () => options.now().getTime() },
  });
  const inFlight = new Map<K, Promise<V>>();
  // Bumped by every forget and clear: a read begun before a change is not kept after it.
  let generation = 0;

  function get(key: K): Promise<V> {
    const hit = cache.get(key);
    if (hit) {
      return Promise.resolve(hit.value);
    }
    let pending = inFlight.get(key);
    if (!pending) {
      const startedIn = generation;
      pending = options.load(key).then(
        (value) => {
          if (startedIn === generation) {
            cache.set(key, { value });
            inFlight.delete(key);
          }
          return value;
        },
        (error: unknown) => {
          inFlight.delete(key);
          throw error;
        },
      );
      inFlight.set(key, pending);
    }
    return pending;
  }

  return {
    get,
    forget(key: K) {
      generation += 1;
      cache.delete(key);
      inFlight.delete(key);
    },
    clear() {
      generation += 1;
      cache.clear();
      inFlight.clear();
    },
  };
}

/**
 * The sessions service with `find` kept for READ_CACHE_MS. Signing out here forgets the session
 * at once; on another instance the cookie may still show pages for up to READ_CACHE_MS, but no
 * longer change anything: forms read the session fresh (context.ts).
 */
export function cachedSessions(sessions: WebSessionsService, now: () => Date): WebSessionsService {
  const found = createReadCache<string, WebSession | null>({
    load: (token) => sessions.find(token),
    now,
  });
  return {
    start: sessions.start,
    find: (token) => (typeof token === 'string' ? found.get(token) : sessions.find(token)),
    async end(token) {
      if (typeof token === 'string') {
        found.forget(token);
      }
      await sessions.end(token);
    },
    async endAll(tx, accountId) {
      await sessions.endAll(tx, accountId);
      found.clear();
    },
  };
}

/** Whether an access event can change what a dashboard shows (keys, allowlists, plans). */
const changesDashboards = (event: BusEvent) => event.type !== 'data-changed';

/** A cache that empties itself when `events` announce a change to keys, allowlists or plans. */
export function clearedOnChanges(events: EventBus | undefined, clear: () => void): void {
  events?.subscribe((event) => {
    if (changesDashboards(event)) {
      clear();
    }
  });
}
