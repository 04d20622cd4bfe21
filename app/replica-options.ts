import type { Config } from '../src/config/config.js';
import type { ReplicaStatus } from '../src/db/database.js';
import type { ReplicaOptions } from '../src/db/replicas/open.js';

/** DATABASE_REPLICA_URLS and its bounds as the database layer takes them; none: undefined. */
export function replicaOptions(
  config: Pick<
    Config,
    'databaseReplicaUrls' | 'databaseReplicaMaxLagMs' | 'databaseReplicaCheckMs'
  >,
  onHealth?: (status: ReplicaStatus) => void,
): ReplicaOptions | undefined {
  if (config.databaseReplicaUrls.length === 0) {
    return undefined;
  }
  return {
    urls: config.databaseReplicaUrls,
    maxLagMs: config.databaseReplicaMaxLagMs,
    checkMs: config.databaseReplicaCheckMs,
    ...(onHealth ? { onHealth } : {}),
  };
}
