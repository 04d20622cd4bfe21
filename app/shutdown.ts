import type { FastifyInstance } from 'fastify';
import type { Deps } from '../src/deps.js';
import type { trackConnections } from '../src/http/connection-drain.js';
import type { ShutdownState } from '../src/http/drain.js';
import type { MetricsServer } from '../src/http/metrics-endpoint.js';

/** What a serving process closes, in this order. */
export interface RunningServer {
  /** The process's shutdown flag, which the app's drain hook reads. */
  state: ShutdownState;
  /** The writers (live engine, sources): stopped first, so that nothing writes any more. */
  writers: readonly ({ stop(): Promise<void> } | null)[];
  connections: ReturnType<typeof trackConnections>;
  app: FastifyInstance;
  metricsServer: MetricsServer | null;
  deps: Deps;
  log: (message: string) => void;
}

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

/** Whether `work` settled well within `ms`; a failure is logged as `what`. */
function settledWithin(
  work: Promise<unknown>,
  ms: number,
  what: string,
  log: (message: string) => void,
): Promise<boolean | undefined> {
  return Promise.race([
    work.then(
      () => true,
      (error: unknown) => {
        log(`${what}: ${reason(error)}`);
        return false;
      },
    ),
    delay(ms, undefined),
  ]);
}

/**
 * Stop accepting; requests in flight finish (their reservations settle in their hooks) and
 * close their connections; requests arriving on open keep-alive connections get 503 with
 * `Connection: close`; idle connections are closed once idle for a second. Whether every
 * request finished within the grace.
 */
async function drainRequests(server: RunningServer, signal: string): Promise<boolean> {
  const drained = await Promise.race([
    server.connections.drain().then(() => true),
    delay(SHUTDOWN_GRACE_MS, undefined),
  ]);
  if (drained !== undefined) {
    return true;
  }
  server.log(
    `${signal}: requests still running after ${SHUTDOWN_GRACE_MS} ms: closing their connections`,
  );
  server.connections.closeAll();
  return false;
}

async function shutdown(server: RunningServer, signal: string): Promise<void> {
  const { log } = server;
  server.state.closing = true;
  const started = Date.now();
  log(`${signal}: finishing in-flight requests`);
  // The live engine first: its tick in progress commits or rolls back, then no more writes.
  for (const writer of server.writers) {
    await writer?.stop();
  }
  let graceful = await drainRequests(server, signal);
  const closed = await settledWithin(
    server.app.close(),
    CLOSE_STEP_MS,
    `${signal}: closing the server`,
    log,
  );
  graceful &&= closed === true;
  await server.metricsServer?.close();
  // Then flush usage, leave the instance registry, close Redis, the event bus and the database.
  const released = await settledWithin(
    server.deps.close(),
    DEPS_CLOSE_MS,
    `${signal}: closing`,
    log,
  );
  if (released === undefined) {
    log(`${signal}: dependencies not closed within ${DEPS_CLOSE_MS} ms`);
  }
  graceful &&= released === true;
  log(`${signal}: ${graceful ? 'closed' : 'closed with errors'} in ${Date.now() - started} ms`);
  process.exitCode = graceful ? 0 : 1;
  // Everything is released; a socket to a database that stopped answering (which no one will
  // ever close) must not keep the process alive.
  setTimeout(() => process.exit(), EXIT_GRACE_MS).unref();
}

/** SIGTERM or SIGINT shuts the server down once (a second signal changes nothing). */
export function closeOnSignals(server: RunningServer): void {
  let closing = false;
  const onSignal = (signal: string) => {
    if (closing) {
      return;
    }
    closing = true;
    void shutdown(server, signal);
  };
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  process.once('SIGINT', () => onSignal('SIGINT'));
}
