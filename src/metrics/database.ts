import type { Database } from '../db/database.js';
import type { PoolStats, Sources } from './sources.js';

/**
 * The database gauges: its kind always; on PostgreSQL the primary's `pg` pool (connections open,
 * idle, queries waiting for one, the most it opens). PGlite runs in the process on one
 * connection with nothing to wait for: only `touchline_database_info{kind="pglite"}`. Replica
 * pools (DATABASE_REPLICA_URLS) are not reported here; their health is in the log.
 */
export function observeDatabase(sources: Sources, database: Pick<Database, 'driver'>): void {
  const { driver } = database;
  sources.database = {
    kind: driver.kind,
    pools: (): Record<string, PoolStats> =>
      driver.kind === 'postgres'
        ? {
            primary: {
              total: driver.pool.totalCount,
              idle: driver.pool.idleCount,
              waiting: driver.pool.waitingCount,
              max: driver.pool.options.max ?? 10,
            },
          }
        : {},
  };
}
