import type { ReplicaHealth, ReplicaStatus } from '../data-reads.js';
import { createCheckLoop } from './check-loop.js';
import { replicaFailure } from './failures.js';
import {
  initialState,
  type ReadTarget,
  type ReplicaNode,
  type ReplicaState,
  reasonOf,
  statusOf,
} from './replica-state.js';
import { createWalClock } from './wal-clock.js';

/**
 * While a replica that is otherwise in use has not yet replayed the latest change, it is checked
 * this often instead of every `checkMs`, so that reads come back to it a few ms after a change.
 */
const CATCH_UP_MS = 20;

export interface RouterOptions {
  primary: ReadTarget;
  /** Reads the primary's current WAL position. */
  primaryPosition(): Promise<bigint>;
  replicas: readonly ReplicaNode[];
  maxLagMs: number;
  checkMs: number;
  /** Told when a replica comes into use or leaves it (a log line for operators). */
  onHealth?: (status: ReplicaStatus) => void;
  now?: () => number;
}

/**
 * Sends each data read to a replica that is up, within the lag bound and past the latest change
 * this instance heard of (round robin between those), else to the primary; a read that fails
 * because its replica went away is asked of the primary (docs/scale.md "Read replicas").
 *
 * Changes: `markChanged` counts one; the next check reads the primary's position after it (a
 * position the primary reached after the change committed), and only replicas that have replayed
 * it serve reads again. Until that check has answered, every read goes to the primary.
 */
export function createReplicaRouter(options: RouterOptions) {
  const { primary, maxLagMs } = options;
  const now = options.now ?? Date.now;
  const replicas = options.replicas.map(initialState);
  const clock = createWalClock(2 * maxLagMs + 10 * options.checkMs + 10_000);
  /** Changes heard of, and the last of them whose primary position is in `required`. */
  let changes = 0;
  let settled = 0;
  let required = 0n;
  let lastPrimary = 0n;
  let cursor = 0;

  function setHealth(r: ReplicaState, health: ReplicaHealth, reason?: string): void {
    const was = r.health;
    r.health = health;
    r.reason = reason;
    if (health === 'down' || health === 'not-a-replica') {
      r.lagMs = null;
    }
    // Operators hear of the first check, and of every move into or out of use.
    if (was !== health && (was === 'unchecked' || was === 'in-use' || health === 'in-use')) {
      options.onHealth?.(statusOf(r));
    }
  }

  function pick(): ReplicaState | undefined {
    if (settled < changes) {
      return undefined;
    }
    for (let i = 0; i < replicas.length; i++) {
      const r = replicas[(cursor + i) % replicas.length] as ReplicaState;
      if (r.health === 'in-use' && r.replay >= required) {
        cursor = (cursor + i + 1) % replicas.length;
        return r;
      }
    }
    return undefined;
  }

  async function route<T>(read: (target: ReadTarget) => Promise<T>): Promise<T> {
    const replica = pick();
    if (!replica) {
      return read(primary);
    }
    try {
      return await read(replica.node.target);
    } catch (error) {
      const failure = replicaFailure(error);
      if (failure === 'error') {
        throw error;
      }
      if (failure === 'down') {
        setHealth(replica, 'down', reasonOf(error));
      }
      return read(primary);
    }
  }

  async function checkPrimary(): Promise<void> {
    const changesBefore = changes;
    const askedAt = now();
    try {
      const lsn = await options.primaryPosition();
      clock.record(askedAt, lsn);
      if (lsn < lastPrimary) {
        // Positions never go back on one primary: DATABASE_URL reaches another server now.
        required = 0n;
      }
      lastPrimary = lsn;
      if (changesBefore > settled) {
        required = lsn > required ? lsn : required;
        settled = changesBefore;
      }
    } catch {
      // The primary did not answer: replicas are judged against the last position seen.
    }
  }

  async function checkReplica(r: ReplicaState): Promise<void> {
    try {
      const position = await r.node.position();
      if (position.kind === 'not-replica') {
        setHealth(r, 'not-a-replica', position.reason);
        return;
      }
      r.replay = position.replay;
      const lag = clock.lagMs(position.replay, now());
      r.lagMs = Number.isFinite(lag) ? Math.round(lag) : null;
      if (lag <= maxLagMs) {
        setHealth(r, 'in-use');
      } else {
        const measured = r.lagMs === null ? 'behind every position kept' : `${r.lagMs} ms`;
        setHealth(r, 'lagging', `lag ${measured} > ${maxLagMs} ms`);
      }
    } catch (error) {
      setHealth(r, 'down', reasonOf(error));
    }
  }

  /** A replica in use that has not replayed the latest change yet: worth asking again soon. */
  const catchingUp = () =>
    settled === changes && replicas.some((r) => r.health === 'in-use' && r.replay < required);

  const loop = createCheckLoop(
    async () => {
      await checkPrimary();
      await Promise.all(replicas.map(checkReplica));
    },
    () => (catchingUp() ? CATCH_UP_MS : options.checkMs),
  );

  return {
    route,
    /** Checks every server now; resolves once that check has answered (or failed). */
    checkNow: loop.now,
    markChanged(): void {
      changes += 1;
      void loop.now();
    },
    statuses: (): ReplicaStatus[] => replicas.map(statusOf),
    stop: loop.stop,
  };
}

export type ReplicaRouter = ReturnType<typeof createReplicaRouter>;
