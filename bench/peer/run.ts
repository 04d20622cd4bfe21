/**
 * `npm run bench:peer` (issue 20): touchline against PostGraphile 5 on the same PostgreSQL
 * database, the same operations column for column (bench/peer/queries/), interleaved rounds,
 * medians; req/s, latency, and CPU per response of each server and of PostgreSQL.
 * docs/benchmarks.md "Peer: PostGraphile".
 */
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import {
  createPgDatabase,
  dropPgDatabase,
  dropRedisPrefix,
  loadDemoAndKey,
  raiseLimitsAndPick,
} from '../databases.js';
import { LoadGenerator } from '../load-client.js';
import { killChildren, log, type Server } from '../processes.js';
import { startTouchline, type TouchlineConfig, touchlineEnv } from '../servers.js';
import { measurePeer, type PeerMeasurement, type Side } from './measure.js';
import { OPERATIONS, type PeerData } from './operations.js';
import { parsePeerOptions } from './options.js';
import { PgBackendCpu } from './pg-cpu.js';
import {
  ensurePostGraphileInstalled,
  PEER_DIR,
  peerRuntime,
  startPostGraphile,
} from './postgraphile.js';
import { type PeerRun, renderPeerMarkdown, writePeerResults } from './report.js';
import { peerRows, peerTargets } from './rows.js';
import { checkSameData } from './same-data.js';

const options = parsePeerOptions();
const started = new Date();
const loadStart = loadavg().map((l) => Math.round(l * 100) / 100);
const cleanups: (() => Promise<unknown>)[] = [];

async function cleanUp(): Promise<void> {
  killChildren();
  for (const fn of cleanups.reverse()) {
    await fn().catch((error: unknown) => log(`cleanup: ${(error as Error).message}`));
  }
  cleanups.length = 0;
}

process.once('SIGINT', () => {
  log('interrupted: cleaning up');
  void cleanUp().finally(() => process.exit(130));
});

/** A fresh database and Redis prefix of this run, with touchline's demo data and bench key. */
async function prepareDatabase(tmp: string) {
  const database = `peer_bench_${process.pid}`;
  const config: TouchlineConfig = {
    name: 'postgres',
    description: 'PostgreSQL, Redis counter store',
    dataDir: join(tmp, 'data'),
    databaseUrl: await createPgDatabase(options.pgUrl, database),
    redisUrl: options.redisUrl,
    redisPrefix: `peer_${process.pid}`,
  };
  if (options.keepData) {
    log(`keeping the database ${database}`);
  } else {
    cleanups.push(() => dropPgDatabase(options.pgUrl, database));
  }
  cleanups.push(() => dropRedisPrefix(options.redisUrl, config.redisPrefix ?? ''));
  log(`loading ${options.matches} demo matches into ${database}`);
  const account = await loadDemoAndKey(touchlineEnv(config), options.matches);
  const data: PeerData = {
    ...(await raiseLimitsAndPick(config, account)),
    matchIds: await matchesInTurn(config.databaseUrl),
  };
  log(`match ${data.matchId}, day ${data.day} (${data.dayMatches} matches)`);
  return { database, config, data };
}

/** Matches the many-matches detail row asks for in turn. */
const MATCHES_IN_TURN = 500;

/** MATCHES_IN_TURN match ids in an order that is the same in every run and not the ids' own. */
async function matchesInTurn(databaseUrl: string | undefined): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      'SELECT id FROM matches ORDER BY md5(id::text) LIMIT $1',
      [MATCHES_IN_TURN],
    );
    return rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

const stopping = (server: Server) => () => server.stop();

/** PostGraphile and touchline's cache-off server take turns in going first, round by round. */
const order = (round: number): Side[] =>
  round % 2 === 1
    ? ['touchline-off', 'postgraphile', 'touchline-on']
    : ['postgraphile', 'touchline-off', 'touchline-on'];

async function main(): Promise<number> {
  const tmp = await mkdtemp(join(tmpdir(), 'touchline-peer-'));
  cleanups.push(() => rm(tmp, { recursive: true, force: true }));
  const logDir = resolve(options.outDir, 'logs');
  await mkdir(logDir, { recursive: true });
  await ensurePostGraphileInstalled();
  const runtime = await peerRuntime();
  log(`PostGraphile on ${runtime.description}`);
  const { database, config, data } = await prepareDatabase(tmp);
  const servers: Record<Side, Server> = {
    'touchline-off': await startTouchline(config, false, logDir),
    'touchline-on': await startTouchline(config, true, logDir),
    postgraphile: await startPostGraphile(runtime, config.databaseUrl ?? '', logDir),
  };
  for (const server of Object.values(servers)) {
    cleanups.push(stopping(server));
  }
  const checked = await checkSameData(
    [servers['touchline-off'], servers['touchline-on']],
    servers.postgraphile,
    data,
  );
  log(`same data: ${checked.join('; ')}`);
  const load = new LoadGenerator();
  cleanups.push(async () => load.close());
  const pgCpu = await PgBackendCpu.open(options.pgUrl, database);
  cleanups.push(() => pgCpu.close());
  const measurements: PeerMeasurement[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    for (const operation of OPERATIONS) {
      for (const side of order(round)) {
        const kind = side === 'postgraphile' ? 'postgraphile' : 'touchline';
        measurements.push(
          await measurePeer(
            { load, options, pgCpu },
            { round, operation: operation.id, side },
            servers[side],
            operation.scenario(kind, data),
          ),
        );
      }
    }
  }
  const rows = peerRows(measurements);
  const { pgUrl: _pg, redisUrl: _redis, ...shownOptions } = options;
  const version = JSON.parse(
    readFileSync(join(PEER_DIR, 'node_modules/postgraphile/package.json'), 'utf8'),
  ) as { version: string };
  const run: PeerRun = {
    startedAt: started.toISOString(),
    seconds: Math.round((Date.now() - started.getTime()) / 1000),
    machine: {
      nproc: availableParallelism(),
      cpu: cpus()[0]?.model ?? 'unknown',
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      loadavgStart: loadStart,
      loadavgEnd: loadavg().map((l) => Math.round(l * 100) / 100),
    },
    options: shownOptions,
    postgraphileRuntime: runtime.description,
    postgraphileVersion: version.version,
    data: {
      matchId: data.matchId,
      matchesInTurn: data.matchIds.length,
      day: data.day,
      dayMatches: data.dayMatches,
    },
    checked,
    measurements,
    rows,
    targets: peerTargets(rows),
  };
  const markdown = renderPeerMarkdown(run);
  const files = await writePeerResults(options.outDir, run, markdown);
  process.stdout.write(markdown);
  log(`written: ${files.slice(0, 2).join(', ')}`);
  const failed = measurements.some((m) => m.measurement.problems.length > 0);
  if (failed) {
    log('FAILED: some rows had wrong statuses or too many non-2xx responses (see Problems)');
  }
  return failed ? 1 : 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  log(`bench:peer failed: ${(error as Error).stack ?? String(error)}`);
} finally {
  await cleanUp();
}
process.exit(exitCode);
