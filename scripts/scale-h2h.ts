/**
 * The head-to-head history statement as src/football/h2h.ts issues it, against the rewrite
 * docs/scale.md proposes, on each database given (same fixture, found by teams and kick-off):
 *
 *   node --import tsx scripts/scale-h2h.ts <small url> <large url> [--runs 300]
 *
 * Prints per database the median and p99 time of each statement (run sequentially, through
 * `pg`), whether both return the same rows, and EXPLAIN's index use. Read-only.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { FORM_MATCHES, H2H_MEETINGS } from '../src/football/h2h-compute.js';
import { MATCH_COLUMNS, MATCH_JOINS } from '../src/football/match-record.js';

const args = process.argv.slice(2);
const urls = args.filter((a) => a.startsWith('postgres'));
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 300;
if (urls.length === 0) {
  console.error('usage: scale-h2h.ts <database url>... [--runs 300]');
  process.exit(2);
}

const columns = MATCH_COLUMNS.strings.join('');
const joins = MATCH_JOINS.strings.join('');
const DONE = `m.status = 'finished' AND m.home_score IS NOT NULL AND m.away_score IS NOT NULL`;

/** Today's statement (the target CTE and one LATERAL per kind, OR of both sides). */
const history = (kind: string, teams: string, limit: number) => `
  SELECT t.id AS target_id, '${kind}'::text AS kind, h.* FROM target t CROSS JOIN LATERAL (
    SELECT ${columns} FROM matches m ${joins}
    WHERE ${DONE} AND m.kickoff_utc < t.ko AND (${teams})
    ORDER BY m.kickoff_utc DESC, m.id DESC LIMIT ${limit}) h`;
const CURRENT = `
  WITH target AS (SELECT id, home_team_id AS home, away_team_id AS away, kickoff_utc AS ko
    FROM matches WHERE id = ANY($1::int[]))
  ${history('meeting', '(m.home_team_id = t.home AND m.away_team_id = t.away) OR (m.home_team_id = t.away AND m.away_team_id = t.home)', H2H_MEETINGS)}
  UNION ALL ${history('home', 'm.home_team_id = t.home OR m.away_team_id = t.home', FORM_MATCHES)}
  UNION ALL ${history('away', 'm.home_team_id = t.away OR m.away_team_id = t.away', FORM_MATCHES)}`;

/**
 * The rewrite (docs/scale.md, "h2h"): the caller already holds the target (teams, kick-off), so
 * they are parameters, and each side of an OR is its own index range read latest first with
 * its own LIMIT (two backward index scans); the planner sees real values, not a LATERAL
 * reference. Names are joined once over all kinds. One block per target (UNION ALL) in a batch.
 */
const side = (where: string, limit: number) =>
  `(SELECT * FROM matches m WHERE ${where} AND m.kickoff_utc < $4 AND ${DONE}
     ORDER BY m.kickoff_utc DESC, m.id DESC LIMIT ${limit})`;
const kindOf = (kind: string, a: string, b: string, limit: number) => `
  (SELECT $1::int AS target_id, '${kind}'::text AS kind, s.* FROM (
    ${side(a, limit)} UNION ALL ${side(b, limit)}) s
    ORDER BY s.kickoff_utc DESC, s.id DESC LIMIT ${limit})`;
const REWRITE = `
  SELECT m.target_id, m.kind, ${columns} FROM (
    ${kindOf('meeting', 'm.home_team_id = $2 AND m.away_team_id = $3', 'm.home_team_id = $3 AND m.away_team_id = $2', H2H_MEETINGS)}
    UNION ALL ${kindOf('home', 'm.home_team_id = $2', 'm.away_team_id = $2', FORM_MATCHES)}
    UNION ALL ${kindOf('away', 'm.home_team_id = $3', 'm.away_team_id = $3', FORM_MATCHES)}) m ${joins}
  ORDER BY m.target_id, m.kind, m.kickoff_utc DESC, m.id DESC`;

/** Rows of either statement, in one order (the kinds are compared as sets of ordered lists). */
const canonical = (rows: unknown[]) =>
  JSON.stringify(
    [...rows].sort((a, b) =>
      String((a as { kind: string }).kind).localeCompare(String((b as { kind: string }).kind)),
    ),
  );

async function time(client: pg.Client, sql: string, params: unknown[]) {
  const ms: number[] = [];
  let rows: unknown[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    rows = (await client.query(sql, params)).rows;
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), rows };
}

async function indexes(client: pg.Client, sql: string, params: unknown[]): Promise<string> {
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
  const used = rows
    .map((r) => r['QUERY PLAN'])
    .filter((l) => / on matches /.test(l))
    .map((l) =>
      l
        .trim()
        .replace(/\s+\(cost.*$/, '')
        .replace(/^->\s*/, ''),
    );
  return [...new Set(used)].join('; ');
}

let fixture: { home: number; away: number; kickoff: Date } | undefined;
for (const url of urls) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (!fixture) {
      const { rows } = await client.query<{ home: number; away: number; kickoff: Date }>(`
        SELECT m.home_team_id AS home, m.away_team_id AS away, m.kickoff_utc AS kickoff
          FROM (SELECT * FROM matches WHERE status = 'finished' AND kickoff_utc < now() - interval '1 day'
                 ORDER BY kickoff_utc DESC LIMIT 200) m
          JOIN odds_movements o ON o.match_id = m.id
          JOIN competitions c ON c.id = m.competition_id AND c.code NOT LIKE '%CL%'
         GROUP BY 1, 2, 3 ORDER BY count(*) DESC, 3 DESC LIMIT 1`);
      fixture = rows[0];
    }
    if (!fixture) {
      throw new Error('no fixture');
    }
    const { rows } = await client.query<{ id: number }>(
      'SELECT id FROM matches WHERE home_team_id = $1 AND away_team_id = $2 AND kickoff_utc = $3',
      [fixture.home, fixture.away, fixture.kickoff],
    );
    const id = rows[0]?.id;
    if (id === undefined) {
      throw new Error('fixture missing');
    }
    const current = await time(client, CURRENT, [[id]]);
    const params = [id, fixture.home, fixture.away, fixture.kickoff];
    const rewrite = await time(client, REWRITE, params);
    const same = canonical(current.rows) === canonical(rewrite.rows);
    console.log(
      `${new URL(url).pathname.slice(1)} match ${id}: current p50 ${current.p50.toFixed(2)} ms p99 ${current.p99.toFixed(2)} ms | rewrite p50 ${rewrite.p50.toFixed(2)} ms p99 ${rewrite.p99.toFixed(2)} ms | same rows: ${same} (${current.rows.length})`,
    );
    console.log(`  current: ${await indexes(client, CURRENT, [[id]])}`);
    console.log(`  rewrite: ${await indexes(client, REWRITE, params)}`);
  } finally {
    await client.end();
  }
}
console.log(
  `${RUNS} runs each; load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join('/')}`,
);
