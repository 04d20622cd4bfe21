/** Prisma's codes for "cannot reach / lost / timed out" (P2024: no pool connection in time). */
const UNAVAILABLE_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);

/** The driver adapter's error kinds for the same (`DriverAdapterError.cause.kind`). */
const UNAVAILABLE_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
]);

/**
 * PostgreSQL SQLSTATEs of a server that is going away, not answering in time or full:
 * 57014 query_canceled (`statement_timeout`), 57P01-57P03 admin/crash shutdown and "cannot
 * connect now" (starting up, shutting down, in recovery), 53300 too_many_connections, class 08
 * (connection exceptions).
 */
const UNAVAILABLE_SQLSTATE = /^(57014|57P0[123]|53300|08\d{3})$/;

const UNAVAILABLE_TEXT = new RegExp(
  [
    // Sockets: refused, reset, timed out, unreachable.
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'EPIPE',
    // pg: the connection dropped or could not be made or taken from the pool in time.
    'Connection terminated',
    'connection is closed',
    'timeout exceeded when trying to connect',
    'timeout expired',
    // pg `query_timeout`: the server did not answer a statement in time.
    'Query read timeout',
    // PostgreSQL: `statement_timeout`, shutdown, restart, recovery, full.
    'canceling statement due to statement timeout',
    'terminating connection due to administrator command',
    'the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)',
    'too many clients',
    // Prisma and its driver adapters.
    "Can't reach database server",
    'DatabaseNotReachable',
    'ConnectionClosed',
    'SocketTimeout',
    'PGlite is closed',
  ].join('|'),
  'i',
);

function isUnavailableNode(e: Error): boolean {
  const { code, kind, meta } = e as { code?: unknown; kind?: unknown; meta?: unknown };
  if (
    typeof code === 'string' &&
    (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))
  ) {
    return true;
  }
  if (typeof kind === 'string' && UNAVAILABLE_KINDS.has(kind)) {
    return true;
  }
  if (e.name === 'PrismaClientInitializationError' || UNAVAILABLE_TEXT.test(e.message)) {
    return true;
  }
  // A raw query's P2010 carries the adapter's error in `meta.driverAdapterError`.
  const adapterError = (meta as { driverAdapterError?: unknown } | undefined)?.driverAdapterError;
  return adapterError instanceof Error && adapterCauseIsUnavailable(adapterError);
}

/** `DriverAdapterError.cause`: `{ kind, code?, message? }` (a plain object, not an Error). */
function adapterCauseIsUnavailable(error: Error): boolean {
  const cause = (error as { cause?: unknown }).cause;
  if (!cause || typeof cause !== 'object') {
    return false;
  }
  const { kind, code, originalCode } = cause as Record<string, unknown>;
  return (
    (typeof kind === 'string' && UNAVAILABLE_KINDS.has(kind)) ||
    (typeof code === 'string' && UNAVAILABLE_SQLSTATE.test(code)) ||
    (typeof originalCode === 'string' && UNAVAILABLE_SQLSTATE.test(originalCode))
  );
}

/**
 * True when a database call failed because the database cannot be reached (refused, dropped,
 * timed out, shutting down, pool exhausted), as opposed to a bug or bad data: those requests are
 * answered 503 `upstream_unavailable` with Retry-After, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    if (isUnavailableNode(e) || (e.name === 'DriverAdapterError' && adapterCauseIsUnavailable(e))) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
