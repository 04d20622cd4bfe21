import { Command, InvalidArgumentError } from 'commander';

export interface PeerOptions {
  /** Interleaved rounds; every figure is the median over them. */
  rounds: number;
  /** Measured seconds per row and round. */
  seconds: number;
  /** Discarded warm-up seconds before each measurement (0: none). */
  warmup: number;
  connections: number;
  /** Demo matches loaded into the bench database. */
  matches: number;
  /** Largest share of non-2xx (or errors) a measurement may have before it fails. */
  maxNon2xx: number;
  /** PostgreSQL server: a fresh database `peer_bench_<pid>` is created in it and dropped. */
  pgUrl: string;
  redisUrl: string;
  outDir: string;
  keepData: boolean;
}

const integer =
  (name: string, min: number) =>
  (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) {
      throw new InvalidArgumentError(`${name} must be an integer >= ${min}`);
    }
    return n;
  };

export function parsePeerOptions(
  argv: string[] = process.argv,
  env: NodeJS.ProcessEnv = process.env,
): PeerOptions {
  const program = new Command()
    .name('npm run bench:peer --')
    .description('touchline against PostGraphile 5 on the same database (docs/benchmarks.md)')
    .option('--rounds <n>', 'interleaved rounds (median reported)', integer('--rounds', 1), 3)
    .option('--seconds <s>', 'measured seconds per row and round', integer('--seconds', 1), 10)
    .option('--warmup <s>', 'warm-up seconds per measurement, discarded', integer('--warmup', 0), 1)
    .option('--connections <n>', 'concurrent connections', integer('--connections', 1), 16)
    .option('--matches <n>', 'demo matches in the bench database', integer('--matches', 100), 2000)
    .option('--max-non2xx <share>', 'largest allowed share of non-2xx responses', Number, 0.001)
    .option(
      '--pg-url <url>',
      'PostgreSQL server (BENCH_PG_URL)',
      env['BENCH_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    )
    .option(
      '--redis-url <url>',
      'Redis for touchline (BENCH_REDIS_URL)',
      env['BENCH_REDIS_URL'] ?? 'redis://127.0.0.1:6379',
    )
    .option('--out-dir <dir>', 'where the results go', 'bench/results')
    .option('--keep-data', 'keep the PostgreSQL database', false)
    .parse(argv);
  return program.opts<PeerOptions>();
}
