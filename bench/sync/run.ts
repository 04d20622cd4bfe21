/**
 * `npm run bench:sync` (docs/benchmarks.md "Sync (issue 47)"): the backfill row (a recorded
 * season through `touchline sync --once` against `touchline import` of the same facts) and the
 * freshness row (a change served by the provider stand-in, read by an SSE subscriber), on the
 * embedded database and on PostgreSQL. Writes bench/results/sync-latest.{md,json}; exits 1 when
 * a row could not be measured (not when a target is missed).
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { startStandIn } from '../../scripts/provider-stand-in.js';
import { killChildren, log } from '../processes.js';
import { type BackfillResult, measureBackfill, prepareFolder } from './backfill.js';
import { type FreshnessResult, measureFreshness } from './freshness.js';
import { parseSyncBenchOptions } from './options.js';
import { type SyncBenchRun, writeSyncReport } from './report.js';
import { recordedSeason } from './season.js';
import { dropRunDatabases, freshStore, type StoreKind } from './stores.js';

const options = parseSyncBenchOptions();
const pgTarget = { url: options.pgUrl, prefix: options.dbPrefix };
const notes: string[] = [];
const tmp = await mkdtemp(join(tmpdir(), 'touchline-sync-bench-'));
const logDir = resolve(options.outDir, 'logs');
await mkdir(logDir, { recursive: true });

async function cleanUp(): Promise<void> {
  killChildren();
  if (options.configs.includes('postgres')) {
    await dropRunDatabases(pgTarget).catch(() => {});
  }
  await rm(tmp, { recursive: true, force: true });
}

process.once('SIGINT', () => {
  log('interrupted: cleaning up');
  void cleanUp().finally(() => process.exit(130));
});

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function configs(): Promise<StoreKind[]> {
  if (options.configs.includes('postgres') && !(await reachable(options.pgUrl))) {
    notes.push(`postgres skipped: no PostgreSQL at ${new URL(options.pgUrl).host}`);
    return options.configs.filter((c) => c !== 'postgres');
  }
  return options.configs;
}

async function backfillRows(kinds: readonly StoreKind[]): Promise<BackfillResult[]> {
  log('backfill: generating the recorded season');
  const season = recordedSeason();
  const sportmonks = await startStandIn(season.sportmonks);
  const oddsApi = await startStandIn(season.oddsApi);
  const setup = { tmp, pg: pgTarget, sportmonks, oddsApi };
  try {
    log('backfill: a scratch store synced once, exported as the import folder');
    const prepared = await prepareFolder(kinds[0] ?? 'embedded', setup);
    const results: BackfillResult[] = [];
    for (const kind of kinds) {
      results.push(await measureBackfill(kind, setup, prepared, options.rounds));
    }
    return results;
  } finally {
    await sportmonks.stop();
    await oddsApi.stop();
  }
}

async function freshnessRows(kinds: readonly StoreKind[]): Promise<FreshnessResult[]> {
  const results: FreshnessResult[] = [];
  for (const kind of kinds) {
    log(`freshness ${kind}: ${options.changes} changes, poll ${options.poll} s`);
    const store = await freshStore(kind, tmp, pgTarget);
    try {
      results.push(
        await measureFreshness(store, {
          changes: options.changes,
          pollSeconds: options.poll,
          logDir,
        }),
      );
    } finally {
      await store.drop();
    }
  }
  return results;
}

const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();

let failed = false;
try {
  const startedAt = new Date().toISOString();
  const load = loadavg().map((l) => Math.round(l * 100) / 100);
  const kinds = await configs();
  const run: SyncBenchRun = {
    startedAt,
    commit,
    command: ['npm run bench:sync --', ...process.argv.slice(2)].join(' '),
    loadAverage: load,
    options: { ...options },
    backfill: options.rows.includes('backfill') ? await backfillRows(kinds) : [],
    freshness: options.rows.includes('freshness') ? await freshnessRows(kinds) : [],
    notes,
  };
  failed = run.backfill.some((r) => !r.sameFacts) || run.freshness.some((r) => r.missed > 0);
  process.stdout.write(await writeSyncReport(options.outDir, run));
} catch (error) {
  failed = true;
  log(`failed: ${(error as Error).stack ?? String(error)}`);
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
