import { Command, InvalidArgumentError } from 'commander';

type ConfigName = 'embedded' | 'postgres' | 'replica' | 'cluster';
type LoadEngine = 'wrk' | 'autocannon';
const LOAD_ENGINES: readonly string[] = ['wrk', 'autocannon'];
const CONFIG_NAMES: readonly string[] = ['embedded', 'postgres', 'replica', 'cluster'];

export interface BenchOptions {
  /** Measured seconds per load scenario. */
  seconds: number;
  /** Interleaved rounds of the paired rows that take them (the cluster's); medians reported. */
  rounds: number;
  /** Discarded warm-up seconds before each measurement (0: none). */
  warmup: number;
  connections: number;
  /** Demo matches loaded into each bench database. */
  matches: number;
  /** Repetitions of the client-side page fetch (median reported). */
  pageRuns: number;
  /** Requests in flight for the REST page sequence. */
  pageConcurrency: number;
  /** Largest share of non-2xx (or errors) a scenario may have before it fails. */
  maxNon2xx: number;
  configs: ConfigName[];
  /** Server of the PostgreSQL configuration (a fresh database is created in it and dropped). */
  pgUrl: string;
  redisUrl: string;
  /** Name prefix of the run's PostgreSQL databases (`<prefix><pid>`). */
  dbPrefix?: string;
  outDir: string;
  keepData: boolean;
  /** Only the rows under live writes (and the ceilings): issue 13's figures in minutes. */
  liveOnly: boolean;
  /** What drives the load (rows measured until a count of answers always use autocannon). */
  loadGenerator: LoadEngine;
}

/** BENCH_LOAD_GENERATOR, or wrk: the cheaper client on two shared cores. */
export function loadEngine(value: string): LoadEngine {
  if (!LOAD_ENGINES.includes(value)) {
    throw new InvalidArgumentError(
      `unknown load generator '${value}' (${LOAD_ENGINES.join(', ')})`,
    );
  }
  return value as LoadEngine;
}

const number =
  (name: string, min: number, integer = true) =>
  (value: string): number => {
    const n = Number(value);
    if (!Number.isFinite(n) || n < min || (integer && !Number.isInteger(n))) {
      throw new InvalidArgumentError(
        `${name} must be ${integer ? 'an integer' : 'a number'} >= ${min}`,
      );
    }
    return n;
  };

const configs = (value: string): ConfigName[] => {
  const names = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!CONFIG_NAMES.includes(name)) {
      throw new InvalidArgumentError(
        `unknown configuration '${name}' (${CONFIG_NAMES.join(', ')})`,
      );
    }
  }
  return names as ConfigName[];
};

/** Flags win over environment variables, which win over the defaults. */
export function parseBenchOptions(
  argv: string[] = process.argv,
  env: NodeJS.ProcessEnv = process.env,
): BenchOptions {
  const fromEnv = <T>(name: string, fallback: string, parse: (value: string) => T): T => {
    try {
      return parse(env[name] ?? fallback);
    } catch (error) {
      process.stderr.write(`error: ${(error as Error).message}\n`);
      process.exit(2);
    }
  };
  const program = new Command()
    .name('npm run bench --')
    .description(
      'touchline load benchmark: every figure is also a ratio to a baseline of the same run',
    )
    .option(
      '--seconds <s>',
      'measured seconds per scenario (BENCH_SECONDS)',
      number('--seconds', 1),
      fromEnv('BENCH_SECONDS', '5', number('BENCH_SECONDS', 1)),
    )
    .option(
      '--rounds <n>',
      'interleaved rounds of paired rows, median of the paired ratios (BENCH_ROUNDS)',
      number('--rounds', 1),
      fromEnv('BENCH_ROUNDS', '5', number('BENCH_ROUNDS', 1)),
    )
    .option(
      '--warmup <s>',
      'warm-up seconds per scenario, discarded (BENCH_WARMUP)',
      number('--warmup', 0),
      fromEnv('BENCH_WARMUP', '1', number('BENCH_WARMUP', 0)),
    )
    .option(
      '--connections <n>',
      'concurrent connections (BENCH_CONNECTIONS)',
      number('--connections', 1),
      fromEnv('BENCH_CONNECTIONS', '16', number('BENCH_CONNECTIONS', 1)),
    )
    .option(
      '--matches <n>',
      'demo matches per bench database (BENCH_MATCHES)',
      number('--matches', 100),
      fromEnv('BENCH_MATCHES', '2000', number('BENCH_MATCHES', 100)),
    )
    .option(
      '--page-runs <n>',
      'client page fetch repetitions (BENCH_PAGE_RUNS)',
      number('--page-runs', 1),
      fromEnv('BENCH_PAGE_RUNS', '20', number('BENCH_PAGE_RUNS', 1)),
    )
    .option(
      '--page-concurrency <n>',
      'REST page sequence requests in flight',
      number('--page-concurrency', 1),
      8,
    )
    .option(
      '--max-non2xx <share>',
      'largest allowed share of non-2xx responses',
      number('--max-non2xx', 0, false),
      0.001,
    )
    .option(
      '--configs <list>',
      'embedded,postgres,replica,cluster (BENCH_CONFIGS)',
      configs,
      fromEnv('BENCH_CONFIGS', 'embedded,postgres,replica,cluster', configs),
    )
    .option(
      '--pg-url <url>',
      'PostgreSQL server for the postgres configuration (BENCH_PG_URL)',
      env['BENCH_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    )
    .option(
      '--redis-url <url>',
      'Redis for the postgres configuration (BENCH_REDIS_URL)',
      env['BENCH_REDIS_URL'] ?? 'redis://127.0.0.1:6379',
    )
    .option(
      '--db-prefix <name>',
      "name prefix of the run's PostgreSQL databases (BENCH_DB_PREFIX)",
      env['BENCH_DB_PREFIX'] ?? 'touchline_bench_',
    )
    .option('--out-dir <dir>', 'where the results go', 'bench/results')
    .option('--keep-data', 'keep the temporary data folder and PostgreSQL database', false)
    .option('--live-only', 'only the rows under live writes (PostgreSQL + Redis)', false)
    .option(
      '--load-generator <name>',
      'wrk or autocannon (BENCH_LOAD_GENERATOR)',
      loadEngine,
      fromEnv('BENCH_LOAD_GENERATOR', 'wrk', loadEngine),
    )
    .parse(argv);
  return program.opts<BenchOptions>();
}
