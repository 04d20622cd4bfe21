import type { SqlRead } from '../db/database.js';
import type { EventBus } from '../events/event-bus.js';
import type { ChangeResource } from '../football/vocabulary.js';
import { tags } from './change-summary.js';
import { createTaggedCache } from './tagged-cache.js';

/** The time as `Last-Modified` carries it: whole seconds (RFC 9110 HTTP-date). */
const toSecond = (at: Date) => new Date(Math.floor(at.getTime() / 1000) * 1000);

/** A match resource's last change, with the header text it is sent as. */
export interface LastModified {
  at: Date;
  /** `at` as an HTTP-date, formatted once per cache entry rather than per response. */
  httpDate: string;
}

/**
 * A match resource's last change (DECISIONS.md "Live data": `Last-Modified`): the latest of the
 * match row's `updated_at`, the versions of the resources the payload shows (`match_versions`,
 * moved by every logged write) and, for payloads that name teams, competitions or bookmakers,
 * the latest change of that reference data. Null for a match that does not exist.
 *
 * Answers are kept in memory until a change of that match's resources (the data-changed event
 * every writer sends; 60 s at most, in case an event was missed), so a cached response costs no
 * query.
 */
export function createMatchVersions(read: SqlRead, events: Pick<EventBus, 'subscribe'>) {
  const cache = createTaggedCache<{ modified: LastModified | null }>(
    events,
    { maxBytes: 4 * 1024 * 1024, sizeOf: () => 16, ttlMs: 60_000 },
    false,
  );

  async function readLastModified(
    key: string,
    matchId: number,
    resources: readonly ChangeResource[],
  ): Promise<LastModified | null> {
    const own = resources.filter((r) => r !== 'reference');
    const since = cache.mark();
    const rows = await read<{ at: Date | null }>({
      text: `SELECT greatest(
                m.updated_at,
                (SELECT max(v.changed_at) FROM match_versions v
                  WHERE v.match_id = m.id AND v.resource = ANY($2::text[]::"ChangeResource"[])),
                CASE WHEN $3::boolean
                     THEN (SELECT max(c.at) FROM change_log c WHERE c.resource = 'reference') END
              ) AS at
           FROM matches m WHERE m.id = $1`,
      values: [matchId, own, resources.includes('reference')],
    });
    const row = rows[0];
    const at = row?.at ? toSecond(new Date(row.at)) : null;
    const modified = at ? { at, httpDate: at.toUTCString() } : null;
    cache.set(
      key,
      { modified },
      [...own, 'detail' as const].map((resource) => tags.match(matchId, resource)),
      since,
    );
    return modified;
  }

  return {
    /** Answered without waiting when cached (every cached response's case). */
    lastModified(
      matchId: number,
      resources: readonly ChangeResource[],
    ): LastModified | null | Promise<LastModified | null> {
      const key = `${matchId}:${resources.join(',')}`;
      const hit = cache.get(key);
      return hit ? hit.modified : readLastModified(key, matchId, resources);
    },
    /**
     * The last change of each match or any of its resources (GraphQL's `Match.updatedAt`), to the
     * millisecond; `Last-Modified` is this instant in whole seconds. Unknown ids are absent.
     */
    async lastChanged(matchIds: readonly number[]): Promise<Map<number, Date>> {
      const rows = await read<{ id: number; at: Date }>({
        text: `SELECT m.id, greatest(m.updated_at,
                  (SELECT max(v.changed_at) FROM match_versions v WHERE v.match_id = m.id)) AS at
             FROM matches m WHERE m.id = ANY($1::int[])`,
        values: [[...matchIds]],
      });
      return new Map(rows.map((r) => [r.id, new Date(r.at)]));
    },
    close: () => cache.close(),
  };
}
