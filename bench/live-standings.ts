/**
 * `npm run bench:standings` (issue 49, docs/benchmarks.md "Live standings (issue 49)"): a
 * `touchline serve` on PostgreSQL and Redis with the demo data and a 20-team league whose round
 * of 10 matches is in play; STANDINGS_SSE subscribers of `GET /v1/football/stream?competitionId=`
 * and one GraphQL `standings` subscription; `touchline feed -` (the one writer, as a provider's
 * feed) applies GOALS goals one at a time, round robin over the live matches. Each goal's latency
 * runs from its change-log time (when the writer applied it) to its `standings` event at the last
 * SSE subscriber (and at the GraphQL one); p50 and p99, target p99 <= 250 ms; beside them the
 * same goals' `change` events on a plain `matchId=` stream (what push took before issue 49). In this
 * process, what a goal made the server read before and after issue 49's per-competition read:
 * the whole catalogue (every match grouped) against the one competition-season.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/database.js';
import { createEventBus } from '../src/events/event-bus.js';
import { createCompetitionsService } from '../src/football/competitions.js';
import { createSeasonMatches } from '../src/football/season-matches.js';
import {
  createPgDatabase,
  dropPgDatabase,
  dropRedisPrefix,
  loadDemoAndKey,
  raiseLimitsAndPick,
} from './databases.js';
import { Feed } from './live.js';
import { freePort, killChildren, log, startServer, TOUCHLINE_SERVE } from './processes.js';
import { type TouchlineConfig, touchlineEnv } from './servers.js';
import { subscribe } from './sse-arrivals.js';
import { percentile, round } from './stats.js';

const PG_URL = process.env['BENCH_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env['BENCH_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const GOALS = Number(process.env['BENCH_STANDINGS_GOALS'] ?? 500);
const STANDINGS_SSE = Number(process.env['BENCH_STANDINGS_SSE'] ?? 20);
/** A goal every this often (the next is not waited for: goals may overlap). */
const GOAL_EVERY_MS = Number(process.env['BENCH_STANDINGS_GOAL_MS'] ?? 100);
const P99_TARGET_MS = 250;
const LEAGUE = 990_001;
const TEAMS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type MatchRecord = Record<string, string | number>;

/** The league (the bench's own set-up, in the database itself): a played round, a live one. */
async function createLeague(databaseUrl: string): Promise<MatchRecord[]> {
  const now = new Date();
  const year = now.getUTCMonth() >= 6 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  const season = `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO competitions (id, code, name_en, region) VALUES ($1, 'BENCH-LIVE', 'Bench League', 'Europe')`,
      [LEAGUE],
    );
    const teams = Array.from({ length: TEAMS }, (_, i) => LEAGUE * 100 + i);
    await client.query(
      `INSERT INTO teams (id, name_en, name_original)
       SELECT id, 'Team ' || n, 'Team ' || n FROM unnest($1::int[]) WITH ORDINALITY AS t(id, n)`,
      [teams],
    );
    const week = new Date(now.getTime() - 7 * 86_400_000).toISOString();
    const hour = new Date(now.getTime() - 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z');
    const live: MatchRecord[] = [];
    for (let i = 0; i < TEAMS / 2; i++) {
      const [home, away] = [teams[i] as number, teams[TEAMS - 1 - i] as number];
      await client.query(
        `INSERT INTO matches (id, competition_id, home_team_id, away_team_id, status, kickoff_utc,
                              season, round, home_score, away_score)
         VALUES ($1, $2, $3, $4, 'finished', $5, $6, '1', $7, 0)`,
        [LEAGUE * 10 + i, LEAGUE, home, teams[(i + 1) % TEAMS], week, season, i % 3],
      );
      const record = {
        id: LEAGUE * 10 + 100 + i,
        competitionId: LEAGUE,
        homeTeamId: home,
        awayTeamId: away,
        kickoffUtc: hour,
        status: 'live',
        minute: '1',
        season,
        round: '2',
        homeScore: 0,
        awayScore: 0,
      };
      await client.query(
        `INSERT INTO matches (id, competition_id, home_team_id, away_team_id, status, minute,
                              kickoff_utc, season, round, home_score, away_score)
         VALUES ($1, $2, $3, $4, 'live', '1', $5, $6, '2', 0, 0)`,
        [record.id, LEAGUE, home, away, hour, season],
      );
      live.push(record);
    }
    return live;
  } finally {
    await client.end();
  }
}

/** Each goal's change-log time (ms) by seq: when the writer applied it. */
async function appliedAt(databaseUrl: string): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ seq: string; at: Date }>(
      `SELECT seq::text AS seq, at FROM change_log c JOIN matches m ON m.id = c.match_id
        WHERE m.competition_id = $1 AND c.resource = 'detail'`,
      [LEAGUE],
    );
    return new Map(rows.map((r) => [r.seq, new Date(r.at).getTime()]));
  } finally {
    await client.end();
  }
}

const stats = (ms: number[]) => ({
  n: ms.length,
  p50Ms: round(percentile(ms, 50), 1),
  p99Ms: round(percentile(ms, 99), 1),
  maxMs: round(Math.max(0, ...ms), 1),
});

/** Median ms of `runs` calls of `fn`. */
async function timed(runs: number, fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return round(percentile(times, 50), 2);
}

/** What one goal made a server read: before issue 49 the whole catalogue, now one season. */
async function readsPerGoal(config: TouchlineConfig) {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  const events = createEventBus();
  try {
    const competitions = createCompetitionsService({ read: database.read, events });
    const seasons = createSeasonMatches({ read: database.read, events });
    const catalogue = await competitions.catalogue();
    const league = catalogue.byId.get(LEAGUE);
    const season = league?.seasons.at(-1);
    if (!season) {
      throw new Error('the bench league has no season');
    }
    const key = { competitionId: LEAGUE, year: season.year, labels: season.labels };
    const matches = await database.read<{ n: number }>({
      text: 'SELECT count(*)::int AS n FROM matches',
      values: [],
    });
    return {
      storeMatches: matches[0]?.n ?? 0,
      catalogueReadMs: await timed(20, () =>
        createCompetitionsService({ read: database.read, events }).catalogue(),
      ),
      seasonReadMs: await timed(20, () => seasons.seasons([key], true)),
    };
  } finally {
    await database.close();
  }
}

const tmp = await mkdtemp(join(tmpdir(), 'touchline-standings-'));
const name = `touchline_standings_${process.pid}`;
const prefix = `tlstandings_${process.pid}`;
const closing: Array<{ close: () => void }> = [];
let feed: Feed | undefined;
try {
  const config: TouchlineConfig = {
    name: 'postgres',
    description: 'PostgreSQL, Redis',
    dataDir: join(tmp, 'data'),
    databaseUrl: await createPgDatabase(PG_URL, name),
    redisUrl: REDIS_URL,
    redisPrefix: prefix,
  };
  log('demo data, the bench key, a league with a round in play');
  const bench = await raiseLimitsAndPick(config, await loadDemoAndKey(touchlineEnv(config), 400));
  const live = await createLeague(config.databaseUrl as string);
  const port = await freePort();
  const server = await startServer({
    name: 'touchline-standings',
    ...TOUCHLINE_SERVE,
    env: touchlineEnv(config, { PORT: String(port), STREAM_MAX_MS: '3600000' }),
    port,
    readyPath: '/readyz',
    logDir: tmp,
  });
  closing.push({ close: () => void server.stop() });
  const sse = new Map<string, number>();
  const changes = new Map<string, number>();
  const graphql = new Map<string, number>();
  for (let i = 0; i < STANDINGS_SSE; i++) {
    closing.push(
      await subscribe(
        `${server.url}/v1/football/stream?competitionId=${LEAGUE}`,
        bench.key,
        'standings',
        (e) => e.id,
        sse,
      ),
    );
  }
  // The baseline: the same goals' `change` events on a stream of the live matches by id.
  closing.push(
    await subscribe(
      `${server.url}/v1/football/stream?matchId=${live.map((m) => m['id']).join(',')}`,
      bench.key,
      'change',
      (e) => e.id,
      changes,
    ),
  );
  const query = `subscription { standings(competitionId: "${LEAGUE}") { competitionId } }`;
  // The GraphQL event carries no seq: it is matched to the goal it follows (below).
  const graphqlArrivals: number[] = [];
  closing.push(
    await subscribe(
      `${server.url}/graphql?query=${encodeURIComponent(query)}`,
      bench.key,
      'next',
      () => {
        graphqlArrivals.push(Date.now());
        return String(graphqlArrivals.length);
      },
      graphql,
    ),
  );
  feed = new Feed(config, tmp);
  await sleep(2000);
  log(`${GOALS} goals, one every ${GOAL_EVERY_MS} ms, ${STANDINGS_SSE} SSE + 1 GraphQL`);
  for (let g = 0; g < GOALS; g++) {
    const match = live[g % live.length] as MatchRecord;
    const side = g % 3 === 0 ? 'awayScore' : 'homeScore';
    match[side] = Number(match[side]) + 1;
    match['minute'] = String(1 + Math.floor(g / live.length));
    feed.write([JSON.stringify({ op: 'upsert', resource: 'matches', record: match })]);
    await sleep(GOAL_EVERY_MS);
  }
  await sleep(3000);
  await feed.stop();
  feed = undefined;
  const applied = await appliedAt(config.databaseUrl as string);
  const goals = [...applied.entries()].sort((a, b) => Number(BigInt(a[0]) - BigInt(b[0])));
  const latencies = (seen: Map<string, number>) =>
    goals.flatMap(([seq, at]) => {
      const got = seen.get(seq);
      return got === undefined ? [] : [got - at];
    });
  const sseMs = latencies(sse);
  // A GraphQL event carries no seq: timed from the latest goal applied before it arrived.
  const graphqlMs = graphqlArrivals.flatMap((got) => {
    const before = goals.filter(([, at]) => at <= got).at(-1);
    return before ? [got - before[1]] : [];
  });
  const reads = await readsPerGoal(config);
  const result = {
    goalsApplied: goals.length,
    // n: goals whose own standings event arrived (two goals close together can share one).
    sse: { subscribers: STANDINGS_SSE, ...stats(sseMs) },
    graphql: stats(graphqlMs),
    changeEventBaseline: stats(latencies(changes)),
    loadAverage: loadavg().map((l) => round(l, 1)),
    p99TargetMs: P99_TARGET_MS,
    met: percentile(sseMs, 99) <= P99_TARGET_MS,
    readsPerGoal: reads,
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} finally {
  await feed?.stop();
  for (const c of closing) {
    c.close();
  }
  killChildren();
  await dropRedisPrefix(REDIS_URL, prefix).catch(() => 0);
  await dropPgDatabase(PG_URL, name).catch(() => undefined);
  await rm(tmp, { recursive: true, force: true });
}
