import type { ChangeHub } from '../changes/change-hub.js';
import type { LoggedChange } from '../changes/change-log.js';
import { ApiError } from '../errors/api-error.js';

/**
 * Changes a subscriber may leave untaken before it is ended as too slow (about 1 MiB of
 * delivered payloads at their usual size; the SSE route's bound in bytes, docs/push.md).
 */
const MAX_PENDING_CHANGES = 1000;

/** Whether a subscriber is told of this change. */
export type Carries = (change: LoggedChange) => boolean | Promise<boolean>;

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

const fellBehind = () =>
  new ApiError(
    'rate_limited',
    `More than ${MAX_PENDING_CHANGES} changes were waiting for this subscriber: subscribe again`,
    // Its stream is gone, and so its lease: it may subscribe again at once.
    { retryAfter: 0 },
  );

/**
 * One subscriber's changes (GraphQL subscriptions, docs/push.md): those written after it
 * subscribed that `carries` accepts, in order, each once, as an async iterator. `return` ends it
 * at once, even while it waits. A subscriber that lets more than MAX_PENDING_CHANGES pile up
 * gets a `rate_limited` error instead of more memory.
 */
export async function subscribeChanges(
  hub: ChangeHub,
  carries: Carries,
  options: { matchIds?: ReadonlySet<number> | null; maxPending?: number } = {},
): Promise<AsyncIterableIterator<LoggedChange>> {
  const pending: LoggedChange[] = [];
  // Entries heard before `listen` said where this subscriber starts.
  const early: LoggedChange[] = [];
  let last: bigint | null = null;
  let wake: (() => void) | undefined;
  let failure: ApiError | undefined;
  let ended = false;

  const take = (changes: readonly LoggedChange[]) => {
    for (const change of changes) {
      if (last !== null && change.seq > last) {
        pending.push(change);
        last = change.seq;
      }
    }
  };
  const end = () => {
    ended = true;
    listening.stop();
    wake?.();
  };
  const maxPending = options.maxPending ?? MAX_PENDING_CHANGES;
  const listening = await hub.listen((changes) => {
    if (last === null) {
      early.push(...changes);
      return;
    }
    take(changes);
    if (pending.length > maxPending) {
      failure = fellBehind();
      pending.length = 0;
      end();
    }
    wake?.();
  }, options.matchIds ?? null);
  last = listening.from;
  take(early);

  const iterator: AsyncIterableIterator<LoggedChange> = {
    async next() {
      for (;;) {
        if (failure) {
          const error = failure;
          failure = undefined;
          throw error;
        }
        const change = pending.shift();
        if (change) {
          if (await carries(change)) {
            return { done: false, value: change };
          }
          continue;
        }
        if (ended) {
          return DONE;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
      }
    },
    async return() {
      pending.length = 0;
      end();
      return DONE;
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
