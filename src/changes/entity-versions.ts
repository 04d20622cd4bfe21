import type { SqlRead, SqlStatement } from '../db/database.js';
import type { EventBus } from '../events/event-bus.js';
import type { LastModified } from './match-versions.js';
import { createTaggedCache } from './tagged-cache.js';

const toSecond = (at: Date) => new Date(Math.floor(at.getTime() / 1000) * 1000);

interface EntityVersionsOptions {
  /** One row `{ at }`: the entity's last change, null for none. */
  statement(id: number): SqlStatement;
  /** What the answer shows (change-summary.ts `tags`); none: any data change evicts it. */
  tagsOf(id: number): string[];
}

/**
 * The `Last-Modified` of a page that is not one match's (a team, a player): read once, then kept
 * in memory until a change that shows in it (60 s at most), as match-versions.ts keeps a match's.
 */
export function createEntityVersions(
  read: SqlRead,
  events: Pick<EventBus, 'subscribe'>,
  options: EntityVersionsOptions,
) {
  const cache = createTaggedCache<{ modified: LastModified | null }>(
    events,
    { maxBytes: 1024 * 1024, sizeOf: () => 16, ttlMs: 60_000 },
    false,
  );

  async function readLastModified(id: number): Promise<LastModified | null> {
    const since = cache.mark();
    const rows = await read<{ at: Date | null }>(options.statement(id));
    const at = rows[0]?.at ? toSecond(new Date(rows[0].at)) : null;
    const modified = at ? { at, httpDate: at.toUTCString() } : null;
    cache.set(String(id), { modified }, options.tagsOf(id), since);
    return modified;
  }

  return {
    /** Answered without waiting when cached. */
    lastModified(id: number): LastModified | null | Promise<LastModified | null> {
      const hit = cache.get(String(id));
      return hit ? hit.modified : readLastModified(id);
    },
    close: () => cache.close(),
  };
}
