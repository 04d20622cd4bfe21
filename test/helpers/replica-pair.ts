import { afterAll, beforeAll, describe } from 'vitest';
import { replicaPairAvailable } from '../../scripts/pg-binaries.js';
import { queryOnce, type ReplicaPair, startReplicaPair } from '../../scripts/pg-replica-pair.js';
import { seedPlans } from '../../src/accounts/plans-seed.js';
import { type Database, openDatabase } from '../../src/db/database.js';
import { applyMigrations } from '../../src/db/migrate.js';
import { runDemo } from '../../src/ingest/demo/index.js';
import { createAccountWithKey } from './access.js';

const DATABASE = 'touchline';
const DEMO_NOW = new Date('2026-11-22T10:00:00.000Z');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until true; rejects after `timeoutMs` naming `what` (a wait, not a timing). */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) {
      return;
    }
    await sleep(25);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

/** The world of a replica test: the pair, its `touchline` database loaded, a Pro key. */
export interface ReplicaWorld {
  pair: ReplicaPair;
  primaryUrl: string;
  replicaUrl: string;
  /** The primary alone: the test's own writes, behind the app's back. */
  primary: Database;
  key: string;
  /** Finished matches with events. */
  matchIds: number[];
  /** The app's database: the primary with the replica (the caller closes it). */
  openWithReplica(bounds: { maxLagMs: number; checkMs: number }): Promise<Database>;
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Until the replica has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  /** The latest start of a statement of the app's connections on the replica (its clock). */
  lastReplicaRead(): Promise<Date | null>;
  /** Now on the replica's clock (for `lastReplicaRead`). */
  replicaNow(): Promise<Date>;
}

async function loadWorld(pair: ReplicaPair) {
  await queryOnce(pair.primary.url(), `CREATE DATABASE ${DATABASE}`);
  const primaryUrl = pair.primary.url(DATABASE);
  const primary = await openDatabase({ databaseUrl: primaryUrl, dataDir: '' });
  await applyMigrations(primary.adapter);
  await seedPlans(primary.prisma);
  await runDemo(primary.prisma, { matches: 80, seed: 7, now: DEMO_NOW });
  const { key } = await createAccountWithKey(primary, 'Pro');
  const rows = await primary.prisma.$queryRaw<{ id: number }[]>`
    SELECT m.id FROM matches m
     WHERE m.status = 'finished' AND EXISTS (SELECT 1 FROM match_events e WHERE e.match_id = m.id)
     ORDER BY m.id LIMIT 10`;
  return { primaryUrl, primary, key, matchIds: rows.map((r) => r.id) };
}

function worldOf(pair: ReplicaPair, loaded: Awaited<ReturnType<typeof loadWorld>>): ReplicaWorld {
  const replicaUrl = pair.replica.url(DATABASE);
  const onReplica = <T extends Record<string, unknown>>(sql: string) =>
    queryOnce<T>(replicaUrl, sql);
  const caughtUp = async () => {
    const [primaryAt] = await queryOnce<{ lsn: string }>(
      loaded.primaryUrl,
      'SELECT pg_current_wal_lsn()::text AS lsn',
    );
    await waitFor('the replica replaying the primary', async () => {
      const [row] = await onReplica<{ done: boolean }>(
        `SELECT pg_last_wal_replay_lsn() >= '${primaryAt?.lsn}'::pg_lsn AS done`,
      );
      return row?.done === true;
    });
  };
  return {
    pair,
    ...loaded,
    replicaUrl,
    openWithReplica: ({ maxLagMs, checkMs }) =>
      openDatabase({
        databaseUrl: loaded.primaryUrl,
        dataDir: '',
        replicas: { urls: [replicaUrl], maxLagMs, checkMs },
      }),
    async pauseReplay() {
      await onReplica('SELECT pg_wal_replay_pause()');
      await waitFor('replay paused', async () => {
        const [row] = await onReplica<{ state: string }>(
          'SELECT pg_get_wal_replay_pause_state() AS state',
        );
        return row?.state === 'paused';
      });
    },
    async resumeReplay() {
      await onReplica('SELECT pg_wal_replay_resume()');
    },
    caughtUp,
    async lastReplicaRead() {
      const [row] = await onReplica<{ at: Date | null }>(
        `SELECT max(query_start) AS at FROM pg_stat_activity
          WHERE application_name = 'touchline' AND datname = '${DATABASE}'`,
      );
      return row?.at ?? null;
    },
    async replicaNow() {
      const [row] = await onReplica<{ now: Date }>('SELECT clock_timestamp() AS now');
      return row?.now as Date;
    },
  };
}

/**
 * A suite on a primary and streaming replica of its own (scripts/pg-replica-pair.ts), with 80
 * demo matches and a Pro key; stopped and removed after it, also when it fails. Skipped, by name,
 * only where the PostgreSQL server programs are missing.
 */
export function describeWithReplicaPair(title: string, body: (world: () => ReplicaWorld) => void) {
  if (!replicaPairAvailable()) {
    console.warn(`the PostgreSQL server programs are missing: "${title}" is SKIPPED`);
    describe.skip(`${title} [replica pair: SKIPPED, no initdb/pg_basebackup]`, () =>
      body(() => undefined as never));
    return;
  }
  describe(`${title} [primary + streaming replica]`, () => {
    let pair: ReplicaPair | undefined;
    let world: ReplicaWorld | undefined;
    beforeAll(async () => {
      pair = await startReplicaPair();
      world = worldOf(pair, await loadWorld(pair));
      await world.caughtUp();
    }, 180_000);
    afterAll(async () => {
      await world?.primary.close();
      await pair?.destroy();
    });
    body(() => {
      if (!world) {
        throw new Error('the replica pair is not ready');
      }
      return world;
    });
  });
}
