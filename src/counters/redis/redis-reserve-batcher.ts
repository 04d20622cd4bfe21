import { Cluster } from 'ioredis';
import type { CounterRedis } from './redis-counter-client.js';

/** A reservation's answer from RESERVE_SCRIPT (redis-scripts.ts), 10 numbers. */
export type Reply = [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];

/** The script's `admitted` when the account's counters of the day are not restored yet. */
export const NOT_RESTORED = -1;

/** A batch of reservations is one script call; this many at most, so no call holds Redis long. */
const MAX_BATCH = 100;
const KEYS_PER_REQUEST = 9;
const ARGS_PER_REQUEST = 12;
const REPLY_LENGTH = 10;

interface PendingReserve {
  /** The account's hash tag: on a cluster, one call carries one tag (one slot). */
  tag: string;
  keys: readonly string[];
  args: readonly number[];
  resolve(reply: Reply): void;
  reject(error: unknown): void;
  /** Runs as the reply arrives (see `send`). */
  onReply: ((reply: Reply) => void) | undefined;
}

function groupBy(pending: PendingReserve[], groupOf: (p: PendingReserve) => string) {
  const groups = new Map<string, PendingReserve[]>();
  for (const p of pending) {
    const group = groups.get(groupOf(p));
    if (group) {
      group.push(p);
    } else {
      groups.set(groupOf(p), [p]);
    }
  }
  return groups.values();
}

/**
 * Reservations made in one event-loop turn go to Redis together, in one call of the reserve
 * script, which handles them in arrival order, each as if alone: under load one round trip (and
 * one script run) serves many requests instead of one each. On Redis Cluster a script may touch
 * one slot only, so the turn's reservations go in one call per account (its hash tag), all sent
 * at once.
 */
export function createReserveBatcher(redis: CounterRedis) {
  const groupOf = redis instanceof Cluster ? (p: PendingReserve) => p.tag : () => '';
  let queue: PendingReserve[] = [];
  let scheduled = false;

  function send(batch: PendingReserve[]) {
    const keys = batch.flatMap((p) => p.keys);
    const args = batch.flatMap((p) => p.args);
    redis.tlReserve(keys.length, ...keys, ...args).then(
      (flat) => {
        // Replies are handled here in the order Redis ran the calls, as the slice settler's are
        // (one connection); whatever follows a resolve runs some microtask turns later, after
        // callbacks of replies that came later. So what must see the replies in Redis's order
        // (counter-slices.ts `granted`, which reads what settlements have given back) runs here.
        batch.forEach((p, i) => {
          const reply = flat.slice(i * REPLY_LENGTH, (i + 1) * REPLY_LENGTH) as Reply;
          try {
            p.onReply?.(reply);
          } catch (error) {
            p.reject(error);
            return;
          }
          p.resolve(reply);
        });
      },
      (error: unknown) => {
        for (const p of batch) {
          p.reject(error);
        }
      },
    );
  }

  function flush() {
    scheduled = false;
    const pending = queue;
    queue = [];
    for (const group of groupBy(pending, groupOf)) {
      for (let i = 0; i < group.length; i += MAX_BATCH) {
        send(group.slice(i, i + MAX_BATCH));
      }
    }
  }

  /** `keys`: the account's restored marker, its 5 counters, its 3 leases; `args`: the 12 ARGV. */
  return (
    tag: string,
    keys: readonly string[],
    args: readonly number[],
    onReply?: (reply: Reply) => void,
  ) => {
    if (keys.length !== KEYS_PER_REQUEST || args.length !== ARGS_PER_REQUEST) {
      throw new Error('a reservation takes 9 keys and 12 arguments');
    }
    return new Promise<Reply>((resolve, reject) => {
      queue.push({ tag, keys, args, resolve, reject, onReply });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
  };
}
