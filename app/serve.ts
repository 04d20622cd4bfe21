import { createDemoKeys, type DemoKey, readDemoKeys } from '../src/accounts/demo-setup.js';
import { seedPlans } from '../src/accounts/plans-seed.js';
import { DEFAULT_DEMO_MATCHES, DEFAULT_DEMO_SEED } from '../src/cli/data-commands.js';
import type { Config } from '../src/config/config.js';
import { openDatabase, type ReplicaStatus } from '../src/db/database.js';
import { ensureMigrated } from '../src/db/migrate.js';
import type { Deps } from '../src/deps.js';
import { trackConnections } from '../src/http/connection-drain.js';
import { type MetricsServer, startMetricsServer } from '../src/http/metrics-endpoint.js';
import { startLive } from './live.js';
import { replicaOptions } from './replica-options.js';
import { sourceAdapters, startSources } from './sources.js';

const log = (message: string) => process.stderr.write(`${message}\n`);

/** A replica coming into use or leaving it (docs/scale.md "Read replicas"). */
const logReplica = (status: ReplicaStatus) =>
  log(
    status.health === 'in-use'
      ? `replica ${status.name}: in use (lag ${status.lagMs ?? 0} ms)`
      : `replica ${status.name}: skipped, ${status.health}${status.reason ? `: ${status.reason}` : ''}`,
  );

/**
 * Shutdown (docs/operations.md): in-flight requests get SHUTDOWN_GRACE_MS to finish (each is
 * bounded by the database timeouts, so this is generous), then their connections are closed;
 * closing the dependencies gets DEPS_CLOSE_MS (deps.ts closes the database after at most 15 s
 * whatever the rest does). A process therefore exits within about 50 s of SIGTERM whatever its
 * dependencies do, and within a second or so when they answer.
 */
const SHUTDOWN_GRACE_MS = 25_000;
const CLOSE_STEP_MS = 5_000;
const DEPS_CLOSE_MS = 20_000;
const EXIT_GRACE_MS = 1_000;

const reason = (error: unknown): string =>
  error instanceof AggregateError
    ? error.errors.map(reason).join('; ')
    : error instanceof Error
      ? (error.message.split('\n')[0] ?? error.name)
      : String(error);

const delay = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms).unref());

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

export async function serve(config: Config): Promise<void> {
  // SOURCES is checked first: a source that cannot run stops the start before anything opens.
  const adapters = await sourceAdapters(config, process.env);
  // The server's modules load while the database starts (its WebAssembly compiles off the main
  // thread): a start waits for the slower of the two, not for both in turn.
  const server = Promise.all([import('./compose.js'), import('./build-app.js')]);
  server.catch(() => {});
  // So is the trusted documents' manifest: a bad one stops the start before any migration.
  const trustedDocuments = server.then(([, app]) => app.loadTrustedDocuments(config));
  trustedDocuments.catch(() => {});
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    queryTimeoutMs: config.databaseQueryTimeoutMs,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    fromTemplate: true,
    replicas: replicaOptions(config, logReplica),
  });
  await trustedDocuments.catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const applied = await ensureMigrated(database);
  if (applied.length > 0) {
    log(`applied migrations: ${applied.join(', ')}`);
  }
  await seedPlans(database.prisma, database.read);
  const [{ composeDeps }, { buildApp }] = await server;
  const deps = await composeDeps(config, database, { processMetrics: true });
  const keys = database.kind === 'pglite' ? await prepareEmbedded(deps, config) : null;
  const shutdownState = { closing: false };
  const app = await buildApp(config, deps, {
    shutdown: shutdownState,
    trustedDocuments: await trustedDocuments,
  });
  const connections = trackConnections(app.server);
  // Before the API's port: a metrics port already taken stops the start, not a running server.
  const metricsServer = await serveMetrics(config, deps);
  await app.listen({ host: config.host, port: config.port });
  log(`touchline listening on ${config.baseUrl} (database: ${database.kind})`);
  // The Prisma client compiles its query engine (WebAssembly) on first use; nothing before
  // listening needs it, so it compiles now rather than in the first request that does.
  setImmediate(() => {
    database.prisma.$queryRaw`SELECT 1`.catch(() => {});
  });
  log(
    `  REST ${config.baseUrl}/v1/football  docs ${config.docsUrl}  GraphiQL ${config.baseUrl}/graphql`,
  );
  if (keys) {
    printKeys(keys);
  }
  const live =
    config.live === 'demo'
      ? await startLive(config, {
          prisma: database.prisma,
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
    prisma: database.prisma,
    events: deps.events,
    now: deps.clock.now,
    log,
    env: process.env,
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      return;
    }
    closing = true;
    shutdownState.closing = true;
    const started = Date.now();
    log(`${signal}: finishing in-flight requests`);
    // The live engine first: its tick in progress commits or rolls back, then no more writes.
    await live?.stop();
    await sources?.stop();
    let graceful = true;
    // Stop accepting; requests in flight finish (their reservations settle in their hooks) and
    // close their connections; requests arriving on open keep-alive connections get 503 with
    // `Connection: close`; idle connections are closed once idle for a second.
    const drained = await Promise.race([
      connections.drain().then(() => true),
      delay(SHUTDOWN_GRACE_MS, undefined),
    ]);
    if (drained === undefined) {
      graceful = false;
      log(
        `${signal}: requests still running after ${SHUTDOWN_GRACE_MS} ms: closing their connections`,
      );
      connections.closeAll();
    }
    const closed = await Promise.race([
      app.close().then(
        () => true,
        (error: unknown) => {
          log(`${signal}: closing the server: ${reason(error)}`);
          return false;
        },
      ),
      delay(CLOSE_STEP_MS, false),
    ]);
    graceful &&= closed;
    await metricsServer?.close();
    // Then flush usage, leave the instance registry, close Redis, the event bus and the database.
    const released = await Promise.race([
      deps.close().then(
        () => true,
        (error: unknown) => {
          log(`${signal}: closing: ${reason(error)}`);
          return false;
        },
      ),
      delay(DEPS_CLOSE_MS, undefined),
    ]);
    if (released === undefined) {
      log(`${signal}: dependencies not closed within ${DEPS_CLOSE_MS} ms`);
    }
    graceful &&= released === true;
    log(`${signal}: ${graceful ? 'closed' : 'closed with errors'} in ${Date.now() - started} ms`);
    process.exitCode = graceful ? 0 : 1;
    // Everything is released; a socket to a database that stopped answering (which no one will
    // ever close) must not keep the process alive.
    setTimeout(() => process.exit(), EXIT_GRACE_MS).unref();
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}
