/**
 * The REST match list's hand-written baseline (docs/performance-miss-path.md): bench/raw-pg-server.ts's
 * detail route plus a day page of 25 read with touchline's list statement (one statement, the
 * count with the page; its `OFFSET` parameter matters: without it PostgreSQL's generic plan for
 * the prepared statement hash-joins every match, 10 ms instead of 0.35), named prepared
 * statement, pool of 10. Not the same bytes as touchline's
 * list (no language choice, logos or page meta beyond the total): a floor, not a twin.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env['DATABASE_URL'], max: 10 });

const PAGE = `
  WITH filtered AS (
    SELECT m.id FROM matches m JOIN competitions c ON c.id = m.competition_id
     WHERE m.kickoff_utc >= $1 AND m.kickoff_utc < $2),
  counted AS (SELECT count(*)::int AS total FROM filtered)
  SELECT counted.total, p.* FROM counted LEFT JOIN LATERAL (
    SELECT m.id, m.status, m.minute, m.kickoff_utc, m.round, m.venue, m.home_score, m.away_score,
           m.ht_home_score, m.ht_away_score, m.home_corners, m.away_corners, m.home_yellow,
           m.home_red, m.away_yellow, m.away_red, c.name_en AS competition,
           c.name_original AS competition_original, h.name_en AS home, a.name_en AS away
      FROM filtered f JOIN matches m ON m.id = f.id
      JOIN competitions c ON c.id = m.competition_id
      JOIN teams h ON h.id = m.home_team_id JOIN teams a ON a.id = m.away_team_id
     ORDER BY m.kickoff_utc, m.id LIMIT $3 OFFSET $4::bigint) p ON TRUE
  ORDER BY p.kickoff_utc, p.id`;

type Cell = string | number | null;
interface Row {
  total: number;
  id: number | null;
  kickoff_utc: Date;
  competition: string;
  competition_original: string | null;
  home: string;
  away: string;
  status: string;
  minute: string | null;
  round: string | null;
  venue: string | null;
  home_score: Cell;
  away_score: Cell;
  ht_home_score: Cell;
  ht_away_score: Cell;
  home_corners: Cell;
  away_corners: Cell;
  home_yellow: Cell;
  home_red: Cell;
  away_yellow: Cell;
  away_red: Cell;
}

const pair = (a: unknown, b: unknown) => (a === null || b === null ? null : `${a}-${b}`);

function present(r: Row) {
  return {
    id: r.id,
    competition: { name: r.competition, nameOriginal: r.competition_original },
    home: { name: r.home },
    away: { name: r.away },
    status: r.status,
    minute: r.minute,
    kickoffUtc: r.kickoff_utc.toISOString(),
    score: {
      current: pair(r.home_score, r.away_score),
      halfTime: pair(r.ht_home_score, r.ht_away_score),
    },
    corners: pair(r.home_corners, r.away_corners),
    cards: {
      home: { yellow: r.home_yellow, red: r.home_red },
      away: { yellow: r.away_yellow, red: r.away_red },
    },
    round: r.round,
    venue: r.venue,
  };
}

const app = Fastify({ logger: false });
app.get('/readyz', async () => ({ status: 'ready' }));
app.get<{ Querystring: { date: string; pageSize?: string } }>('/matches', async (request) => {
  // Hong Kong day, as the list's default tz.
  const from = new Date(`${request.query.date}T00:00:00+08:00`);
  const to = new Date(from.getTime() + 86_400_000);
  const size = Number(request.query.pageSize ?? 25);
  const { rows } = await pool.query<Row>({ name: 'page', text: PAGE, values: [from, to, size, 0] });
  const items = rows.filter((r) => r.id !== null).map(present);
  return { data: items, meta: { page: 1, pageSize: size, total: rows[0]?.total ?? 0 } };
});
await app.listen({ host: '127.0.0.1', port: Number(process.env['PORT'] ?? 0) });
process.once('SIGTERM', () => {
  void app.close().then(() => pool.end());
});
