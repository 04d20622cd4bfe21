/**
 * The "cache off" baselines of the PostgreSQL configuration, bare Fastify routes over
 * hand-written `pg` (same pool size as touchline's): one match by primary key (with its
 * competition and team names) in the shape of GET /v1/football/matches/{id}, and one day's page
 * answering exactly what GET /v1/football/matches?date=&pageSize= answers (bench/raw-pg-list.ts),
 * and issue 49's team last N and competition range (bench/raw-pg-catalogue.ts;
 * `BENCH_ASSETS_URL` is the touchline server's `{assets_url}`, which its logo URLs start with).
 */
import Fastify from 'fastify';
import pg from 'pg';
import { competitionRange, teamLast } from './raw-pg-catalogue.js';
import { dayPage, type MatchRow } from './raw-pg-list.js';

const databaseUrl = process.env['DATABASE_URL'];
if (!databaseUrl) {
  throw new Error('DATABASE_URL is required');
}
const assetsUrl = process.env['BENCH_ASSETS_URL'] ?? 'http://127.0.0.1/assets';
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });

const MATCH_BY_ID = `
  SELECT m.id, m.status, m.minute, m.kickoff_utc, m.round, m.venue,
         m.home_score, m.away_score, m.ht_home_score, m.ht_away_score,
         m.home_corners, m.away_corners, m.home_yellow, m.home_red, m.away_yellow, m.away_red,
         c.name_en AS competition, c.name_original AS competition_original,
         h.name_en AS home, a.name_en AS away
    FROM matches m
    JOIN competitions c ON c.id = m.competition_id
    JOIN teams h ON h.id = m.home_team_id
    JOIN teams a ON a.id = m.away_team_id
   WHERE m.id = $1`;

const pair = (a: number | null, b: number | null) =>
  a === null || b === null ? null : `${a}-${b}`;

function present(r: MatchRow) {
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
app.get('/readyz', async () => {
  await pool.query('SELECT 1');
  return { status: 'ready' };
});
app.get<{ Params: { id: string } }>('/matches/:id', async (request, reply) => {
  const id = Number(request.params.id);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) {
    return reply.code(404).send({ code: 'not_found' });
  }
  const { rows } = await pool.query<MatchRow>({
    name: 'match_by_id',
    text: MATCH_BY_ID,
    values: [id],
  });
  const row = rows[0];
  return row ? { data: present(row) } : reply.code(404).send({ code: 'not_found' });
});
interface ListQuery {
  date?: string;
  from?: string;
  to?: string;
  competitionId?: string;
  page?: string;
  pageSize?: string;
}
app.get<{ Querystring: ListQuery }>('/matches', async (request, reply) => {
  const q = request.query;
  const page = Number(q.page ?? 1);
  const pageSize = Math.min(Number(q.pageSize ?? 25), 100);
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(pageSize) || pageSize < 1) {
    return reply.code(400).send({ code: 'invalid_parameter' });
  }
  const body =
    q.from !== undefined && q.to !== undefined && page === 1
      ? await competitionRange(
          pool,
          { competitionId: Number(q.competitionId), from: q.from, to: q.to, pageSize },
          assetsUrl,
        )
      : await dayPage(pool, { date: q.date ?? '', page, pageSize }, assetsUrl);
  return body ?? reply.code(400).send({ code: 'invalid_parameter' });
});
app.get<{ Params: { id: string }; Querystring: { last?: string } }>(
  '/teams/:id/matches',
  async (request, reply) => {
    const body = await teamLast(
      pool,
      Number(request.params.id),
      Number(request.query.last ?? 10),
      assetsUrl,
    );
    return body ?? reply.code(400).send({ code: 'invalid_parameter' });
  },
);
await app.listen({ host: '127.0.0.1', port: Number(process.env['PORT'] ?? 0) });
process.once('SIGTERM', () => {
  void app.close().then(() => pool.end());
});
