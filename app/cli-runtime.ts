import { openBilling } from '../src/accounts/billing/open-billing.js';
import { createManagementServices, type ManagementServices } from '../src/accounts/management.js';
import type { AccountMail } from '../src/accounts/web-accounts.js';
import type { CliRuntime, Progress } from '../src/cli/runtime.js';
import type { Config } from '../src/config/config.js';
import type { Database } from '../src/db/database.js';
import { openEventBus } from '../src/events/open-event-bus.js';
import type { LiveTick } from '../src/ingest/live/engine.js';
import { asWriter, quiet, withDatabase, withDataChange } from './cli-database.js';
import { documentsRuntime } from './documents.js';
import { startLive } from './live.js';
import { syncRuntime } from './sync-runtime.js';

/** One line per tick that wrote something: how many changes, in how many matches. */
const tickLine = (tick: LiveTick) => {
  const matches = new Set(tick.changes.map((c) => c.matchId).filter((id) => id !== null));
  return (
    `live: ${tick.changes.length} changes in ${matches.size} matches` +
    (tick.finished.length > 0 ? `, ${tick.finished.length} finished` : '')
  );
};

/** `touchline live`: the demo's live engine on the configured database until `stop` settles. */
function runLive(
  config: Config,
  { stop, progress }: Parameters<CliRuntime['live']>[0],
): ReturnType<CliRuntime['live']> {
  return withDatabase(
    config,
    async (database) => {
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
            progress(tickLine(tick));
          },
        });
        await stop;
        await runner.stop();
      } finally {
        await events.close();
      }
      return counts;
    },
    progress,
  );
}

/** `touchline feed`: a provider feed applied as the one writer. */
function runFeed(
  config: Config,
  { source, signal, progress }: Parameters<CliRuntime['feed']>[0],
): ReturnType<CliRuntime['feed']> {
  return withDatabase(
    config,
    async (database) => {
      const { runFeed } = await import('../src/ingest/feed/run.js');
      return asWriter(config, database, (writer) =>
        runFeed({ ...writer, db: database.prisma, source, signal, now: () => new Date() }),
      );
    },
    progress,
  );
}

/** `touchline replay`: a recorded match played into the database as the one writer. */
function runReplay(
  config: Config,
  { timeline, kickoffMs, speed, signal, progress }: Parameters<CliRuntime['replay']>[0],
): ReturnType<CliRuntime['replay']> {
  return withDatabase(
    config,
    async (database) => {
      const [{ runReplay }, { systemClock }] = await Promise.all([
        import('../src/ingest/replay/run.js'),
        import('../src/ingest/replay/player.js'),
      ]);
      return asWriter(config, database, (writer) =>
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
    },
    progress,
  );
}

/** An account mail through SMTP_URL; without it, the link for the operator to pass on. */
async function sendAccountMail(
  config: Config,
  mail: AccountMail,
): Promise<{ sent: boolean; link?: string }> {
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
}

/** The management services over the configured database (and the live counters if asked). */
function withManagement<T>(
  config: Config,
  fn: (services: ManagementServices) => Promise<T>,
  { counters: withCounters, progress }: { counters: boolean; progress: Progress },
): Promise<T> {
  return withDatabase(
    config,
    async (database) => {
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
    },
    progress,
  );
}

/**
 * The command line's dependency graph (what `CliRuntime` promises the commands), built on the
 * configuration read once by the process entry.
 */
export function createCliRuntime(config: Config): CliRuntime {
  const parts = {
    withDatabase: <T>(fn: (database: Database) => Promise<T>, progress?: Progress) =>
      withDatabase(config, fn, progress),
    withDataChange: <T>(fn: (database: Database) => Promise<T>, progress?: Progress) =>
      withDataChange(config, fn, progress),
    asWriter: <T>(database: Database, fn: Parameters<typeof asWriter<T>>[2]) =>
      asWriter(config, database, fn),
  };
  return {
    ...syncRuntime(config, parts),
    feed: (options) => runFeed(config, options),
    live: (options) => runLive(config, options),
    replay: (options) => runReplay(config, options),
    migrate: (progress = quiet) =>
      withDatabase(
        config,
        async (database, applied) => ({ applied, database: database.kind }),
        progress,
        false,
      ),
    withDatabase: parts.withDatabase,
    documents: documentsRuntime(config.trustedDocuments),
    withDataChange: parts.withDataChange,
    sendAccountMail: (mail) => sendAccountMail(config, mail),
    withManagement: (fn, options) => withManagement(config, fn, options),
  };
}
