import { resolve } from 'node:path';
import { type EnvOf, integer, type Reading, text } from './env.js';
import { parseReplicaUrls } from './replicas.js';

/** PostgreSQL (and its read replicas), or the embedded database's folder. */
export const DATABASE_ENV = {
  DATABASE_URL: text({ pattern: '^postgres(ql)?://' }),
  DATABASE_QUERY_TIMEOUT_MS: integer(0, 600_000),
  DATABASE_CONNECT_TIMEOUT_MS: integer(0, 600_000),
  DATABASE_REPLICA_URLS: text({ minLength: 1 }),
  DATABASE_REPLICA_MAX_LAG_MS: integer(0, 86_400_000),
  DATABASE_REPLICA_CHECK_MS: integer(50, 60_000),
  TOUCHLINE_DATA_DIR: text({ minLength: 1 }),
} as const;

/** URLs that may carry a password. */
export const DATABASE_SECRETS = ['DATABASE_URL', 'DATABASE_REPLICA_URLS'] as const;

export interface DatabaseConfig {
  readonly databaseUrl: string | undefined;
  /**
   * PostgreSQL only: the longest one statement may take (client read timeout and server
   * `statement_timeout`), and the longest to wait for a connection (new or from the pool); 0 = no
   * limit. Past either, the request is answered 503 `upstream_unavailable` (docs/operations.md).
   */
  readonly databaseQueryTimeoutMs: number;
  readonly databaseConnectTimeoutMs: number;
  /**
   * Streaming replicas of DATABASE_URL that serve the football data reads (docs/scale.md "Read
   * replicas"); empty: every read goes to DATABASE_URL. A replica whose lag passes
   * `databaseReplicaMaxLagMs`, or that does not answer, is skipped until it recovers; each is
   * checked every `databaseReplicaCheckMs`.
   */
  readonly databaseReplicaUrls: readonly string[];
  readonly databaseReplicaMaxLagMs: number;
  readonly databaseReplicaCheckMs: number;
  readonly dataDir: string;
}

export function readDatabase(env: EnvOf<typeof DATABASE_ENV>): Reading<DatabaseConfig> {
  const replicas = parseReplicaUrls(env.DATABASE_REPLICA_URLS, env.DATABASE_URL);
  return {
    problems: replicas.problems,
    config: () => ({
      databaseUrl: env.DATABASE_URL,
      databaseQueryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS ?? 5000,
      databaseConnectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS ?? 5000,
      databaseReplicaUrls: Object.freeze(replicas.urls),
      databaseReplicaMaxLagMs: env.DATABASE_REPLICA_MAX_LAG_MS ?? 2000,
      databaseReplicaCheckMs: env.DATABASE_REPLICA_CHECK_MS ?? 500,
      dataDir: resolve(env.TOUCHLINE_DATA_DIR ?? './data'),
    }),
  };
}
