import { freePort, runTs, type Server, startServer } from './processes.js';

/** One touchline configuration under test. */
export interface TouchlineConfig {
  name: 'embedded' | 'postgres';
  /** In-process counter store on embedded PGlite, or Redis on PostgreSQL. */
  description: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisPrefix?: string;
}

/** Everything src/config.ts reads: none of it leaks in from the caller's environment. */
const TOUCHLINE_ENV = [
  'PORT',
  'HOST',
  'DATABASE_URL',
  'TOUCHLINE_DATA_DIR',
  'REDIS_URL',
  'REDIS_PREFIX',
  'ADMIN_TOKEN',
  'TRUST_PROXY',
  'QUOTA_FAILURE_MODE',
  'BASE_URL',
  'DOCS_URL',
  'ASSETS_URL',
  'RESPONSE_CACHE',
  'LOG_LEVEL',
];

export function touchlineEnv(config: TouchlineConfig, extra: NodeJS.ProcessEnv = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of TOUCHLINE_ENV) {
    delete env[name];
  }
  return {
    ...env,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    TOUCHLINE_DATA_DIR: config.dataDir,
    ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
    ...(config.redisUrl ? { REDIS_URL: config.redisUrl } : {}),
    ...(config.redisPrefix ? { REDIS_PREFIX: config.redisPrefix } : {}),
    ...extra,
  };
}

/** `touchline serve`, ready when /readyz answers 200. */
export async function startTouchline(
  config: TouchlineConfig,
  cache: boolean,
  logDir: string,
): Promise<Server> {
  const port = await freePort();
  return startServer({
    name: `touchline-${config.name}${cache ? '' : '-nocache'}`,
    entry: 'src/cli/main.ts',
    args: ['serve'],
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

export async function startRawPg(databaseUrl: string, logDir: string): Promise<Server> {
  const port = await freePort();
  return startServer({
    name: 'raw-pg',
    entry: 'bench/raw-pg-server.ts',
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl },
    port,
    readyPath: '/readyz',
    logDir,
  });
}

export interface GateCost {
  store: 'memory' | 'redis';
  concurrency: number;
  /** Admissions per second with `concurrency` in flight. */
  opsPerSecond: number;
  /** Wall time of one admission at a time (Redis round trip included). */
  sequentialMicros: number;
  /** CPU time of this process per admission with `concurrency` in flight. */
  cpuMicrosPerOp: number;
}

/** bench/gate-cost.ts in its own process, on the configuration's database and counter store. */
export async function measureGateCost(
  config: TouchlineConfig,
  key: string,
  seconds: number,
  concurrency: number,
): Promise<GateCost> {
  const { stdout } = await runTs(
    ['bench/gate-cost.ts'],
    touchlineEnv(config, {
      BENCH_KEY: key,
      BENCH_SECONDS: String(seconds),
      BENCH_CONCURRENCY: String(concurrency),
    }),
  );
  return JSON.parse(stdout) as GateCost;
}
