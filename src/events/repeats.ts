import { LRUCache } from 'lru-cache';
import type { BusEvent, SentEvent } from './event-types.js';

/** Events remembered per bus; far more than arrive while the slower transport catches up. */
const REMEMBERED = 1_024;

/**
 * Drops what another bus's event repeats. With Redis and PostgreSQL both configured every event
 * arrives twice, once per transport, and a data change that did not fit one NOTIFY arrives
 * through PostgreSQL in parts. Heard twice, a change evicts twice: the second copy throws away
 * what was rebuilt after the first, and a read under way when it lands is not kept, as if the
 * data had changed again (docs/live.md "Caches under live writes"). Each published event carries
 * its bus's serial number; a data change whose matches were all delivered already under
 * that number is dropped, and one that brings more is delivered with only those.
 */
export function createRepeatFilter(max = REMEMBERED) {
  /** Per `origin#serial`: the match ids delivered, or everything (an event without matches). */
  const delivered = new LRUCache<string, Set<number> | 'all'>({ max });

  return (sent: SentEvent): BusEvent | null => {
    const { origin, serial, ...event } = sent;
    if (origin === undefined || serial === undefined) {
      return event as BusEvent;
    }
    const id = `${origin}#${serial}`;
    const before = delivered.get(id);
    const matches = event.type === 'data-changed' ? event.changes?.matches : undefined;
    if (!matches) {
      // Not a data change, or one that says everything changed: one delivery says it all.
      if (before !== undefined) {
        return null;
      }
      delivered.set(id, 'all');
      return event as BusEvent;
    }
    if (before === 'all') {
      return null;
    }
    const fresh = before ? matches.filter((m) => !before.has(m.id)) : matches;
    if (before && fresh.length === 0) {
      return null;
    }
    const ids = before ?? new Set<number>();
    for (const m of fresh) {
      ids.add(m.id);
    }
    delivered.set(id, ids);
    if (fresh === matches || event.type !== 'data-changed' || !event.changes) {
      return event as BusEvent;
    }
    return { type: 'data-changed', changes: { ...event.changes, matches: fresh } };
  };
}
