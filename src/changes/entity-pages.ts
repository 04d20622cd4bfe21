import type { SqlRead } from '../db/database.js';
import type { EventBus } from '../events/event-bus.js';
import { tags } from './change-summary.js';
import { createEntityVersions } from './entity-versions.js';

/**
 * A team page's and its match list's `Last-Modified` (issue 49): the latest change of any of the
 * team's matches (their `updated_at`, moved by every write of the row) or of reference data
 * (names). Null for a team without either. Kept until a change of one of its matches evicts
 * `tags.teamMatches`.
 */
export function createTeamVersions(read: SqlRead, events: Pick<EventBus, 'subscribe'>) {
  return createEntityVersions(read, events, {
    statement: (teamId) => ({
      text: `SELECT greatest(
               (SELECT max(m.updated_at) FROM matches m WHERE m.home_team_id = $1),
               (SELECT max(m.updated_at) FROM matches m WHERE m.away_team_id = $1),
               (SELECT max(c.at) FROM change_log c WHERE c.resource = 'reference')
             ) AS at`,
      values: [teamId],
    }),
    tagsOf: (teamId) => [tags.teamMatches(teamId), tags.anyTeamMatches],
  });
}

/**
 * A player page's `Last-Modified`: the player row's `updated_at` (moved by every write of it),
 * or the latest reference change (its club's names) when later. Players and clubs are reference
 * data: any change of them evicts every entry.
 */
export function createPlayerVersions(read: SqlRead, events: Pick<EventBus, 'subscribe'>) {
  return createEntityVersions(read, events, {
    statement: (playerId) => ({
      text: `SELECT greatest(
               (SELECT p.updated_at FROM players p WHERE p.id = $1),
               (SELECT max(c.at) FROM change_log c WHERE c.resource = 'reference')
             ) AS at`,
      values: [playerId],
    }),
    tagsOf: () => [],
  });
}

/**
 * Search answers' `Last-Modified` (issue 49): the latest reference change (names, aliases). One
 * value for every query; any reference change evicts it.
 */
export function createSearchVersions(read: SqlRead, events: Pick<EventBus, 'subscribe'>) {
  return createEntityVersions(read, events, {
    statement: () => ({
      text: `SELECT max(c.at) AS at FROM change_log c WHERE c.resource = 'reference'`,
      values: [],
    }),
    tagsOf: () => [],
  });
}
