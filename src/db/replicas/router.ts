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
import { createWalClock, type WalClock } from './wal-clock.js';

/**
 * While a replica that is otherwise in use has not yet replayed the latest change, it is checked
 * this often instead of every `checkMs`, so that reads come back to it a few ms after a change.
 */
const CATCH_UP_MS = 20;

interface RouterOptions {
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
export class ReplicaRouter {
  readonly #options: RouterOptions;
  readonly #now: () => number;
  readonly #replicas: ReplicaState[];
  readonly #clock: WalClock;
  readonly #loop: ReturnType<typeof createCheckLoop>;
  /** Changes heard of, and the last of them whose primary position is in `required`. */
  #changes = 0;
  #settled = 0;
  #required = 0n;
  #lastPrimary = 0n;
  #cursor = 0;

  constructor(options: RouterOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#replicas = options.replicas.map(initialState);
    this.#clock = createWalClock(2 * options.maxLagMs + 10 * options.checkMs + 10_000);
    this.#loop = createCheckLoop(
      async () => {
        await this.#checkPrimary();
        await Promise.all(this.#replicas.map((r) => this.#checkReplica(r)));
      },
      () => (this.#catchingUp() ? CATCH_UP_MS : options.checkMs),
    );
  }

  /** Runs `read` on the server picked for it (passed on unbound: the database's reads call it). */
  readonly route = async <T>(read: (target: ReadTarget) => Promise<T>): Promise<T> => {
    const { primary } = this.#options;
    const replica = this.#pick();
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
        this.#setHealth(replica, 'down', reasonOf(error));
      }
      return read(primary);
    }
  };

  /** Checks every server now; resolves once that check has answered (or failed). */
  checkNow(): Promise<void> {
    return this.#loop.now();
  }

  readonly markChanged = (): void => {
    this.#changes += 1;
    void this.#loop.now();
  };

  readonly statuses = (): ReplicaStatus[] => this.#replicas.map(statusOf);

  stop(): Promise<void> {
    return this.#loop.stop();
  }

  #setHealth(r: ReplicaState, health: ReplicaHealth, reason?: string): void {
    const was = r.health;
    r.health = health;
    r.reason = reason;
    if (health === 'down' || health === 'not-a-replica') {
      r.lagMs = null;
    }
    // Operators hear of the first check, and of every move into or out of use.
    if (was !== health && (was === 'unchecked' || was === 'in-use' || health === 'in-use')) {
      this.#options.onHealth?.(statusOf(r));
    }
  }

  #pick(): ReplicaState | undefined {
    if (this.#settled < this.#changes) {
      return undefined;
    }
    const replicas = this.#replicas;
    for (let i = 0; i < replicas.length; i++) {
      const r = replicas[(this.#cursor + i) % replicas.length] as ReplicaState;
      if (r.health === 'in-use' && r.replay >= this.#required) {
        this.#cursor = (this.#cursor + i + 1) % replicas.length;
        return r;
      }
    }
    return undefined;
  }

  async #checkPrimary(): Promise<void> {
    const changesBefore = this.#changes;
    const askedAt = this.#now();
    try {
      const lsn = await this.#options.primaryPosition();
      this.#clock.record(askedAt, lsn);
      if (lsn < this.#lastPrimary) {
        // Positions never go back on one primary: DATABASE_URL reaches another server now.
        this.#required = 0n;
      }
      this.#lastPrimary = lsn;
      if (changesBefore > this.#settled) {
        this.#required = lsn > this.#required ? lsn : this.#required;
        this.#settled = changesBefore;
      }
    } catch {
      // The primary did not answer: replicas are judged against the last position seen.
    }
  }

  async #checkReplica(r: ReplicaState): Promise<void> {
    const { maxLagMs } = this.#options;
    try {
      const position = await r.node.position();
      if (position.kind === 'not-replica') {
        this.#setHealth(r, 'not-a-replica', position.reason);
        return;
      }
      r.replay = position.replay;
      const lag = this.#clock.lagMs(position.replay, this.#now());
      r.lagMs = Number.isFinite(lag) ? Math.round(lag) : null;
      if (lag <= maxLagMs) {
        this.#setHealth(r, 'in-use');
      } else {
        const measured = r.lagMs === null ? 'behind every position kept' : `${r.lagMs} ms`;
        this.#setHealth(r, 'lagging', `lag ${measured} > ${maxLagMs} ms`);
      }
    } catch (error) {
      this.#setHealth(r, 'down', reasonOf(error));
    }
  }

  /** A replica in use that has not replayed the latest change yet: worth asking again soon. */
  #catchingUp(): boolean {
    return (
      this.#settled === this.#changes &&
      this.#replicas.some((r) => r.health === 'in-use' && r.replay < this.#required)
    );
  }
}

export function createReplicaRouter(options: RouterOptions): ReplicaRouter {
  return new ReplicaRouter(options);
}
