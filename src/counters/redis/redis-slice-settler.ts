import { Cluster } from 'ioredis';
import { BUSY_WITHIN_MS, type CounterSlices, type SliceSettlement } from '../counter-slices.js';
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
export function createSliceSettler(
  redis: CounterRedis,
  prefix: string,
  slices: CounterSlices,
  hooks: SettlerHooks,
) {
  const perAccount = redis instanceof Cluster;
  let timer: NodeJS.Timeout | undefined;
  let lastMs = 0;
  let running: Promise<void> = Promise.resolve();
  let idleTimer: NodeJS.Timeout | undefined;

  function send(entries: SliceSettlement[]): Promise<unknown> {
    const now = new Date();
    const keys: string[] = [];
    const args: number[] = [];
    for (const e of entries) {
      keys.push(
        ...counterKeys(prefix, e.accountId, e.keyId, e.minute, e.day),
        ...leaseKeys(prefix, e.accountId, e.keyId, e.minute, e.day),
        restoredMarkerKey(prefix, e.accountId, e.day),
      );
      const { used, returned } = e;
      args.push(used.minute, used.plan, used.free, returned.minute, returned.plan, returned.free);
      args.push(minuteTtlMs(now), dayTtlMs(now));
    }
    // Replies come in the order Redis ran the calls: a reservation's reply handled after this
    // one's reflects the returns, one handled before does not (counter-slices.ts `returning`).
    return redis.tlSettle(keys.length, ...keys, ...args).then(
      (applied) => {
        const done = entries.filter((_, i) => applied[i] === 1);
        slices.settled(done);
        for (const e of done) {
          hooks.counted?.(e, e.used.plan, e.used.free);
        }
        return waitForRestore(entries.filter((_, i) => applied[i] !== 1));
      },
      (error: unknown) => {
        slices.restore(entries);
        throw error;
      },
    );
  }

  /** Entries whose account Redis lost: kept, the accounts restored, then written again. */
  async function waitForRestore(lost: SliceSettlement[]): Promise<void> {
    if (lost.length === 0) {
      return;
    }
    slices.restore(lost);
    const accounts = new Map(lost.map((e) => [`${e.accountId}:${e.day}`, e]));
    for (const e of accounts.values()) {
      await hooks.restoreAccount(e.accountId, e.day);
    }
    schedule();
  }

  function batches(entries: SliceSettlement[]): SliceSettlement[][] {
    const groups = new Map<string, SliceSettlement[]>();
    for (const e of entries) {
      const tag = perAccount ? accountTag(prefix, e.accountId) : '';
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

  /** Writes everything pending now; resolves when Redis has it (rejects if it could not). */
  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    lastMs = Date.now();
    const entries = slices.drain();
    const written = Promise.all(batches(entries).map(send)).then(() => undefined);
    running = written.catch(() => {});
    return written;
  }

  function schedule() {
    if (timer || !slices.hasPending()) {
      return;
    }
    const wait = Math.max(0, lastMs + SETTLE_EVERY_MS - Date.now());
    timer = setTimeout(() => {
      timer = undefined;
      // Kept for the next write; the counters' failure mode covers Redis being away.
      flush().catch(() => {});
    }, wait);
  }

  /** While slices are held, gives back those of keys gone idle, every few milliseconds. */
  function watch() {
    if (idleTimer || !slices.holds()) {
      return;
    }
    idleTimer = setTimeout(() => {
      idleTimer = undefined;
      slices.releaseIdle(BUSY_WITHIN_MS);
      schedule();
      watch();
    }, IDLE_CHECK_MS);
    idleTimer.unref();
  }

  return {
    schedule,
    watch,
    flush,
    /** Gives every slice back and writes it all (the instance stops). */
    async close() {
      clearTimeout(idleTimer);
      idleTimer = undefined;
      await running;
      slices.releaseIdle(0);
      await flush().catch(() => {});
    },
  };
}

export type SliceSettler = ReturnType<typeof createSliceSettler>;
