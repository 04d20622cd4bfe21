import type { Deps } from '../deps.js';
import { ApiError } from '../errors/api-error.js';
import type { Principal } from '../policy/access-policy.js';
import { STREAMS_PER_TIER, type StreamLease, type StreamLeases } from '../policy/stream-leases.js';
import { createChangeHub } from './change-hub.js';
import { createChangeValues } from './change-values.js';

/** A key check is shared by the streams of that key for this long. */
const RECHECK_SHARED_MS = 1000;
/** Past this many remembered checks, the stale ones are dropped. */
const MAX_RECHECKS = 10_000;

/** Something open that the server ends when it shuts down (a stream, a subscription). */
export interface Closable {
  close(): void;
}

/**
 * One per app: the change hub and the change values that every push door (the SSE route,
 * GraphQL subscriptions over SSE and WebSocket) reads from, and what is open on them.
 */
export function createPush(deps: Deps, assetsUrl: string) {
  const hub = createChangeHub(deps.database.prisma, deps.events);
  const values = createChangeValues(deps.services, assetsUrl);
  const open = new Set<Closable>();
  const rechecks = new Map<string, { at: number; check: Promise<void> }>();
  return {
    hub,
    values,
    /**
     * Checks again that a stream's key is still good (throws the ApiError of one revoked or
     * expired): once per key and address per second, however many streams it holds (25 streams
     * of a Pro key checked every 2 s each would be 12 key checks a second).
     */
    recheck(rawKey: string | undefined, address: string): Promise<void> {
      const id = `${rawKey ?? ''}|${address}`;
      const now = Date.now();
      const last = rechecks.get(id);
      if (last && now - last.at < RECHECK_SHARED_MS) {
        return last.check;
      }
      const check = (async () => {
        const pass = await deps.access.gate.open(rawKey, address);
        await pass.allow('plan');
      })();
      rechecks.set(id, { at: now, check });
      if (rechecks.size > MAX_RECHECKS) {
        for (const [key, entry] of rechecks) {
          if (now - entry.at >= RECHECK_SHARED_MS) {
            rechecks.delete(key);
          }
        }
      }
      return check;
    },
    /** Tracks `stream` until it closes; answers the function that forgets it. */
    track(stream: Closable): () => void {
      open.add(stream);
      return () => open.delete(stream);
    },
    /** Ends every open stream (the server is shutting down; clients reconnect elsewhere). */
    endAll(): void {
      for (const stream of [...open]) {
        stream.close();
      }
      open.clear();
    },
    close(): void {
      hub.close();
      values.close();
    },
  };
}

export type Push = ReturnType<typeof createPush>;

/**
 * One of the account's concurrent streams (DECISIONS.md "Push": Free 1, Plus 5, Pro 25), or 429
 * `rate_limited` when it holds them all.
 */
export async function leaseStream(
  streams: StreamLeases,
  principal: Principal,
): Promise<StreamLease> {
  const { accountId, tier } = principal.account;
  const limit = STREAMS_PER_TIER[tier];
  const lease = await streams.acquire(accountId, limit);
  if (!lease) {
    throw new ApiError(
      'rate_limited',
      `At most ${limit} concurrent streams and subscriptions on the ${tier} plan: close one first`,
    );
  }
  return lease;
}
