import { Command, InvalidArgumentError } from 'commander';
import type { StoreKind } from './stores.js';

type SyncRow = 'backfill' | 'freshness';

interface SyncBenchOptions {
  rows: SyncRow[];
  configs: StoreKind[];
  /** Interleaved rounds of the backfill row (sync, import; reversed every other round). */
  rounds: number;
  /** Changes the freshness row serves per database. */
  changes: number;
  /** The source's poll interval in the freshness row (`SPORTMONKS_POLL_SECONDS`). */
  poll: number;
  pgUrl: string;
  dbPrefix: string;
  outDir: string;
}

const listOf =
  <T extends string>(name: string, allowed: readonly T[]) =>
  (value: string): T[] => {
    const items = value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    const wrong = items.find((v) => !(allowed as readonly string[]).includes(v));
    if (wrong !== undefined || items.length === 0) {
      throw new InvalidArgumentError(`${name}: one or more of ${allowed.join(', ')}`);
    }
    return items as T[];
  };

const whole = (name: string, min: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) {
    throw new InvalidArgumentError(`${name} must be a whole number >= ${min}`);
  }
  return n;
};

/** Flags win over environment variables, which win over the defaults. */
export function parseSyncBenchOptions(
  argv: string[] = process.argv,
  env: NodeJS.ProcessEnv = process.env,
): SyncBenchOptions {
  const rows = listOf<SyncRow>('--rows', ['backfill', 'freshness']);
  const configs = listOf<StoreKind>('--configs', ['embedded', 'postgres']);
  return new Command()
    .name('npm run bench:sync --')
    .description('issue 47: the backfill and freshness rows of `touchline sync`, as ratios')
    .option(
      '--rows <list>',
      'backfill,freshness (BENCH_SYNC_ROWS)',
      rows,
      rows(env['BENCH_SYNC_ROWS'] ?? 'backfill,freshness'),
    )
    .option(
      '--configs <list>',
      'embedded,postgres (BENCH_SYNC_CONFIGS)',
      configs,
      configs(env['BENCH_SYNC_CONFIGS'] ?? 'embedded,postgres'),
    )
    .option(
      '--rounds <n>',
      'interleaved rounds of the backfill row (BENCH_SYNC_ROUNDS)',
      whole('--rounds', 1),
      whole('BENCH_SYNC_ROUNDS', 1)(env['BENCH_SYNC_ROUNDS'] ?? '5'),
    )
    .option(
      '--changes <n>',
      'changes the freshness row serves per database (BENCH_SYNC_CHANGES; the issue says 500)',
      whole('--changes', 1),
      whole('BENCH_SYNC_CHANGES', 1)(env['BENCH_SYNC_CHANGES'] ?? '120'),
    )
    .option(
      '--poll <seconds>',
      "the source's poll interval in the freshness row (whole seconds, as SPORTMONKS_POLL_SECONDS)",
      whole('--poll', 1),
      1,
    )
    .option(
      '--pg-url <url>',
      'PostgreSQL server for the postgres configuration (BENCH_PG_URL)',
      env['BENCH_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    )
    .option(
      '--db-prefix <name>',
      "name prefix of the run's PostgreSQL databases (BENCH_DB_PREFIX)",
      env['BENCH_DB_PREFIX'] ?? 'touchline_syncbench_',
    )
    .option('--out-dir <dir>', 'where the results go', 'bench/results')
    .parse(argv)
    .opts<SyncBenchOptions>();
}
