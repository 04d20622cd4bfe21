import { freePort, type Server, startServer, TOUCHLINE_SERVE } from './processes.js';

/** One touchline configuration under test. */
export interface TouchlineConfig {
  name: 'embedded' | 'postgres' | 'replica' | 'cluster';
  /** In-process counter store on embedded PGlite, or Redis on PostgreSQL. */
  description: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisPrefix?: string;
  /** The `replica` configuration: its streaming replica (bench/replica.ts). */
  replicaUrl?: string;
  /** The trusted documents' manifest the persisted-query rows request by hash. */
  trustedDocuments?: string;
}

/** Everything src/config/config.ts reads: none of it leaks in from the caller's environment. */
const TOUCHLINE_ENV = [
  'PORT',
  'HOST',
  'DATABASE_URL',
  'TOUCHLINE_DATA_DIR',
  'REDIS_URL',
  'REDIS_PREFIX',
  'ADMIN_TOKEN',
  'TRUST_PROXY',
  'PROXY_PROTOCOL',
  'QUOTA_FAILURE_MODE',
  'BASE_URL',
  'DOCS_URL',
  'ASSETS_URL',
  'RESPONSE_CACHE',
  'LOG_LEVEL',
  'GRAPHQL_MAX_COST',
  'TRUSTED_DOCUMENTS',
  'TRUSTED_DOCUMENTS_ONLY',
  'ADDRESS_RATE_PER_MINUTE',
  'DATABASE_QUERY_TIMEOUT_MS',
  'DATABASE_CONNECT_TIMEOUT_MS',
  'DATABASE_REPLICA_URLS',
  'DATABASE_REPLICA_MAX_LAG_MS',
  'DATABASE_REPLICA_CHECK_MS',
  'LIVE',
  'LIVE_TICK_MS',
  'LIVE_SEED',
];

/**
 * The keyless rows (meta/plans) drive tens of thousands of requests a minute from one address:
 * the per-address limit (600 a minute by default) is raised, as the bench key's limits are.
 */
const BENCH_ADDRESS_RATE = '1000000000';

export function touchlineEnv(config: TouchlineConfig, extra: NodeJS.ProcessEnv = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of TOUCHLINE_ENV) {
    delete env[name];
  }
  return {
    ...env,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADDRESS_RATE_PER_MINUTE: BENCH_ADDRESS_RATE,
    // The rows measure still data; the live engine's own rows set LIVE themselves.
    LIVE: 'off',
    TOUCHLINE_DATA_DIR: config.dataDir,
    ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
    ...(config.redisUrl ? { REDIS_URL: config.redisUrl } : {}),
    ...(config.redisPrefix ? { REDIS_PREFIX: config.redisPrefix } : {}),
    ...(config.trustedDocuments ? { TRUSTED_DOCUMENTS: config.trustedDocuments } : {}),
    ...extra,
  };
}

/**
 * `touchline serve` from the bundle as `npm start` runs it (`source`: from the TypeScript through
 * tsx, as the gate-off build runs), ready when /readyz answers 200.
 */
export async function startTouchline(
  config: TouchlineConfig,
  cache: boolean,
  logDir: string,
  source = false,
): Promise<Server> {
  const port = await freePort();
  return startServer({
    name: `touchline-${config.name}${cache ? '' : '-nocache'}${source ? '-source' : ''}`,
    ...(source ? { entry: 'app/main.ts', args: ['serve'] } : TOUCHLINE_SERVE),
    env: touchlineEnv(config, { PORT: String(port), RESPONSE_CACHE: cache ? 'on' : 'off' }),
    port,
    readyPath: '/readyz',
    logDir,
  });
}

export async function startCeiling(fixture: string, logDir: string): Promise<Server> {
  const port = await freePort();
  return startServer({
    name: 'ceiling',
    entry: 'bench/baseline-server.ts',
    env: { ...process.env, PORT: String(port), BENCH_FIXTURE: fixture },
    port,
    readyPath: '/readyz',
    logDir,
  });
}

/** bench/raw-pg-server.ts; `assetsUrl`: the touchline server's, so its list answers the same. */
export async function startRawPg(
  databaseUrl: string,
  assetsUrl: string,
  logDir: string,
): Promise<Server> {
  const port = await freePort();
  return startServer({
    name: 'raw-pg',
    entry: 'bench/raw-pg-server.ts',
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      BENCH_ASSETS_URL: assetsUrl,
    },
    port,
    readyPath: '/readyz',
    logDir,
  });
}

/** touchline built without its access gate (bench/gate-off-server.ts), response cache on. */
export async function startGateOff(config: TouchlineConfig, logDir: string): Promise<Server> {
  const port = await freePort();
  return startServer({
    name: `touchline-${config.name}-gateoff`,
    entry: 'bench/gate-off-server.ts',
    env: touchlineEnv(config, { PORT: String(port), RESPONSE_CACHE: 'on' }),
    port,
    readyPath: '/readyz',
    logDir,
  });
}
