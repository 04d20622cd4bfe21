/**
 * raw pg's catalogue lists (bench/raw-pg-server.ts, issue 49): a team's last N finished matches
 * and one competition's matches over a range of Hong Kong days, each in one statement, presented
 * as `GET /v1/football/teams/{id}/matches?last=N` and `GET /v1/football/matches?from=&to=
 * &competitionId=&pageSize=` answer them in English, byte for byte (the bench compares the bodies
 * once per run). Written by hand, without touchline's modules.
 */
import type pg from 'pg';
import { hongKongDays, type ListRow, pageBody } from './raw-pg-list.js';

const COLUMNS = `
  m.id, m.status::text AS status, m.minute, m.kickoff_utc, m.round, m.venue,
  m.home_score, m.away_score, m.ht_home_score, m.ht_away_score,
  m.home_corners, m.away_corners, m.home_yellow, m.home_red, m.away_yellow, m.away_red,
  c.name_en AS competition, c.name_original AS competition_original,
  h.name_en AS home, h.name_original AS home_original,
  a.name_en AS away, a.name_original AS away_original`;

const JOINS = `
  JOIN competitions c ON c.id = m.competition_id
  JOIN teams h ON h.id = m.home_team_id
  JOIN teams a ON a.id = m.away_team_id`;

/** `last=N`: a list of N, so its total is what it holds (at most N). */
const TEAM_LAST = `
  SELECT least(count(*) OVER (), $2)::int AS total, ${COLUMNS}
    FROM matches m ${JOINS}
   WHERE (m.home_team_id = $1 OR m.away_team_id = $1) AND m.status = 'finished'
   ORDER BY m.kickoff_utc DESC, m.id DESC
   LIMIT $2`;

const COMPETITION_RANGE = `
  SELECT count(*) OVER ()::int AS total, ${COLUMNS}
    FROM matches m ${JOINS}
   WHERE m.competition_id = $1 AND m.kickoff_utc >= $2 AND m.kickoff_utc < $3
   ORDER BY m.kickoff_utc, m.id
   LIMIT $4`;

/** The team's last `last` finished matches, newest first; null for a bad count. */
export async function teamLast(pool: pg.Pool, teamId: number, last: number, assetsUrl: string) {
  if (!Number.isInteger(teamId) || !Number.isInteger(last) || last < 1 || last > 100) {
    return null;
  }
  const { rows } = await pool.query<ListRow>({
    name: 'team_last',
    text: TEAM_LAST,
    values: [teamId, last],
  });
  return pageBody(rows, { page: 1, pageSize: last }, rows[0]?.total ?? 0, assetsUrl);
}

/** The first page of a competition's matches from `from` to `to` (Hong Kong days, inclusive). */
export async function competitionRange(
  pool: pg.Pool,
  query: { competitionId: number; from: string; to: string; pageSize: number },
  assetsUrl: string,
) {
  const days = hongKongDays(query.from, query.to);
  if (!days || !Number.isInteger(query.competitionId)) {
    return null;
  }
  const { rows } = await pool.query<ListRow>({
    name: 'competition_range',
    text: COMPETITION_RANGE,
    values: [query.competitionId, ...days, query.pageSize],
  });
  return pageBody(rows, { page: 1, pageSize: query.pageSize }, rows[0]?.total ?? 0, assetsUrl);
}
