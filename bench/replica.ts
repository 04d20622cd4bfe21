/**
 * The read-replica rows (issue 16, docs/benchmarks.md "Read replica"): a PostgreSQL primary and
 * streaming replica of the bench's own (scripts/pg-replica-pair.ts, never the shared server), the
 * cache-off match detail served by touchline reading the primary, then by touchline reading the
 * replica, in the same run.
 */
import { join } from 'node:path';
import { replicaPairAvailable } from '../scripts/pg-binaries.js';
import { queryOnce, type ReplicaPair, startReplicaPair } from '../scripts/pg-replica-pair.js';
import type { BenchData } from './databases.js';
import { freePort, log, type Server, startServer, TOUCHLINE_SERVE } from './processes.js';
import type { Scenario } from './scenarios.js';
import { type TouchlineConfig, touchlineEnv } from './servers.js';

const DATABASE = 'touchline';

/** The replica configuration on a new pair, or why it cannot run here. */
export async function replicaConfiguration(
  tmp: string,
): Promise<{ config: TouchlineConfig; pair: ReplicaPair } | { skipped: string }> {
  if (!replicaPairAvailable()) {
    return { skipped: 'replica configuration skipped: no initdb/pg_basebackup/setpriv here' };
  }
  log('replica: starting a PostgreSQL primary and streaming replica of its own');
  const pair = await startReplicaPair();
  try {
    await queryOnce(pair.primary.url(), `CREATE DATABASE ${DATABASE}`);
  } catch (error) {
    await pair.destroy();
    throw error;
  }
  return {
    pair,
    config: {
      name: 'replica',
      description:
        "PostgreSQL primary and streaming replica of the bench's own, in-process counters",
      dataDir: join(tmp, 'replica-data'),
      databaseUrl: pair.primary.url(DATABASE),
      replicaUrl: pair.replica.url(DATABASE),
    },
  };
}

/** Until the replica has replayed what the primary holds now (the demo load). */
export async function replicaCaughtUp(config: TouchlineConfig): Promise<void> {
  const [primary] = await queryOnce<{ lsn: string }>(
    config.databaseUrl as string,
    'SELECT pg_current_wal_lsn()::text AS lsn',
  );
  for (;;) {
    const [row] = await queryOnce<{ done: boolean }>(
      config.replicaUrl as string,
      `SELECT pg_last_wal_replay_lsn() >= '${primary?.lsn}'::pg_lsn AS done`,
    );
    if (row?.done) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** `touchline serve` with the response cache off, reading the primary or through the replica. */
export async function startReplicaTouchline(
  config: TouchlineConfig,
  through: 'primary' | 'replica',
  logDir: string,
): Promise<Server> {
  const port = await freePort();
  return startServer({
    name: `touchline-replica-config-${through}`,
    ...TOUCHLINE_SERVE,
    env: touchlineEnv(config, {
      PORT: String(port),
      RESPONSE_CACHE: 'off',
      ...(through === 'replica' ? { DATABASE_REPLICA_URLS: config.replicaUrl } : {}),
    }),
    port,
    readyPath: '/readyz',
    logDir,
  });
}

export const replicaDetailScenario = (d: BenchData, through: 'primary' | 'replica'): Scenario => ({
  id: through === 'primary' ? 'detail-nocache-primary' : 'detail-nocache-replica',
  label:
    through === 'primary'
      ? 'REST match detail (RESPONSE_CACHE=off), reads on the primary'
      : 'REST match detail (RESPONSE_CACHE=off), reads through the streaming replica',
  method: 'GET',
  path: `/v1/football/matches/${d.matchId}`,
  headers: { 'x-api-key': d.key },
});

/**
 * Statements touchline's connections have run on the server at `url` so far (its data reads),
 * from `pg_stat_activity`: the replica row checks that the replica really served it.
 */
export async function lastTouchlineRead(url: string): Promise<Date | null> {
  const [row] = await queryOnce<{ at: Date | null }>(
    url,
    `SELECT max(query_start) AS at FROM pg_stat_activity
      WHERE application_name = 'touchline' AND datname = '${DATABASE}'`,
  );
  return row?.at ?? null;
}

export async function serverNow(url: string): Promise<Date> {
  const [row] = await queryOnce<{ now: Date }>(url, 'SELECT clock_timestamp() AS now');
  return row?.now as Date;
}
