import { Cluster } from 'ioredis';
import type { CounterSlices } from '../slices/counter-slices.js';
import { BUSY_WITHIN_MS, type SliceSettlement } from '../slices/slice.js';
import type { UsageWindow } from '../usage-statement.js';
import { dayTtlMs, minuteTtlMs } from '../windows.js';
import type { CounterRedis } from './redis-counter-client.js';
import { accountTag, counterKeys, leaseKeys, restoredMarkerKey } from './redis-keys.js';

/**
 * Settlements wait at most this long, so Redis counts what slices served within milliseconds;
 * each call costs the instance a socket write (25-80 us of CPU here), so not one per request.
 */
const SETTLE_EVERY_MS = 50;
/** How often held slices are looked at: those of keys idle for BUSY_WITHIN_MS go back. */
const IDLE_CHECK_MS = BUSY_WITHIN_MS;
const MAX_ENTRIES_PER_CALL = 100;

export interface SettlerHooks {
  /** Redis lost the account's counters: restore them (the entries of its day wait for it). */
  restoreAccount(accountId: number, day: string): Promise<void>;
  /** Redis now counts these day units that the usage records said it did not (yet). */
  counted?(window: UsageWindow, plan: number, free: number): void;
}

/**
 * Writes what the slices served, and what they give back, to Redis in the background: one
 * SETTLE_SCRIPT call per account tag on a cluster (one slot per call), one call otherwise, at
 * most every SETTLE_EVERY_MS. A failed write is kept for the next one, so nothing is lost while
 * Redis is away; an entry of an account whose counters Redis lost waits for their restore.
 */
export class SliceSettler {
  private readonly perAccount: boolean;
  private timer: NodeJS.Timeout | undefined = undefined;
  private lastMs = 0;
  private running: Promise<void> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | undefined = undefined;

  constructor(
    private readonly redis: CounterRedis,
    private readonly prefix: string,
    private readonly slices: CounterSlices,
    private readonly hooks: SettlerHooks,
  ) {
    this.perAccount = redis instanceof Cluster;
  }

  /** Writes what is pending within SETTLE_EVERY_MS of the last write. */
  schedule(): void {
    if (this.timer || !this.slices.hasPending()) {
      return;
    }
    const wait = Math.max(0, this.lastMs + SETTLE_EVERY_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      // Kept for the next write; the counters' failure mode covers Redis being away.
      this.flush().catch(() => {});
    }, wait);
  }

  /** While slices are held, gives back those of keys gone idle, every few milliseconds. */
  watch(): void {
    if (this.idleTimer || !this.slices.holds()) {
      return;
    }
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      this.slices.releaseIdle(BUSY_WITHIN_MS);
      this.schedule();
      this.watch();
    }, IDLE_CHECK_MS);
    this.idleTimer.unref();
  }

  /** Writes everything pending now; resolves when Redis has it (rejects if it could not). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.lastMs = Date.now();
    const entries = this.slices.drain();
    const written = Promise.all(this.batches(entries).map((batch) => this.send(batch))).then(
      () => undefined,
    );
    this.running = written.catch(() => {});
    return written;
  }

  /** Gives every slice back and writes it all (the instance stops). */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    await this.running;
    this.slices.releaseIdle(0);
    await this.flush().catch(() => {});
  }

  private send(entries: SliceSettlement[]): Promise<unknown> {
    const now = new Date();
    const keys: string[] = [];
    const args: number[] = [];
    for (const e of entries) {
      keys.push(
        ...counterKeys(this.prefix, e.accountId, e.keyId, e.minute, e.day),
        ...leaseKeys(this.prefix, e.accountId, e.keyId, e.minute, e.day),
        restoredMarkerKey(this.prefix, e.accountId, e.day),
      );
      const { used, returned } = e;
      args.push(used.minute, used.plan, used.free, returned.minute, returned.plan, returned.free);
      args.push(minuteTtlMs(now), dayTtlMs(now));
    }
    // Replies come in the order Redis ran the calls: a reservation's reply handled after this
    // one's reflects the returns, one handled before does not (slices/returning-units.ts).
    return this.redis.tlSettle(keys.length, ...keys, ...args).then(
      (applied) => {
        const done = entries.filter((_, i) => applied[i] === 1);
        this.slices.settled(done);
        for (const e of done) {
          this.hooks.counted?.(e, e.used.plan, e.used.free);
        }
        return this.waitForRestore(entries.filter((_, i) => applied[i] !== 1));
      },
      (error: unknown) => {
        this.slices.restore(entries);
        throw error;
      },
    );
  }

  /** Entries whose account Redis lost: kept, the accounts restored, then written again. */
  private async waitForRestore(lost: SliceSettlement[]): Promise<void> {
    if (lost.length === 0) {
      return;
    }
    this.slices.restore(lost);
    const accounts = new Map(lost.map((e) => [`${e.accountId}:${e.day}`, e]));
    for (const e of accounts.values()) {
      await this.hooks.restoreAccount(e.accountId, e.day);
    }
    this.schedule();
  }

  /** One call per account tag on a cluster (one slot per call), at most MAX_ENTRIES_PER_CALL each. */
  private batches(entries: SliceSettlement[]): SliceSettlement[][] {
    const groups = new Map<string, SliceSettlement[]>();
    for (const e of entries) {
      const tag = this.perAccount ? accountTag(this.prefix, e.accountId) : '';
      const group = groups.get(tag) ?? [];
      group.push(e);
      groups.set(tag, group);
    }
    const out: SliceSettlement[][] = [];
    for (const group of groups.values()) {
      for (let i = 0; i < group.length; i += MAX_ENTRIES_PER_CALL) {
        out.push(group.slice(i, i + MAX_ENTRIES_PER_CALL));
      }
    }
    return out;
  }
}
