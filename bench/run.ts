/**
 * `npm run bench`: touchline against bare baselines of the same run (docs/benchmarks.md).
 * Not part of `npm test`. Creates its own data (a temporary PGlite folder and a fresh PostgreSQL
 * database), raises the bench account's limits there, drives every server from a separate
 * load-generator process on loopback and writes bench/results/latest.{md,json}.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findHaproxy } from '../scripts/cluster/haproxy.js';
import type { BenchRun } from './bench-run.js';
import {
  type BenchData,
  createPgDatabase,
  dropPgDatabase,
  dropRedisPrefix,
  loadDemoAndKey,
  raiseLimitsAndPick,
  registerBenchDocuments,
} from './databases.js';
import { LoadGenerator } from './load-client.js';
import { parseBenchOptions } from './options.js';
import { killChildren, log } from './processes.js';
import { deriveRows, targetChecks } from './ratios.js';
import { replicaCaughtUp, replicaConfiguration } from './replica.js';
import { renderMarkdown, writeResults } from './report.js';
import { type TouchlineConfig, touchlineEnv } from './servers.js';
import { BenchSession } from './session.js';

const options = parseBenchOptions();
const dbPrefix = options.dbPrefix ?? 'touchline_bench_';
const started = new Date();
const loadStart = loadavg().map((l) => Math.round(l * 100) / 100);
const cleanups: (() => Promise<unknown>)[] = [];
const notes: string[] = [];

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

const tmp = await mkdtemp(join(tmpdir(), 'touchline-bench-'));
const logDir = resolve(options.outDir, 'logs');
await rm(logDir, { recursive: true, force: true });
await mkdir(logDir, { recursive: true });
if (options.keepData) {
  log(`keeping the data: ${tmp} and database ${dbPrefix}${process.pid}`);
} else {
  cleanups.push(() => rm(tmp, { recursive: true, force: true }));
}

/** Issue 16: three instances behind HAProxy, on a database and Redis prefix of their own. */
/**
 * A PostgreSQL database and a Redis prefix of this run (`suffix` tells configurations apart),
 * both dropped when the run ends (the database kept with --keep-data).
 */
async function freshPgAndRedis(suffix: string) {
  const name = `${dbPrefix}${process.pid}${suffix}`;
  const prefix = `tlbench_${process.pid}${suffix}`;
  await dropRedisPrefix(options.redisUrl, prefix);
  const databaseUrl = await createPgDatabase(options.pgUrl, name);
  if (!options.keepData) {
    cleanups.push(() => dropPgDatabase(options.pgUrl, name));
  }
  cleanups.push(() => dropRedisPrefix(options.redisUrl, prefix));
  return { databaseUrl, redisUrl: options.redisUrl, redisPrefix: prefix };
}

async function clusterConfiguration(): Promise<TouchlineConfig | { skipped: string }> {
  if (!findHaproxy()) {
    return { skipped: 'cluster configuration skipped: haproxy is not installed' };
  }
  try {
    return {
      name: 'cluster',
      description: 'three instances behind HAProxy, PostgreSQL, Redis counter store',
      dataDir: join(tmp, 'cluster-data'),
      ...(await freshPgAndRedis('_cluster')),
    };
  } catch (error) {
    return { skipped: `cluster configuration skipped: ${(error as Error).message}` };
  }
}

/** The configurations that can run here; PostgreSQL and Redis are checked first. */
async function configurations(): Promise<TouchlineConfig[]> {
  const list: TouchlineConfig[] = [];
  const trustedDocuments = await registerBenchDocuments(tmp);
  if (options.configs.includes('embedded')) {
    list.push({
      name: 'embedded',
      description: 'embedded PGlite, in-process counter store',
      dataDir: join(tmp, 'embedded'),
      trustedDocuments,
    });
  }
  if (options.configs.includes('postgres')) {
    try {
      list.push({
        name: 'postgres',
        description: 'PostgreSQL, Redis counter store',
        dataDir: join(tmp, 'postgres-data'),
        ...(await freshPgAndRedis('')),
        trustedDocuments,
      });
    } catch (error) {
      const note = `postgres configuration skipped: ${(error as Error).message}`;
      log(note);
      notes.push(note);
    }
  }
  if (options.configs.includes('cluster') && !options.liveOnly) {
    const config = await clusterConfiguration();
    if ('skipped' in config) {
      log(config.skipped);
      notes.push(config.skipped);
    } else {
      list.push(config);
    }
  }
  if (options.configs.includes('replica') && !options.liveOnly) {
    const replica = await replicaConfiguration(tmp);
    if ('skipped' in replica) {
      log(replica.skipped);
      notes.push(replica.skipped);
    } else {
      cleanups.push(() => replica.pair.destroy());
      list.push(replica.config);
    }
  }
  return list;
}

async function prepare(config: TouchlineConfig): Promise<BenchData> {
  log(`${config.name}: loading ${options.matches} demo matches and creating the bench key`);
  const account = await loadDemoAndKey(touchlineEnv(config), options.matches);
  const data = await raiseLimitsAndPick(config, account);
  if (config.replicaUrl) {
    await replicaCaughtUp(config);
  }
  log(`${config.name}: match ${data.matchId}, day ${data.day} (${data.dayMatches} matches)`);
  return data;
}

const load = new LoadGenerator();
cleanups.push(async () => load.close());
const session = new BenchSession(options, load, tmp, logDir);

let exitCode = 0;
try {
  const configs = await configurations();
  if (configs.length === 0) {
    throw new Error('no configuration to benchmark');
  }
  const prepared = await Promise.all(configs.map(prepare));
  for (const [i, config] of configs.entries()) {
    await session.benchConfig(config, prepared[i] as BenchData);
    await session.measureCeiling(`after ${config.name}`);
  }
  const cpu = cpus()[0]?.model ?? 'unknown';
  const { pgUrl: _pg, redisUrl: _redis, ...shownOptions } = options;
  const run: BenchRun = {
    startedAt: started.toISOString(),
    finishedAt: new Date().toISOString(),
    seconds: Math.round((Date.now() - started.getTime()) / 1000),
    machine: {
      nproc: availableParallelism(),
      cpu,
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      loadavgStart: loadStart,
      loadavgEnd: loadavg().map((l) => Math.round(l * 100) / 100),
    },
    options: shownOptions,
    data: Object.fromEntries(
      configs.map((c, i) => {
        const { key: _key, ...shown } = prepared[i] as BenchData;
        return [c.name, shown];
      }),
    ),
    measurements: session.measurements,
    pages: session.pages,
    visibility: session.visibility,
    liveRate: session.liveRate,
    memory: session.memory.servers,
    notes,
  };
  const rows = deriveRows(session.measurements);
  const checks = targetChecks(run, rows);
  const markdown = renderMarkdown(run, rows, checks);
  const files = await writeResults(options.outDir, run, rows, checks, markdown);
  process.stdout.write(markdown);
  log(`written: ${files.slice(0, 2).join(', ')}`);
  const failed =
    rows.some((r) => r.problems.length > 0) ||
    session.pages.some((p) => p.result.rest.failures + p.result.graphql.failures > 0);
  if (failed) {
    log('FAILED: some scenarios had wrong statuses or too many non-2xx responses (see Problems)');
    exitCode = 1;
  }
} catch (error) {
  log(`bench failed: ${(error as Error).stack ?? String(error)}`);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
