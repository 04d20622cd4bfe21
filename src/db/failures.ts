import { ApiError } from '../errors/api-error.js';
import { isDatabaseUnavailable } from './unavailable.js';

/** Seconds a client should wait after a database outage (the 503's `Retry-After`). */
const DATABASE_RETRY_AFTER = 5;

/** SQLSTATE 22021 (invalid byte sequence, such as NUL) and 22P05 (untranslatable character). */
const REFUSED_TEXT_CODES = new Set(['22021', '22P05']);
const REFUSED_TEXT_MESSAGE = /Code: `(?:22021|22P05)`|invalid byte sequence for encoding/;

interface DriverAdapterMeta {
  meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; code?: unknown } } };
}

/**
 * True when PostgreSQL refused the text of a query parameter: a NUL byte (`%00` in a URL,
 * `\u0000` in GraphQL) cannot be held in a text value. The request's own input is at fault, so
 * it is 400 `invalid_parameter`, not a 500 (found by test/fuzz: `GET /v1/football/matches?
 * league=%00`, the movement route with bookmaker `a%00`, GraphQL `matches(league: ["\u0000"])`).
 */
function isRefusedTextInput(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    const cause = (e as DriverAdapterMeta).meta?.driverAdapterError?.cause;
    const code = cause?.originalCode ?? cause?.code;
    if (
      (typeof code === 'string' && REFUSED_TEXT_CODES.has(code)) ||
      REFUSED_TEXT_MESSAGE.test(e.message)
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The API error a database failure stands for, on both doors: a refused text parameter is the
 * client's 400, an unreachable, hanging or full database is 503 `upstream_unavailable` with a
 * retry hint. Undefined for anything else (a bug: each door masks it as `internal_error`).
 */
export function apiErrorOfDatabaseFailure(error: unknown): ApiError | undefined {
  if (isRefusedTextInput(error)) {
    return new ApiError(
      'invalid_parameter',
      'A parameter holds a character the API does not accept (such as NUL)',
    );
  }
  if (isDatabaseUnavailable(error)) {
    return new ApiError(
      'upstream_unavailable',
      'The data store is temporarily unreachable; retry shortly',
      { retryAfter: DATABASE_RETRY_AFTER },
    );
  }
  return undefined;
}
