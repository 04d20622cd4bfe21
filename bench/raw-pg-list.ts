/**
 * raw pg's match list (bench/raw-pg-server.ts): one day's page in one statement, presented as
 * `GET /v1/football/matches?date=&pageSize=` answers it in English, byte for byte (the bench
 * compares the two bodies once per run). Written by hand, without touchline's modules.
 */
import type pg from 'pg';

/** The day's matches in kickoff order, with the day's total (a window count, before LIMIT). */
const DAY_PAGE = `
  SELECT count(*) OVER ()::int AS total,
         m.id, m.status::text AS status, m.minute, m.kickoff_utc, m.round, m.venue,
         m.home_score, m.away_score, m.ht_home_score, m.ht_away_score,
         m.home_corners, m.away_corners, m.home_yellow, m.home_red, m.away_yellow, m.away_red,
         c.name_en AS competition, c.name_original AS competition_original,
         h.name_en AS home, h.name_original AS home_original,
         a.name_en AS away, a.name_original AS away_original
    FROM matches m
    JOIN competitions c ON c.id = m.competition_id
    JOIN teams h ON h.id = m.home_team_id
    JOIN teams a ON a.id = m.away_team_id
   WHERE m.kickoff_utc >= $1 AND m.kickoff_utc < $2
   ORDER BY m.kickoff_utc, m.id
   LIMIT $3 OFFSET $4`;

/** A page past the end has no row to carry the window count. */
const DAY_COUNT = `SELECT count(*)::int AS total FROM matches
  WHERE kickoff_utc >= $1 AND kickoff_utc < $2`;

/** The columns both raw routes read of a match (the detail's and the list's statements). */
export interface MatchRow {
  id: number;
  status: string;
  minute: string | null;
  kickoff_utc: Date;
  round: string | null;
  venue: string | null;
  home_score: number | null;
  away_score: number | null;
  ht_home_score: number | null;
  ht_away_score: number | null;
  home_corners: number | null;
  away_corners: number | null;
  home_yellow: number | null;
  home_red: number | null;
  away_yellow: number | null;
  away_red: number | null;
  competition: string;
  competition_original: string | null;
  home: string;
  away: string;
}

export interface ListRow extends MatchRow {
  total: number;
  home_original: string;
  away_original: string;
}

interface ListQuery {
  date: string;
  page: number;
  pageSize: number;
}

const HONG_KONG_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The Hong Kong days `from`..`to` (the list's default tz) as UTC instants; null if not dates. */
export function hongKongDays(from: string, to: string = from): [Date, Date] | null {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  // Date.parse rolls 2026-02-30 over into March: only a date that survives the round trip is one.
  const isDate = (ms: number, text: string) =>
    !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === text;
  if (!isDate(start, from) || !isDate(end, to)) {
    return null;
  }
  return [new Date(start - HONG_KONG_OFFSET_MS), new Date(end - HONG_KONG_OFFSET_MS + DAY_MS)];
}

const pair = (a: number | null, b: number | null) =>
  a === null || b === null ? undefined : `${a}-${b}`;

export function present(r: ListRow, assetsUrl: string) {
  const logo = (name: string) =>
    `${assetsUrl}/UploadFolder/Teams/${encodeURIComponent(`${name}.png`)}`;
  const current = pair(r.home_score, r.away_score);
  const cards =
    r.home_yellow !== null || r.home_red !== null || r.away_yellow !== null || r.away_red !== null;
  // JSON.stringify drops the undefined properties: touchline omits null optionals (spec 2 rule 1).
  // Its serializer (fast-json-stringify) writes the required properties first, then the others.
  return {
    id: r.id,
    competition: { name: r.competition, nameOriginal: r.competition_original },
    home: { name: r.home },
    away: { name: r.away },
    homeLogo: logo(r.home_original),
    awayLogo: logo(r.away_original),
    status: r.status,
    kickoffUtc: `${r.kickoff_utc.toISOString().slice(0, 19)}Z`,
    minute: r.status === 'live' && r.minute !== null ? r.minute : undefined,
    score: current && { current, halfTime: pair(r.ht_home_score, r.ht_away_score) },
    corners: pair(r.home_corners, r.away_corners),
    cards: cards
      ? {
          home: { yellow: r.home_yellow, red: r.home_red },
          away: { yellow: r.away_yellow, red: r.away_red },
        }
      : undefined,
    round: r.round ?? undefined,
    venue: r.venue ?? undefined,
  };
}

/** The list's JSON body, or null for a date that is not one. */
export async function dayPage(pool: pg.Pool, query: ListQuery, assetsUrl: string) {
  const day = hongKongDays(query.date);
  if (!day) {
    return null;
  }
  const offset = (query.page - 1) * query.pageSize;
  const { rows } = await pool.query<ListRow>({
    name: 'day_page',
    text: DAY_PAGE,
    values: [...day, query.pageSize, offset],
  });
  const total =
    rows[0]?.total ??
    (await pool.query<{ total: number }>({ name: 'day_count', text: DAY_COUNT, values: day }))
      .rows[0]?.total ??
    0;
  return pageBody(rows, query, total, assetsUrl);
}

/** The list envelope: the page's matches and its meta. */
export function pageBody(
  rows: ListRow[],
  query: { page: number; pageSize: number },
  total: number,
  assetsUrl: string,
) {
  return {
    data: rows.map((r) => present(r, assetsUrl)),
    meta: {
      page: query.page,
      pageSize: query.pageSize,
      total,
      totalPages: Math.ceil(total / query.pageSize),
    },
  };
}
