import type { Config } from '../src/config/config.js';
import { ConfigError } from '../src/config/config-error.js';
import type { PrismaClient } from '../src/db/generated/client.js';
import type { EventBus } from '../src/events/event-bus.js';
import type { WriterLease } from '../src/ingest/live/writer-lease.js';
import type { SourceAdapter } from '../src/ingest/sync/adapter.js';

interface SourcesWiring {
  prisma: PrismaClient;
  events: Pick<EventBus, 'publish'>;
  now: () => Date;
  log: (line: string) => void;
  env: Readonly<Record<string, string | undefined>>;
}

interface RunningSources {
  stop(): Promise<void>;
}

/** `FOOTBALL_DATA_ORG_COMPETITIONS`, `..._BUDGET`: a source's variables next to its address. */
function sourceSetting(adapter: SourceAdapter, env: SourcesWiring['env'], name: string) {
  const prefix = (adapter.environment?.url ?? '').replace(/_URL$/, '');
  const value = env[`${prefix}_${name}`]?.trim();
  return value ? value : undefined;
}

/**
 * The adapters SOURCES names, checked before anything starts: a name no source has, a file
 * source or a missing credential stops the start with one line.
 */
export async function sourceAdapters(
  config: Config,
  env: SourcesWiring['env'],
): Promise<SourceAdapter[]> {
  const [{ loadSource, SOURCE_NAMES }, { SourceConfigError }] = await Promise.all([
    import('../src/ingest/sync/sources/index.js'),
    import('../src/ingest/sync/adapter.js'),
  ]);
  const adapters: SourceAdapter[] = [];
  for (const name of config.sources) {
    const adapter = await loadSource(name);
    if (!adapter) {
      throw new ConfigError([`SOURCES: no source ${name} (one of ${SOURCE_NAMES.join(', ')})`]);
    }
    if (!adapter.environment) {
      throw new ConfigError([
        `SOURCES: ${name} reads files; run touchline sync ${name} --path ... instead`,
      ]);
    }
    try {
      adapter.credentials(env);
    } catch (error) {
      throw error instanceof SourceConfigError
        ? new ConfigError([`SOURCES: ${error.message}`])
        : error;
    }
    pollMsOf(adapter, env);
    adapters.push(adapter);
  }
  return adapters;
}

/** `<PREFIX>_POLL_SECONDS`: whole seconds, 1 to a day; anything else stops the start. */
function pollMsOf(adapter: SourceAdapter, env: SourcesWiring['env']): number | undefined {
  const value = sourceSetting(adapter, env, 'POLL_SECONDS');
  if (value === undefined) {
    return undefined;
  }
  const seconds = /^[0-9]{1,5}$/.test(value) ? Number(value) : 0;
  if (seconds < 1 || seconds > 86_400) {
    const name = `${(adapter.environment?.url ?? '').replace(/_URL$/, '')}_POLL_SECONDS`;
    throw new ConfigError([`${name}="${value}": whole seconds from 1 to 86400`]);
  }
  return seconds * 1000;
}

/**
 * SOURCES (docs/sources.md): the named providers synced in this process, as `touchline sync
 * SOURCE --follow` would (its `--competitions`, `--budget` and `--poll` from `<PREFIX>_COMPETITIONS`,
 * `<PREFIX>_BUDGET` and `<PREFIX>_POLL_SECONDS`, PREFIX being its address variable's: `FOOTBALL_DATA_ORG`), all under one
 * writer lease (PostgreSQL: the advisory lock, so one
 * instance of several writes; embedded: this process). Each pass that wrote tells every cache
 * through the event bus.
 */
export async function startSources(
  config: Config,
  adapters: readonly SourceAdapter[],
  wiring: SourcesWiring,
): Promise<RunningSources | null> {
  if (adapters.length === 0) {
    return null;
  }
  const [{ SyncRunner }, { embeddedLease, postgresLease }, { summarizeChanges }] =
    await Promise.all([
      import('../src/ingest/sync/runner.js'),
      import('../src/ingest/live/writer-lease.js'),
      import('../src/ingest/changes/summary.js'),
    ]);
  const lease = config.databaseUrl ? postgresLease(config.databaseUrl) : embeddedLease();
  // One lease for every source of this process: a source's runner never releases it alone.
  const shared: WriterLease = {
    acquire: () => lease.acquire(),
    check: () => lease.check(),
    release: async () => {},
  };
  const stop = new AbortController();
  const setting = (adapter: SourceAdapter, name: string) =>
    sourceSetting(adapter, wiring.env, name);
  const runs = adapters.map((adapter) =>
    new SyncRunner({
      db: wiring.prisma,
      adapter,
      env: wiring.env,
      follow: true,
      scope: {
        paths: [],
        competitions: setting(adapter, 'COMPETITIONS')
          ?.split(',')
          .map((c) => c.trim())
          .filter((c) => c !== ''),
      },
      budget: setting(adapter, 'BUDGET'),
      pollMs: pollMsOf(adapter, wiring.env),
      lease: shared,
      leasePollMs: 2_000,
      signal: stop.signal,
      now: wiring.now,
      onChanged: async (changes) => {
        const summary = await summarizeChanges(wiring.prisma, changes);
        await wiring.events.publish({ type: 'data-changed', changes: summary });
      },
      report: wiring.log,
      json: false,
    })
      .run()
      .catch((error: unknown) => {
        wiring.log(
          `sync ${adapter.name}: stopped: ${error instanceof Error ? error.message : String(error)}`,
        );
      }),
  );
  wiring.log(`sources: syncing ${adapters.map((a) => a.name).join(', ')} (SOURCES)`);
  return {
    async stop() {
      stop.abort();
      await Promise.all(runs);
      await lease.release();
    },
  };
}
