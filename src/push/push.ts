import { createChangeHub } from '../changes/change-hub.js';
import {
  STREAMS_PER_TIER,
  type StreamLease,
  type StreamLeases,
} from '../counters/stream-leases.js';
import type { Deps } from '../deps.js';
import { ApiError } from '../errors/api-error.js';
import type { Principal } from '../policy/access-policy.js';
import { createChangeValues } from './change-values.js';

/** How often the keys of open streams are checked again (revoked: closed within 5 s). */
export const REVALIDATE_MS = 2_000;

/** Told the ApiError of a key that is no longer good (revoked, expired). */
export type KeyRefused = (error: unknown) => void;

/** Which door a push stream came through: the SSE route, or a GraphQL subscription. */
type StreamKind = 'sse' | 'graphql';

/** Something open that the server ends when it shuts down (a stream, a subscription). */
interface Closable {
  close(): void;
}

/**
 * One per app: the change hub and the change values that every push door (the SSE route,
 * GraphQL subscriptions over SSE and WebSocket) reads from, and what is open on them.
 */
export function createPush(deps: Deps, assetsUrl: string) {
  // The change log is read on the primary: a resume must never miss what the primary logged.
  const hub = createChangeHub(deps.database.prisma, deps.events, deps.database.data.markChanged);
  const values = createChangeValues(deps.services, assetsUrl, hub.position);
  const open = new Set<Closable>();
  const openByKind: Record<StreamKind, number> = { sse: 0, graphql: 0 };
  /** The open streams' keys, by key and address: each checked once a sweep, however many streams. */
  const watched = new Map<
    string,
    { rawKey: string | undefined; address: string; streams: Set<KeyRefused> }
  >();
  let sweeper: NodeJS.Timeout | undefined;
  const checkKey = async (rawKey: string | undefined, address: string) => {
    await deps.access.gate.check(rawKey, address);
  };
  const sweep = () => {
    for (const { rawKey, address, streams } of watched.values()) {
      checkKey(rawKey, address).catch((error: unknown) => {
        for (const refused of [...streams]) {
          refused(error);
        }
      });
    }
  };
  return {
    hub,
    values,
    /**
     * Checks the key of an open stream again every 2 s, until the returned function is called:
     * `refused` hears the ApiError of a key revoked or expired meanwhile. One check per key and
     * address per sweep, however many streams it holds (2,600 streams of 104 keys: 52 checks a
     * second, not 1,300), and one timer for them all.
     */
    watchKey(rawKey: string | undefined, address: string, refused: KeyRefused): () => void {
      const id = `${rawKey ?? ''}|${address}`;
      let group = watched.get(id);
      if (!group) {
        group = { rawKey, address, streams: new Set() };
        watched.set(id, group);
      }
      group.streams.add(refused);
      if (!sweeper) {
        sweeper = setInterval(sweep, REVALIDATE_MS);
        sweeper.unref();
      }
      const streams = group.streams;
      return () => {
        streams.delete(refused);
        if (streams.size === 0 && watched.get(id)?.streams === streams) {
          watched.delete(id);
        }
        if (watched.size === 0 && sweeper) {
          clearInterval(sweeper);
          sweeper = undefined;
        }
      };
    },
    /** Tracks `stream` until it closes; answers the function that forgets it. */
    track(stream: Closable, kind: StreamKind): () => void {
      open.add(stream);
      openByKind[kind] += 1;
      return () => {
        if (open.delete(stream)) {
          openByKind[kind] -= 1;
        }
      };
    },
    /** The streams open now, by kind (the metrics' `touchline_open_streams`). */
    openStreams: (): Readonly<Record<StreamKind, number>> => openByKind,
    /** Ends every open stream (the server is shutting down; clients reconnect elsewhere). */
    endAll(): void {
      for (const stream of [...open]) {
        stream.close();
      }
      open.clear();
      openByKind.sse = 0;
      openByKind.graphql = 0;
    },
    close(): void {
      clearInterval(sweeper);
      watched.clear();
      hub.close();
      values.close();
    },
  };
}

export type Push = ReturnType<typeof createPush>;

/**
 * Retry-After of a stream refused for the account's concurrent streams: nothing says when one of
 * them closes, so the client tries again after about as long as an SSE client waits to reconnect.
 */
const STREAM_RETRY_AFTER = 5;

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
      { retryAfter: STREAM_RETRY_AFTER },
    );
  }
  return lease;
}
