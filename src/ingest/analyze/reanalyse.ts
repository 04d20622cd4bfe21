import type { LoggedChange } from '../../changes/change-log.js';
import type { PrismaClient } from '../../db/generated/client.js';
import { analyzeLogged } from './analyze.js';

export interface Reanalysed {
  /** The upcoming matches whose analyses were computed again. */
  ids: number[];
  /** Change-log entries of the analyses that changed. */
  changes: LoggedChange[];
}

/**
 * A finished match changes its teams' history: the handicap, over-under and corner analyses of
 * their upcoming matches are computed again, those matches only (issue 47: whatever wrote the
 * result). `teams`: the finished matches' teams.
 */
export async function reanalyseTeams(
  db: PrismaClient,
  teams: readonly number[],
  now: Date,
): Promise<Reanalysed> {
  if (teams.length === 0) {
    return { ids: [], changes: [] };
  }
  const rows = await db.$queryRawUnsafe<{ id: number }[]>(
    `SELECT id FROM matches
      WHERE status = 'scheduled' AND kickoff_utc > $1::timestamptz
        AND (home_team_id = ANY($2::int[]) OR away_team_id = ANY($2::int[]))`,
    now.toISOString(),
    [...new Set(teams)],
  );
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) {
    return { ids, changes: [] };
  }
  const { changes } = await analyzeLogged(db, { matchIds: ids });
  return { ids, changes };
}

/**
 * After a write: the matches whose own row changed and that are finished now (a result came in
 * or was corrected) have their teams' upcoming matches re-analysed.
 */
export async function reanalyseAfter(
  db: PrismaClient,
  written: readonly LoggedChange[],
  now: Date,
): Promise<Reanalysed> {
  const touched = [
    ...new Set(
      written.filter((c) => c.resource === 'detail' && c.matchId !== null).map((c) => c.matchId),
    ),
  ];
  if (touched.length === 0) {
    return { ids: [], changes: [] };
  }
  const finished = await db.$queryRawUnsafe<{ home: number; away: number }[]>(
    `SELECT home_team_id AS home, away_team_id AS away FROM matches
      WHERE id = ANY($1::int[]) AND status = 'finished'`,
    touched,
  );
  return reanalyseTeams(
    db,
    finished.flatMap((m) => [m.home, m.away]),
    now,
  );
}
