import { createDemoKeys, type DemoKey, readDemoKeys } from '../src/accounts/demo-setup.js';
import { DEFAULT_DEMO_MATCHES, DEFAULT_DEMO_SEED } from '../src/cli/data-commands.js';
import type { Config } from '../src/config/config.js';
import type { Database } from '../src/db/database.js';
import type { Deps } from '../src/deps.js';
import { trackConnections } from '../src/http/connection-drain.js';
import { type MetricsServer, startMetricsServer } from '../src/http/metrics-endpoint.js';
import { startLive } from './live.js';
import { openProcess } from './open-process.js';
import { closeOnSignals } from './shutdown.js';
import { sourceAdapters, startSources } from './sources.js';

const log = (message: string) => process.stderr.write(`${message}\n`);

/** First start on an empty embedded database: demo data, analysis and one key per tier. */
async function prepareEmbedded(deps: Deps, config: Config): Promise<DemoKey[] | null> {
  const db = deps.database.prisma;
  const existing = await readDemoKeys(config.dataDir);
  if (existing || (await db.match.count()) > 0) {
    return existing;
  }
  if (config.sources.length > 0) {
    log('empty embedded database and SOURCES set: no demo data, the sources fill it');
    return createDemoKeys(deps.services.accounts, config.dataDir);
  }
  log(`empty embedded database: loading ${DEFAULT_DEMO_MATCHES} demo matches (once)`);
  const [{ runDemo }, { bulkTargetOf }, { analyzeAll }] = await Promise.all([
    import('../src/ingest/demo/index.js'),
    import('../src/ingest/import/index.js'),
    import('../src/ingest/analyze/analyze.js'),
  ]);
  await runDemo(db, {
    matches: DEFAULT_DEMO_MATCHES,
    seed: DEFAULT_DEMO_SEED,
    now: deps.clock.now(),
    onProgress: log,
    bulk: bulkTargetOf(deps.database),
  });
  await analyzeAll(db, { onProgress: log });
  return createDemoKeys(deps.services.accounts, config.dataDir);
}

function printKeys(keys: DemoKey[]): void {
  log('demo API keys (also in TOUCHLINE_DATA_DIR/demo-keys.json):');
  for (const k of keys) {
    log(`  ${k.tier.padEnd(4)}  ${k.key}`);
  }
}

/** METRICS_PORT: /metrics on a listener of its own (docs/operations.md "Metrics"). */
async function serveMetrics(config: Config, deps: Deps): Promise<MetricsServer | null> {
  if (config.metricsPort === undefined) {
    return null;
  }
  const server = await startMetricsServer({
    registry: deps.metrics.registry,
    host: config.metricsHost,
    port: config.metricsPort,
    token: config.metricsToken,
  });
  log(`  metrics ${server.url}/metrics${config.metricsToken ? ' (bearer token)' : ''}`);
  return server;
}

/**
 * The server's modules, loaded while the database starts (its WebAssembly compiles off the main
 * thread): a start waits for the slower of the two, not for both in turn. So is the trusted
 * documents' manifest: a bad one stops the start before any migration.
 */
function loadServerModules(config: Config) {
  const modules = Promise.all([import('./compose.js'), import('./build-app.js')]);
  modules.catch(() => {});
  const trustedDocuments = modules.then(([, app]) => app.loadTrustedDocuments(config));
  trustedDocuments.catch(() => {});
  return { modules, trustedDocuments };
}

/** The listening lines: where the doors are, and the demo keys of a first embedded start. */
function announce(config: Config, database: Database, keys: DemoKey[] | null): void {
  log(`touchline listening on ${config.baseUrl} (database: ${database.kind})`);
  log(
    `  REST ${config.baseUrl}/v1/football  docs ${config.docsUrl}  GraphiQL ${config.baseUrl}/graphql`,
  );
  if (keys) {
    printKeys(keys);
  }
}

/** The writers of this process: the demo's live engine (LIVE=demo) and the SOURCES syncs. */
async function startWriters(
  config: Config,
  deps: Deps,
  adapters: Awaited<ReturnType<typeof sourceAdapters>>,
) {
  const prisma = deps.database.prisma;
  const live =
    config.live === 'demo'
      ? await startLive(config, {
          prisma,
          events: deps.events,
          now: deps.clock.now,
          log,
          metrics: deps.metrics,
        })
      : null;
  if (live) {
    log(
      `live: the demo's matches move in real time (LIVE=demo, a tick every ${config.liveTickMs} ms)`,
    );
  }
  const sources = await startSources(config, adapters, {
    prisma,
    events: deps.events,
    now: deps.clock.now,
    log,
    env: process.env,
  });
  return [live, sources] as const;
}

export async function serve(config: Config): Promise<void> {
  // SOURCES is checked first: a source that cannot run stops the start before anything opens.
  const adapters = await sourceAdapters(config, process.env);
  const { modules, trustedDocuments } = loadServerModules(config);
  const { database } = await openProcess(config, 'server', {
    progress: log,
    ready: trustedDocuments,
  });
  const [{ composeDeps }, { buildApp }] = await modules;
  const deps = await composeDeps(config, database, { processMetrics: true });
  const keys = database.kind === 'pglite' ? await prepareEmbedded(deps, config) : null;
  const state = { closing: false };
  const app = await buildApp(config, deps, {
    shutdown: state,
    trustedDocuments: await trustedDocuments,
  });
  const connections = trackConnections(app.server);
  // Before the API's port: a metrics port already taken stops the start, not a running server.
  const metricsServer = await serveMetrics(config, deps);
  await app.listen({ host: config.host, port: config.port });
  // The Prisma client compiles its query engine (WebAssembly) on first use; nothing before
  // listening needs it, so it compiles now rather than in the first request that does.
  setImmediate(() => {
    database.prisma.$queryRaw`SELECT 1`.catch(() => {});
  });
  announce(config, database, keys);
  const writers = await startWriters(config, deps, adapters);
  closeOnSignals({ state, writers, connections, app, metricsServer, deps, log });
}
