const UNAVAILABLE_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
const UNAVAILABLE_TEXT =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|Connection terminated|connection is closed|timeout exceeded when trying to connect|DatabaseNotReachable|ConnectionClosed|SocketTimeout|too many clients|PGlite is closed/i;

/**
 * True when a database call failed because the database cannot be reached (refused, dropped,
 * timed out, pool exhausted), as opposed to a bug or bad data: those requests are answered
 * 503 `upstream_unavailable` with Retry-After, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) {
      return true;
    }
    if (e.name === 'PrismaClientInitializationError' || UNAVAILABLE_TEXT.test(e.message)) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
