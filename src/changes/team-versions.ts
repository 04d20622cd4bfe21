import type { SqlRead } from '../db/database.js';
import type { EventBus } from '../events/event-bus.js';
import { tags } from './change-summary.js';
import type { LastModified } from './match-versions.js';
import { createTaggedCache } from './tagged-cache.js';

const toSecond = (at: Date) => new Date(Math.floor(at.getTime() / 1000) * 1000);

/**
 * A team page's and its match list's `Last-Modified` (issue 49): the latest change of any of the
 * team's matches (their `updated_at`, moved by every write of the row) or of reference data
 * (names). Null for a team without either. Kept in memory until a change of one of its matches
 * (the `tags.teamMatches` every such change evicts; 60 s at most), as match-versions.ts does.
 */
export function createTeamVersions(read: SqlRead, events: Pick<EventBus, 'subscribe'>) {
  const cache = createTaggedCache<{ modified: LastModified | null }>(
    events,
    { maxBytes: 1024 * 1024, sizeOf: () => 16, ttlMs: 60_000 },
    false,
  );

  async function readLastModified(teamId: number): Promise<LastModified | null> {
    const since = cache.mark();
    const rows = await read<{ at: Date | null }>({
      text: `SELECT greatest(
               (SELECT max(m.updated_at) FROM matches m WHERE m.home_team_id = $1),
               (SELECT max(m.updated_at) FROM matches m WHERE m.away_team_id = $1),
               (SELECT max(c.at) FROM change_log c WHERE c.resource = 'reference')
             ) AS at`,
      values: [teamId],
    });
    const at = rows[0]?.at ? toSecond(new Date(rows[0].at)) : null;
    const modified = at ? { at, httpDate: at.toUTCString() } : null;
    cache.set(String(teamId), { modified }, [tags.teamMatches(teamId), tags.anyTeamMatches], since);
    return modified;
  }

  return {
    /** Answered without waiting when cached. */
    lastModified(teamId: number): LastModified | null | Promise<LastModified | null> {
      const hit = cache.get(String(teamId));
      return hit ? hit.modified : readLastModified(teamId);
    },
    close: () => cache.close(),
  };
}
