import { openBilling } from '../src/accounts/billing/open-billing.js';
import { createManagementServices } from '../src/accounts/management.js';
import { seedPlans } from '../src/accounts/plans-seed.js';
import type { LoggedChange } from '../src/changes/change-log.js';
import type { CliRuntime, Progress } from '../src/cli/runtime.js';
import type { Config } from '../src/config/config.js';
import { type Database, openDatabase } from '../src/db/database.js';
import { ensureMigrated } from '../src/db/migrate.js';
import { openEventBus } from '../src/events/open-event-bus.js';
import type { WriterLease } from '../src/ingest/live/writer-lease.js';
import { documentsRuntime } from './documents.js';
import { startLive } from './live.js';
import { syncRuntime } from './sync-runtime.js';

const quiet: Progress = () => {};

/**
 * The command line's dependency graph (what `CliRuntime` promises the commands), built on the
 * configuration read once by the process entry.
 */
export function createCliRuntime(config: Config): CliRuntime {
  /**
   * Opens the configured database (PostgreSQL with DATABASE_URL, else the embedded one), brings
   * it to the current migrations, runs `fn` with what was applied, and always closes it.
   * Applying migrations is idempotent and takes Prisma's advisory lock on PostgreSQL.
   */
  async function withMigrated<T>(
    fn: (database: Database, applied: string[]) => Promise<T>,
    progress: Progress,
  ): Promise<T> {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      fromTemplate: true,
    });
    try {
      const applied = await ensureMigrated(database);
      if (applied.length > 0) {
        progress(`applied migrations: ${applied.join(', ')}`);
      }
      return await fn(database, applied);
    } finally {
      await database.close();
    }
  }

  /** `withMigrated`, with the plan tables seeded: what every other command needs. */
  function withDatabase<T>(
    fn: (database: Database) => Promise<T>,
    progress: Progress = quiet,
  ): Promise<T> {
    return withMigrated(async (database) => {
      await seedPlans(database.prisma, database.read);
      return fn(database);
    }, progress);
  }

  /**
   * Tells running servers that football data changed (their response caches clear at once):
   * through Redis pub/sub and PostgreSQL NOTIFY where configured.
   */
  async function announceDataChange(): Promise<void> {
    const events = await openEventBus(config);
    try {
      await events.publish({ type: 'data-changed' });
    } finally {
      await events.close();
    }
  }

  /**
   * What a command writing as the one writer (feed, replay) needs: the writer lease of the
   * configured database, how it tells running servers what each write changed, and the report
   * line (the point of the command: on stderr, with --json too).
   */
  async function asWriter<T>(
    database: Database,
    fn: (writer: {
      lease: WriterLease;
      leasePollMs: number;
      onChanged: (changes: LoggedChange[]) => Promise<void>;
      report: (line: string) => void;
    }) => Promise<T>,
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

  async function withDataChange<T>(
    fn: (database: Database) => Promise<T>,
    progress: Progress = quiet,
  ): Promise<T> {
    const result = await withDatabase(fn, progress);
    await announceDataChange();
    return result;
  }

  return {
    ...syncRuntime(config, { withDatabase, withDataChange, asWriter }),
    feed: ({ source, signal, progress }) =>
      withDatabase(async (database) => {
        const { runFeed } = await import('../src/ingest/feed/run.js');
        return asWriter(database, (writer) =>
          runFeed({ ...writer, db: database.prisma, source, signal, now: () => new Date() }),
        );
      }, progress),
    live: ({ stop, progress }) =>
      withDatabase(async (database) => {
        const events = await openEventBus(config);
        const counts = { ticks: 0, changes: 0 };
        try {
          const runner = await startLive(config, {
            prisma: database.prisma,
            events,
            now: () => new Date(),
            log: progress,
            onTick: (tick) => {
              counts.ticks += 1;
              counts.changes += tick.changes.length;
              const matches = new Set(
                tick.changes.map((c) => c.matchId).filter((id) => id !== null),
              );
              progress(
                `live: ${tick.changes.length} changes in ${matches.size} matches` +
                  (tick.finished.length > 0 ? `, ${tick.finished.length} finished` : ''),
              );
            },
          });
          await stop;
          await runner.stop();
        } finally {
          await events.close();
        }
        return counts;
      }, progress),
    replay: ({ timeline, kickoffMs, speed, signal, progress }) =>
      withDatabase(async (database) => {
        const [{ runReplay }, { systemClock }] = await Promise.all([
          import('../src/ingest/replay/run.js'),
          import('../src/ingest/replay/player.js'),
        ]);
        return asWriter(database, (writer) =>
          runReplay({
            ...writer,
            db: database.prisma,
            timeline,
            kickoffMs,
            speed,
            clock: systemClock,
            signal,
          }),
        );
      }, progress),
    migrate: (progress = quiet) =>
      withMigrated(async (database, applied) => ({ applied, database: database.kind }), progress),
    withDatabase,
    documents: documentsRuntime(config.trustedDocuments),
    withDataChange,
    async sendAccountMail(mail) {
      if (!config.smtpUrl) {
        return { sent: false, link: `${config.baseUrl}${mail.path}` };
      }
      const { createMailer } = await import('../src/mail/mailer.js');
      const mailer = createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        baseUrl: config.baseUrl,
        log: () => {},
      });
      try {
        await mailer.send(mail, 'en');
        return { sent: true };
      } finally {
        mailer.close();
      }
    },
    withManagement(fn, { counters: withCounters, progress }) {
      return withDatabase(async (database) => {
        const events = await openEventBus(config);
        const counters = withCounters
          ? await (await import('./counters-reader.js')).openCounterReader(config, progress)
          : undefined;
        try {
          const services = createManagementServices({
            db: database.prisma,
            events,
            now: () => new Date(),
            quotaStore: () => counters,
            provider: openBilling(config.billing, config.baseUrl).provider,
          });
          return await fn(services);
        } finally {
          await events.close();
          await counters?.close();
        }
      }, progress);
    },
  };
}
