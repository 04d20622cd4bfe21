import { isDatabaseUnavailable } from '../unavailable.js';

/**
 * A hot standby cancels a query whose rows the replay must remove or lock (SQLSTATE 40001 or
 * 40P01, "canceling statement due to conflict with recovery"): the replica is fine, the query
 * just has to run elsewhere.
 * @see https://www.postgresql.org/docs/15/hot-standby.html#HOT-STANDBY-CONFLICT
 */
const RECOVERY_CONFLICT = /conflict with recovery/i;

function isRecoveryConflict(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    if (RECOVERY_CONFLICT.test(e.message)) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * What a failed read on a replica means: `down` (unreachable, dropped, timed out, shutting down:
 * skip it until a check finds it well), `retry` (a recovery conflict: ask the primary, keep the
 * replica), or `error` (the query itself is wrong: the primary would fail it too).
 */
export function replicaFailure(error: unknown): 'down' | 'retry' | 'error' {
  if (isDatabaseUnavailable(error)) {
    return 'down';
  }
  return isRecoveryConflict(error) ? 'retry' : 'error';
}
