import type { CornerEvent } from '../../analysis/corner-types.js';
import type { HistoryStore } from '../../analysis/history-store.js';
import type { AnalysisMarket } from '../../analysis/market-types.js';
import type { PrismaClient } from '../../db/generated/client.js';

interface MatchRow {
  id: number;
  competitionId: number;
  homeTeamId: number;
  awayTeamId: number;
  kickoffMs: number;
  finished: boolean;
  homeScore: number | null;
  awayScore: number | null;
  noCorners: boolean;
}

const MATCHES_SQL = `
  SELECT id, competition_id AS "competitionId", home_team_id AS "homeTeamId",
    away_team_id AS "awayTeamId", (extract(epoch FROM kickoff_utc) * 1000)::float8 AS "kickoffMs",
    (status = 'finished' AND home_score IS NOT NULL AND away_score IS NOT NULL) AS finished,
    -- Handicap and total-goals lines settle on regular time: extra time's goals are taken
    -- out where they are known, and a shoot-out is never in the score (docs/decisions.md).
    home_score - coalesce(et_home_score, 0) AS "homeScore",
    away_score - coalesce(et_away_score, 0) AS "awayScore",
    (home_corners = 0 AND away_corners = 0) IS TRUE AS "noCorners"
  FROM matches ORDER BY kickoff_utc, id`;

const LINES_SQL = `
  SELECT o.match_id AS "matchId", o.market::text AS market,
    string_agg(o.bookmaker_id::text || ':' || coalesce(o.open_line::text, '') || ':'
      || coalesce(o.close_line::text, ''), ',') AS lines
  FROM odds o JOIN bookmakers b ON b.id = o.bookmaker_id
  WHERE o.market IN ('hdp', 'hilo') AND NOT b.is_aggregate
  GROUP BY o.match_id, o.market`;

/** One string per match, e.g. "h3,a17,h45": side and minute, in time order. */
const CORNERS_SQL = `
  SELECT match_id AS "matchId",
    string_agg(CASE WHEN side = 'home' THEN 'h' ELSE 'a' END || minute::text, ','
      ORDER BY minute, extra_minute NULLS FIRST, seq) AS corners
  FROM match_events WHERE type = 'corner' GROUP BY match_id`;

function buildMatchArrays(rows: readonly MatchRow[]) {
  const n = rows.length;
  const s = {
    size: n,
    ids: new Int32Array(n),
    kickoffMs: new Float64Array(n),
    kickoffIso: rows.map((r) => new Date(r.kickoffMs).toISOString()),
    competition: new Int32Array(n),
    homeTeam: new Int32Array(n),
    awayTeam: new Int32Array(n),
    homeScore: new Int32Array(n),
    awayScore: new Int32Array(n),
    indexById: new Map<number, number>(),
  };
  const teamLists = new Map<number, number[]>();
  rows.forEach((r, i) => {
    s.ids[i] = r.id;
    s.kickoffMs[i] = r.kickoffMs;
    s.competition[i] = r.competitionId;
    s.homeTeam[i] = r.homeTeamId;
    s.awayTeam[i] = r.awayTeamId;
    s.homeScore[i] = r.finished ? (r.homeScore ?? -1) : -1;
    s.awayScore[i] = r.finished ? (r.awayScore ?? -1) : -1;
    s.indexById.set(r.id, i);
    if (r.finished) {
      for (const team of [r.homeTeamId, r.awayTeamId]) {
        const list = teamLists.get(team) ?? [];
        list.push(i);
        teamLists.set(team, list);
      }
    }
  });
  const teamHistory = new Map([...teamLists].map(([team, list]) => [team, Int32Array.from(list)]));
  return { ...s, teamHistory };
}

const parseLine = (text: string | undefined) => (text ? Number(text) : Number.NaN);

async function loadLines(db: PrismaClient, indexById: Map<number, number>, size: number) {
  const lines: HistoryStore['lines'] = { hdp: new Map(), hilo: new Map() };
  const offered: HistoryStore['offered'] = { hdp: new Map(), hilo: new Map() };
  const rows =
    await db.$queryRawUnsafe<{ matchId: number; market: AnalysisMarket; lines: string }[]>(
      LINES_SQL,
    );
  for (const row of rows) {
    const i = indexById.get(row.matchId);
    if (i === undefined) {
      continue;
    }
    const bookmakers: number[] = [];
    for (const token of row.lines.split(',')) {
      const [bookmaker, open, close] = token.split(':');
      const id = Number(bookmaker);
      let series = lines[row.market].get(id);
      if (!series) {
        series = new Float64Array(size * 2).fill(Number.NaN);
        lines[row.market].set(id, series);
      }
      series[2 * i] = parseLine(open);
      series[2 * i + 1] = parseLine(close);
      bookmakers.push(id);
    }
    offered[row.market].set(
      i,
      bookmakers.sort((a, b) => a - b),
    );
  }
  return { lines, offered };
}

function parseCorners(text: string): CornerEvent[] {
  return text.split(',').map((token) => ({
    side: token.startsWith('h') ? 'home' : 'away',
    minute: Number(token.slice(1)),
  }));
}

async function loadCorners(
  db: PrismaClient,
  rows: readonly MatchRow[],
  indexById: Map<number, number>,
) {
  const corners: (CornerEvent[] | null)[] = rows.map((r) => (r.noCorners ? [] : null));
  const found = await db.$queryRawUnsafe<{ matchId: number; corners: string }[]>(CORNERS_SQL);
  for (const row of found) {
    const i = indexById.get(row.matchId);
    if (i !== undefined) {
      corners[i] = parseCorners(row.corners);
    }
  }
  return corners;
}

export async function loadHistoryStore(db: PrismaClient): Promise<HistoryStore> {
  const rows = await db.$queryRawUnsafe<MatchRow[]>(MATCHES_SQL);
  const arrays = buildMatchArrays(rows);
  const [{ lines, offered }, corners, teams, competitions, bookmakers] = await Promise.all([
    loadLines(db, arrays.indexById, arrays.size),
    loadCorners(db, rows, arrays.indexById),
    db.team.findMany({ select: { id: true, nameEn: true } }),
    db.competition.findMany({ select: { id: true, nameEn: true } }),
    db.bookmaker.findMany({ select: { id: true, nameEn: true } }),
  ]);
  return {
    ...arrays,
    lines,
    offered,
    corners,
    teamNames: new Map(teams.map((t) => [t.id, t.nameEn])),
    competitionNames: new Map(competitions.map((c) => [c.id, c.nameEn])),
    bookmakerNames: new Map(bookmakers.map((b) => [b.id, b.nameEn])),
  };
}
