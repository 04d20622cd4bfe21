import type { LoggedChange } from '../src/changes/change-log.js';
import type { Progress } from '../src/cli/runtime.js';
import type { Config } from '../src/config/config.js';
import type { Database } from '../src/db/database.js';
import { openEventBus } from '../src/events/open-event-bus.js';
import type { WriterLease } from '../src/ingest/live/writer-lease.js';
import { openProcess } from './open-process.js';

export const quiet: Progress = () => {};

/** What a command writing as the one writer (feed, replay, sync) is given. */
export interface Writer {
  lease: WriterLease;
  leasePollMs: number;
  onChanged: (changes: LoggedChange[]) => Promise<void>;
  report: (line: string) => void;
}

/**
 * Opens the configured database for a command (openProcess: migrated, plans seeded unless
 * `seedPlans` is false), runs `fn` with it and what was applied, and always closes it.
 */
export async function withDatabase<T>(
  config: Config,
  fn: (database: Database, applied: string[]) => Promise<T>,
  progress: Progress = quiet,
  seedPlans = true,
): Promise<T> {
  const { database, applied } = await openProcess(config, 'command', { progress, seedPlans });
  try {
    return await fn(database, applied);
  } finally {
    await database.close();
  }
}

/**
 * Tells running servers that football data changed (their response caches clear at once):
 * through Redis pub/sub and PostgreSQL NOTIFY where configured.
 */
async function announceDataChange(config: Config): Promise<void> {
  const events = await openEventBus(config);
  try {
    await events.publish({ type: 'data-changed' });
  } finally {
    await events.close();
  }
}

/** `withDatabase` for commands that change football data: running servers are told afterwards. */
export async function withDataChange<T>(
  config: Config,
  fn: (database: Database) => Promise<T>,
  progress: Progress = quiet,
): Promise<T> {
  const result = await withDatabase(config, fn, progress);
  await announceDataChange(config);
  return result;
}

/**
 * What a command writing as the one writer (feed, replay) needs: the writer lease of the
 * configured database, how it tells running servers what each write changed, and the report
 * line (the point of the command: on stderr, with --json too).
 */
export async function asWriter<T>(
  config: Config,
  database: Database,
  fn: (writer: Writer) => Promise<T>,
): Promise<T> {
  const [{ embeddedLease, postgresLease }, { summarizeChanges }] = await Promise.all([
    import('../src/ingest/live/writer-lease.js'),
    import('../src/ingest/changes/summary.js'),
  ]);
  const events = await openEventBus(config);
  try {
    return await fn({
      lease: config.databaseUrl ? postgresLease(config.databaseUrl) : embeddedLease(),
      leasePollMs: 2_000,
      onChanged: async (changes) =>
        events.publish({
          type: 'data-changed',
          changes: await summarizeChanges(database.prisma, changes),
        }),
      report: (line) => process.stderr.write(`${line}\n`),
    });
  } finally {
    await events.close();
  }
}
