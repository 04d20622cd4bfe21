/**
 * REST latency on a small and a large database, same routes, same fixture:
 *
 *   node --import tsx bench/scale-bench.ts \
 *     postgres://postgres@127.0.0.1:5432/touchline_10k postgres://postgres@127.0.0.1:5432/touchline_1m \
 *     [--seconds 5] [--connections 4] [--rounds 3] [--routes list,detail,search,...] [--json out.json]
 *
 * Starts `touchline serve` on each database (RESPONSE_CACHE=off: the database is measured, in
 * bench/servers.ts), with a throw-away Pro account and key whose tier limits are raised for the
 * run and put back afterwards. The match is the same fixture in both databases (found by teams
 * and kick-off: ids differ), the day the busiest Hong Kong day of the small database's last
 * 60 days. Each route is driven with autocannon for a few seconds per round, the databases
 * alternating, rounds repeated; the report gives per database and route the median over
 * rounds of req/s, mean, p50 and p99 latency, and the ratios large/small.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { type Server, touchlineCli } from './processes.js';
import { startTouchline, touchlineEnv } from './servers.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};
const urls = args.filter((a) => a.startsWith('postgres'));
if (urls.length !== 2) {
  console.error('usage: scale-bench.ts <small database url> <large database url> [options]');
  process.exit(2);
}
const SECONDS = Number(option('--seconds', '5'));
const CONNECTIONS = Number(option('--connections', '4'));
const ROUNDS = Number(option('--rounds', '3'));
const JSON_OUT = args.includes('--json') ? option('--json', '') : '';
const LIMIT = 1_000_000_000;

const dbName = (url: string) => new URL(url).pathname.slice(1);

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

interface Target {
  url: string;
  name: string;
  dataDir: string;
  accountId: number;
  key: string;
  limits: Record<string, number>;
  matchId: number;
  server?: Server;
}

async function prepare(url: string): Promise<Target> {
  const dataDir = await mkdtemp(join(tmpdir(), 'touchline-scale-'));
  const config = { name: 'postgres' as const, description: dbName(url), dataDir, databaseUrl: url };
  const env = touchlineEnv(config);
  const account = await touchlineCli<{ id: number }>(
    ['accounts', 'create', '--tier', 'Pro', '--name', 'scale-bench'],
    env,
  );
  const key = await touchlineCli<{ key: string }>(
    ['keys', 'create', '--account', String(account.id)],
    env,
  );
  const limits = await withClient(url, async (c) => {
    const { rows } = await c.query<Record<string, number>>(
      `SELECT daily_quota, rate_per_minute, free_matches_daily_quota FROM tier_limits WHERE tier = 'Pro'`,
    );
    await c.query(
      `UPDATE tier_limits SET daily_quota = $1, rate_per_minute = $1, free_matches_daily_quota = $1 WHERE tier = 'Pro'`,
      [LIMIT],
    );
    return rows[0] ?? {};
  });
  return {
    url,
    name: dbName(url),
    dataDir,
    accountId: account.id,
    key: key.key,
    limits,
    matchId: 0,
  };
}

async function restore(t: Target): Promise<void> {
  await withClient(t.url, async (c) => {
    await c.query(
      `UPDATE tier_limits SET daily_quota = $1, rate_per_minute = $2, free_matches_daily_quota = $3 WHERE tier = 'Pro'`,
      [t.limits['daily_quota'], t.limits['rate_per_minute'], t.limits['free_matches_daily_quota']],
    );
    await c.query('DELETE FROM accounts WHERE id = $1', [t.accountId]);
  });
}

interface Pick {
  /** Issue 49: a search box's four letters, the start of the fixture's home team's name. */
  searchTerm: string;
  day: string;
  dayMatches: number;
  home: number;
  away: number;
  kickoff: Date;
  market: string;
  bookmakerId: number;
}

/** In the small database: the busiest recent day, and a recent finished match with movement. */
async function pick(url: string): Promise<Pick> {
  return withClient(url, async (c) => {
    const day = await c.query<{ day: string; n: number }>(`
      SELECT to_char((kickoff_utc AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD') AS day,
             count(*)::int AS n
        FROM matches WHERE kickoff_utc > now() - interval '60 days' AND kickoff_utc < now() - interval '1 day'
       GROUP BY 1 ORDER BY 2 DESC, 1 DESC LIMIT 1`);
    const match = await c.query<{
      home: number;
      away: number;
      kickoff: Date;
      market: string;
      bookmaker: number;
    }>(`
      SELECT m.home_team_id AS home, m.away_team_id AS away, m.kickoff_utc AS kickoff,
             o.market::text AS market, o.bookmaker_id AS bookmaker
        FROM (SELECT * FROM matches WHERE status = 'finished' AND kickoff_utc < now() - interval '1 day'
               ORDER BY kickoff_utc DESC LIMIT 200) m
        JOIN odds_movements o ON o.match_id = m.id
        JOIN competitions c ON c.id = m.competition_id AND c.code NOT LIKE '%CL%'
       GROUP BY 1, 2, 3, 4, 5 ORDER BY count(*) DESC, 3 DESC LIMIT 1`);
    const d = day.rows[0];
    const m = match.rows[0];
    if (!d || !m) {
      throw new Error(`${dbName(url)}: no recent day or match`);
    }
    const term = await c.query<{ term: string }>(
      'SELECT lower(left(name_en, 4)) AS term FROM teams WHERE id = $1',
      [m.home],
    );
    return {
      searchTerm: term.rows[0]?.term ?? 'unit',
      day: d.day,
      dayMatches: d.n,
      home: m.home,
      away: m.away,
      kickoff: m.kickoff,
      market: m.market,
      bookmakerId: m.bookmaker,
    };
  });
}

async function matchIdOf(url: string, p: Pick): Promise<number> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ id: number }>(
      'SELECT id FROM matches WHERE home_team_id = $1 AND away_team_id = $2 AND kickoff_utc = $3',
      [p.home, p.away, p.kickoff],
    );
    const id = rows[0]?.id;
    if (id === undefined) {
      throw new Error(`${dbName(url)}: the fixture is missing`);
    }
    return id;
  });
}

interface Measure {
  rps: number;
  /** Mean latency (ms, with decimals: autocannon's percentiles are whole milliseconds). */
  mean: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function run(url: string, key: string): Promise<Measure> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: SECONDS, headers: { 'x-api-key': key } },
      (error, r) =>
        error
          ? reject(error)
          : resolve({
              rps: r.requests.average,
              mean: r.latency.average,
              p50: r.latency.p50,
              p99: r.latency.p99,
              non2xx: r.non2xx,
              errors: r.errors + r.timeouts,
            }),
    );
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

const [smallUrl, largeUrl] = urls as [string, string];
const targets = [await prepare(smallUrl), await prepare(largeUrl)];
const chosen = await pick(smallUrl);
for (const t of targets) {
  t.matchId = await matchIdOf(t.url, chosen);
}
const ONLY = option('--routes', '').split(',').filter(Boolean);
const routes = (t: Target): Record<string, string> =>
  Object.fromEntries(
    Object.entries({
      list: `/v1/football/matches?date=${chosen.day}&pageSize=25`,
      detail: `/v1/football/matches/${t.matchId}`,
      movement: `/v1/football/matches/${t.matchId}/odds/${chosen.market}/${chosen.bookmakerId}`,
      h2h: `/v1/football/matches/${t.matchId}/h2h`,
      live: '/v1/football/matches/live',
      search: `/v1/football/search?q=${encodeURIComponent(chosen.searchTerm)}`,
    }).filter(([route]) => ONLY.length === 0 || ONLY.includes(route)),
  );
const logDir = await mkdtemp(join(tmpdir(), 'touchline-scale-logs-'));
const results = new Map<string, Measure[]>();
const load = () => loadavg().map((x) => x.toFixed(2));
const loads: string[][] = [];
try {
  for (const t of targets) {
    t.server = await startTouchline(
      { name: 'postgres', description: t.name, dataDir: t.dataDir, databaseUrl: t.url },
      false,
      logDir,
    );
  }
  // Warm-up: one short pass per route and database (caches, JIT, connection pools).
  for (const t of targets) {
    for (const path of Object.values(routes(t))) {
      await run(`${t.server?.url}${path}`, t.key);
    }
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    loads.push(load());
    for (const [route] of Object.entries(routes(targets[0] as Target))) {
      for (const t of round % 2 === 0 ? targets : [...targets].reverse()) {
        const m = await run(`${t.server?.url}${routes(t)[route]}`, t.key);
        const k = `${t.name} ${route}`;
        results.set(k, [...(results.get(k) ?? []), m]);
        process.stderr.write(
          `round ${round + 1} ${k}: ${m.rps.toFixed(0)} req/s p50 ${m.p50} ms p99 ${m.p99} ms${m.non2xx ? ` non2xx ${m.non2xx}` : ''}\n`,
        );
      }
    }
  }
  loads.push(load());
} finally {
  for (const t of targets) {
    await t.server?.stop();
    await restore(t);
  }
}

const summary = Object.keys(routes(targets[0] as Target)).map((route) => {
  const [small, large] = targets.map((t) => {
    const ms = results.get(`${t.name} ${route}`) ?? [];
    return {
      rps: median(ms.map((m) => m.rps)),
      mean: median(ms.map((m) => m.mean)),
      p50: median(ms.map((m) => m.p50)),
      p99: median(ms.map((m) => m.p99)),
      non2xx: ms.reduce((a, m) => a + m.non2xx + m.errors, 0),
    };
  }) as [Measure, Measure];
  return {
    route,
    small,
    large,
    rpsRatio: small.rps / large.rps,
    meanRatio: large.mean / small.mean,
  };
});
console.log(
  `| route | ${targets[0]?.name} req/s | mean ms | p50 | p99 | ${targets[1]?.name} req/s | mean ms | p50 | p99 | req/s small/large | mean large/small |`,
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const s of summary) {
  const cells = (m: Measure) => `${m.rps.toFixed(0)} | ${m.mean.toFixed(2)} | ${m.p50} | ${m.p99}`;
  console.log(
    `| ${s.route} | ${cells(s.small)} | ${cells(s.large)} | ${s.rpsRatio.toFixed(2)} | ${s.meanRatio.toFixed(2)} |`,
  );
}
// Issue 49: a cache-off search against the cache-off detail of the same database.
const detailRow = summary.find((s) => s.route === 'detail');
const searchRow = summary.find((s) => s.route === 'search');
if (detailRow && searchRow) {
  for (const size of ['small', 'large'] as const) {
    const [search, detail] = [searchRow[size], detailRow[size]];
    console.log(
      `search "${chosen.searchTerm}" / detail, ${size}: req/s ${(search.rps / detail.rps).toFixed(2)} (target >= 0.5), p99 ${(search.p99 / Math.max(1, detail.p99)).toFixed(2)}x (target <= 5)`,
    );
  }
}
const failed = summary.filter((s) => s.small.non2xx + s.large.non2xx > 0);
if (failed.length > 0) {
  console.log(`\nNON-2XX OR ERRORS: ${failed.map((s) => s.route).join(', ')}`);
}
console.log(
  `\nday ${chosen.day} (${chosen.dayMatches} matches); match ${targets.map((t) => `${t.name} ${t.matchId}`).join(', ')}; movement ${chosen.market}/${chosen.bookmakerId}; ${CONNECTIONS} connections, ${SECONDS} s x ${ROUNDS} rounds; load average per round ${loads.map((l) => l.join('/')).join(', ')}`,
);
if (JSON_OUT) {
  await writeFile(
    JSON_OUT,
    `${JSON.stringify({ chosen, targets: targets.map((t) => ({ name: t.name, matchId: t.matchId })), seconds: SECONDS, connections: CONNECTIONS, rounds: ROUNDS, loads, summary, raw: Object.fromEntries(results) }, null, 2)}\n`,
  );
}
