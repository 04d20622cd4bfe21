/**
 * EXPLAIN of every SQL statement the REST routes issue, on a real database:
 *
 *   DATABASE_URL=postgres://.../touchline_1m node --import tsx scripts/explain-routes.ts \
 *     [--json out.json] [--no-analyze] [--min-rows 10000]
 *
 * Builds the app in process over a Prisma client that logs every query (with its parameters),
 * creates a throw-away Pro account and key, calls each REST route with `app.inject` using real
 * ids picked from the database (the busiest day of the last year, a finished match with odds,
 * movement, lineups, a regional board, exchange odds and reports, a live match), then runs
 * `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)` on each captured statement with its parameters
 * (inside BEGIN ... ROLLBACK; plain EXPLAIN for writes and with --no-analyze). Reports, per
 * route and statement, the scans and indexes used, and every sequential scan of a table with
 * more than --min-rows rows (planner estimate, pg_class.reltuples). Exits 1 when there is one.
 * The account and key are deleted at the end.
 */
import { writeFile } from 'node:fs/promises';
import { PrismaPg } from '@prisma/adapter-pg';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app/build-app.js';
import { composeDeps } from '../app/compose.js';
import { seedPlans } from '../src/accounts/plans-seed.js';
import { loadConfig } from '../src/config/config.js';
import { primaryReads } from '../src/db/data-reads.js';
import type { Database, SqlStatement } from '../src/db/database.js';
import { PrismaClient } from '../src/db/generated/client.js';
import { createPgPool } from '../src/db/pg-pool.js';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const ANALYZE = !flag('--no-analyze');
const MIN_ROWS = Number(option('--min-rows') ?? 10_000);
const JSON_OUT = option('--json');
const PREFIX = '/v1/football';

const url = process.env['DATABASE_URL'];
if (!url) {
  console.error('DATABASE_URL is required (a PostgreSQL database with demo data)');
  process.exit(2);
}

interface Captured {
  sql: string;
  params: unknown[];
  ms: number;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Plan Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

interface Scan {
  node: string;
  relation: string;
  index?: string | undefined;
  rows?: number | undefined;
}

interface StatementReport {
  route: string;
  sql: string;
  params: unknown[];
  explained: 'analyze' | 'plan' | 'skipped';
  executionMs?: number | undefined;
  scans: Scan[];
  bigSeqScans: string[];
  error?: string;
}

// --- the app over a logging Prisma client -----------------------------------------------------

const pool = createPgPool(url);
const adapter = new PrismaPg(pool);
const prisma = new PrismaClient({ adapter, log: [{ emit: 'event', level: 'query' }] });
let capturing: Captured[] | null = null;
prisma.$on('query', (e) => {
  if (capturing) {
    capturing.push({ sql: e.query, params: parseParams(e.params), ms: e.duration });
  }
});
// The services' driver-level reads are statements of the routes too.
const read = async <T>(sql: SqlStatement) => {
  capturing?.push({ sql: sql.text, params: [...sql.values], ms: 0 });
  return (await pool.query({ text: sql.text, values: [...sql.values] })).rows as T[];
};
const database: Database = {
  prisma,
  read,
  data: primaryReads(prisma, read),
  kind: 'postgres',
  driver: { kind: 'postgres', pool },
  adapter,
  async close() {
    await prisma.$disconnect();
    await pool.end().catch(() => {});
  },
};

function parseParams(text: string): unknown[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

await seedPlans(prisma);
const config = loadConfig({
  LOG_LEVEL: 'silent',
  RESPONSE_CACHE: 'off',
  BASE_URL: 'http://explain',
});
const deps = await composeDeps(config, database);
const app: FastifyInstance = await buildApp(config, { ...deps, close: async () => {} });
await app.ready();
// Every GET route of the REST API, from its OpenAPI document (`/matches/{matchId}`).
const openapi = (app as unknown as { swagger(): { paths: Record<string, object> } }).swagger();
const routes = Object.entries(openapi.paths)
  .filter(([path, item]) => path.startsWith(PREFIX) && 'get' in item)
  .map(([path]) => path);

// --- real ids ----------------------------------------------------------------------------------

const raw = new pg.Client({ connectionString: url });
await raw.connect();
const one = async <T>(sql: string, params: unknown[] = []): Promise<T | undefined> =>
  (await raw.query(sql, params)).rows[0] as T | undefined;

const day = await one<{ day: string; n: number }>(`
  SELECT to_char((kickoff_utc AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD') AS day,
         count(*)::int AS n
    FROM matches
   WHERE kickoff_utc > now() - interval '365 days' AND kickoff_utc < now()
   GROUP BY 1 ORDER BY 2 DESC, 1 DESC LIMIT 1`);
// The latest finished match with every child the detail routes read (bounded: recent matches).
const match = await one<{ id: number }>(`
  SELECT m.id FROM (
    SELECT id FROM matches WHERE status = 'finished' AND kickoff_utc < now()
     ORDER BY kickoff_utc DESC LIMIT 3000) m
   WHERE EXISTS (SELECT 1 FROM odds_movements o WHERE o.match_id = m.id)
     AND EXISTS (SELECT 1 FROM match_events e WHERE e.match_id = m.id)
     AND EXISTS (SELECT 1 FROM regional_pools r WHERE r.match_id = m.id)
     AND EXISTS (SELECT 1 FROM exchange_odds x WHERE x.match_id = m.id)
     AND EXISTS (SELECT 1 FROM ai_reports a WHERE a.match_id = m.id)
     AND EXISTS (SELECT 1 FROM customer_tips t WHERE t.match_id = m.id)
     AND (SELECT count(*) FROM lineup_teams l WHERE l.match_id = m.id AND l.published) = 2
   ORDER BY m.id DESC LIMIT 1`);
if (!day || !match) {
  throw new Error('no busy day or no finished match with all children: load the demo first');
}
const movement = await one<{ market: string; bookmaker: number; name: string }>(
  `SELECT o.market::text AS market, o.bookmaker_id AS bookmaker, b.name
     FROM odds_movements o JOIN bookmakers b ON b.id = o.bookmaker_id
    WHERE o.match_id = $1 GROUP BY 1, 2, 3 ORDER BY count(*) DESC, 2 LIMIT 1`,
  [match.id],
);
const league = await one<{ name: string }>(
  `SELECT c.name_en AS name FROM matches m JOIN competitions c ON c.id = m.competition_id
    WHERE m.id = $1`,
  [match.id],
);
const missing = await one<{ id: number }>('SELECT max(id) + 1000 AS id FROM matches');
if (!movement || !league || !missing) {
  throw new Error('no movement for the picked match');
}

// --- a throw-away key --------------------------------------------------------------------------

const account = await deps.services.accounts.createAccount('Pro', 'explain-routes');
const key = (await deps.services.accounts.createKey(account.id)).key;

const m = match.id;
const calls: string[] = [
  `/matches?date=${day.day}&pageSize=25`,
  `/matches?date=${day.day}&pageSize=25&page=2`,
  `/matches?date=${day.day}&status=finished&league=${encodeURIComponent(league.name)}`,
  '/matches',
  '/matches/live',
  `/matches/live?league=${encodeURIComponent(league.name)}`,
  `/matches/${m}`,
  `/matches/${missing.id}`,
  `/matches/${m}/events`,
  `/matches/${m}/statistics`,
  `/matches/${m}/h2h`,
  `/matches/${m}/lineups`,
  '/odds/bookmakers',
  `/matches/${m}/odds`,
  `/matches/${m}/odds/exchange`,
  `/matches/${m}/odds/kelly`,
  `/matches/${m}/odds/regional`,
  `/matches/${m}/odds/${movement.market}/${movement.bookmaker}`,
  `/matches/${m}/odds/${movement.market}/${encodeURIComponent(movement.name)}`,
  `/matches/${missing.id}/odds/${movement.market}/${movement.bookmaker}`,
  `/matches/${m}/analysis/ai-basic`,
  `/matches/${m}/analysis/ai-deep`,
  `/matches/${m}/analysis/tips-distribution`,
  `/matches/${m}/analysis/handicap`,
  `/matches/${m}/analysis/over-under`,
  `/matches/${m}/analysis/corners`,
  '/meta/limits',
  '/meta/plans',
  '/search?q=united',
  `/search?q=${encodeURIComponent('曼')}&type=team`,
];

// Route patterns the calls above do not reach would be a gap in this script.
const pattern = (route: string) =>
  new RegExp(`^${route.replace(/\{[A-Za-z]+\}/g, '[^/]+').replace(/\//g, '\\/')}$`);
const uncovered = routes.filter(
  (r) => !calls.some((c) => pattern(r.slice(PREFIX.length)).test(c.split('?')[0] ?? '')),
);

const byRoute: { route: string; status: number; statements: Captured[] }[] = [];
try {
  for (const call of calls) {
    capturing = [];
    const response = await app.inject({
      method: 'GET',
      url: `${PREFIX}${call}`,
      headers: { 'x-api-key': key },
    });
    // Query events are emitted after the promise settles: let them arrive.
    await new Promise((resolve) => setTimeout(resolve, 20));
    byRoute.push({ route: call, status: response.statusCode, statements: capturing });
    capturing = null;
  }
} finally {
  await app.close();
  await deps.close();
  await raw.query('DELETE FROM accounts WHERE id = $1', [account.id]);
}

// --- EXPLAIN -----------------------------------------------------------------------------------

const sizes = new Map(
  (
    await raw.query<{ name: string; rows: number }>(
      `SELECT relname AS name, reltuples::bigint::float8 AS rows FROM pg_class
        WHERE relkind IN ('r', 'p') AND relnamespace = 'public'::regnamespace`,
    )
  ).rows.map((r) => [r.name, r.rows]),
);

function scansOf(node: PlanNode, out: Scan[] = []): Scan[] {
  const type = node['Node Type'];
  if (node['Relation Name'] || node['Index Name']) {
    out.push({
      node: type,
      relation: node['Relation Name'] ?? '',
      index: node['Index Name'],
      rows: node['Actual Rows'] ?? node['Plan Rows'],
    });
  }
  for (const child of node.Plans ?? []) {
    scansOf(child, out);
  }
  return out;
}

const isRead = (sql: string) =>
  /^\s*(SELECT|WITH)\b/i.test(sql) && !/\b(INSERT|UPDATE|DELETE)\b/i.test(sql);
const skip = (sql: string) => /^\s*(BEGIN|COMMIT|ROLLBACK|SET|SHOW|DEALLOCATE)\b/i.test(sql);

const reports: StatementReport[] = [];
for (const { route, statements } of byRoute) {
  const seen = new Set<string>();
  for (const s of statements) {
    if (seen.has(s.sql)) {
      continue;
    }
    seen.add(s.sql);
    const report: StatementReport = {
      route,
      sql: s.sql,
      params: s.params,
      explained: 'skipped',
      scans: [],
      bigSeqScans: [],
    };
    reports.push(report);
    if (skip(s.sql)) {
      continue;
    }
    const analyze = ANALYZE && isRead(s.sql);
    try {
      await raw.query('BEGIN');
      const { rows } = await raw.query<{
        'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time'?: number }];
      }>(`EXPLAIN (${analyze ? 'ANALYZE, BUFFERS, ' : ''}FORMAT JSON) ${s.sql}`, s.params);
      const plan = rows[0]?.['QUERY PLAN'][0];
      if (plan) {
        report.explained = analyze ? 'analyze' : 'plan';
        report.executionMs = plan['Execution Time'];
        report.scans = scansOf(plan.Plan);
        report.bigSeqScans = report.scans
          .filter((x) => x.node === 'Seq Scan' && (sizes.get(x.relation) ?? 0) > MIN_ROWS)
          .map((x) => `${x.relation} (${Math.round(sizes.get(x.relation) ?? 0)} rows)`);
      }
    } catch (error) {
      report.error = error instanceof Error ? error.message : String(error);
    } finally {
      await raw.query('ROLLBACK');
    }
  }
}
await raw.end();
await database.close();

// --- report ------------------------------------------------------------------------------------

const oneLine = (sql: string) => sql.replace(/\s+/g, ' ').trim();
const describeScan = (x: Scan) =>
  `${x.node} ${x.relation}${x.index ? ` using ${x.index}` : ''}${x.rows !== undefined ? ` (${x.rows} rows)` : ''}`;

console.log(`# EXPLAIN of the REST routes (${new URL(url).pathname.slice(1)})`);
console.log(
  `picked: day ${day.day} (${day.n} matches), match ${m}, movement ${movement.market}/${movement.bookmaker} (${movement.name}), league ${league.name}`,
);
console.log(
  `tables: ${[...sizes]
    .filter(([, n]) => n > MIN_ROWS)
    .map(([t, n]) => `${t} ${Math.round(n)}`)
    .join(', ')}`,
);
console.log(
  `${routes.length} GET routes in the OpenAPI document, ${calls.length} calls; ${uncovered.length > 0 ? `ROUTES NOT CALLED: ${uncovered.join(', ')}` : 'every route called'}`,
);
for (const { route, status, statements } of byRoute) {
  console.log(`\n## GET ${PREFIX}${route} -> ${status} (${statements.length} statements)`);
  for (const r of reports.filter((x) => x.route === route)) {
    const time = r.executionMs !== undefined ? ` ${r.executionMs.toFixed(2)} ms` : '';
    console.log(`- ${r.explained}${time}: ${oneLine(r.sql).slice(0, 160)}`);
    if (r.error) {
      console.log(`  ERROR ${r.error}`);
    }
    for (const scan of r.scans) {
      console.log(`  ${describeScan(scan)}`);
    }
    for (const big of r.bigSeqScans) {
      console.log(`  SEQ SCAN ON LARGE TABLE: ${big}`);
    }
  }
}
const flagged = reports.filter((r) => r.bigSeqScans.length > 0);
const failed = reports.filter((r) => r.error);
console.log(
  `\n${reports.length} distinct statements on ${byRoute.length} calls; ${flagged.length} with a sequential scan of a table over ${MIN_ROWS} rows; ${failed.length} could not be explained`,
);
if (JSON_OUT) {
  await writeFile(
    JSON_OUT,
    `${JSON.stringify({ database: new URL(url).pathname.slice(1), day, match: m, movement, league, uncovered, calls: byRoute.map(({ route, status }) => ({ route, status })), statements: reports }, null, 2)}\n`,
  );
}
process.exitCode = flagged.length > 0 || failed.length > 0 ? 1 : 0;
