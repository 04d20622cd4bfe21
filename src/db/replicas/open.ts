import type pg from 'pg';
import type { DataReads, ReplicaStatus } from '../data-reads.js';
import { createPgPool, type PgPoolOptions } from '../pg-pool.js';
import { openPgTarget, type PgTarget } from '../pg-target.js';
import type { SqlStatement } from '../sql.js';
import { primaryPosition, replicaPosition } from './positions.js';
import { type ReplicaNode, replicaName } from './replica-state.js';
import { routedPrisma } from './routed-prisma.js';
import { createReplicaRouter } from './router.js';

export interface ReplicaOptions {
  /** Streaming replicas of the primary (DATABASE_REPLICA_URLS). */
  urls: readonly string[];
  /** DATABASE_REPLICA_MAX_LAG_MS: a replica further behind is skipped. */
  maxLagMs: number;
  /** DATABASE_REPLICA_CHECK_MS: how often every replica's position is read. */
  checkMs: number;
  onHealth?: (status: ReplicaStatus) => void;
}

/** The name the checks' connections carry in `pg_stat_activity`. */
const CHECK_APPLICATION = 'touchline replica check';

/** A check that does not answer in this time counts as a failure (the replica is skipped). */
const checkTimeoutMs = (checkMs: number) => Math.max(1_000, 2 * checkMs);

const checkPool = (url: string, checkMs: number) =>
  createPgPool(url, {
    max: 1,
    queryTimeoutMs: checkTimeoutMs(checkMs),
    connectTimeoutMs: checkTimeoutMs(checkMs),
    applicationName: CHECK_APPLICATION,
  });

/**
 * The data reads of a primary with replicas (docs/scale.md "Read replicas"): a pool per replica
 * (the same size and timeouts as the primary's), a one-connection pool per server for the
 * position checks, and the router between them, checking from now on. `close` ends all of it but
 * the primary, which belongs to the caller.
 */
export function openReplicaReads(
  primaryUrl: string,
  primary: PgTarget,
  options: ReplicaOptions,
  poolOptions: PgPoolOptions,
): DataReads & { close(): Promise<void> } {
  const targets = options.urls.map((url) => openPgTarget(url, poolOptions));
  const checkPools = options.urls.map((url) => checkPool(url, options.checkMs));
  const nodes: ReplicaNode[] = options.urls.map((url, i) => ({
    name: replicaName(url),
    target: targets[i] as PgTarget,
    position: () => replicaPosition(checkPools[i] as pg.Pool),
  }));
  const primaryCheck = checkPool(primaryUrl, options.checkMs);
  const router = createReplicaRouter({
    primary,
    primaryPosition: () => primaryPosition(primaryCheck),
    replicas: nodes,
    maxLagMs: options.maxLagMs,
    checkMs: options.checkMs,
    ...(options.onHealth ? { onHealth: options.onHealth } : {}),
  });
  void router.checkNow();
  return {
    prisma: routedPrisma(primary.prisma, router.route),
    read: <T>(sql: SqlStatement) => router.route((target) => target.read<T>(sql)),
    markChanged: router.markChanged,
    replicas: router.statuses,
    async close() {
      await router.stop();
      await Promise.all([
        ...targets.map((t) => t.close()),
        ...[primaryCheck, ...checkPools].map((p) => p.end().catch(() => {})),
      ]);
    },
  };
}
