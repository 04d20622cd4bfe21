import type { SqlRead } from '../db/database.js';
import type { PrismaClient } from '../db/generated/client.js';
import { type UsageDelta, type UsageWindow, usageStatement } from './usage-statement.js';

export type { UsageDelta, UsageWindow };

const FLUSH_INTERVAL_MS = 5_000;
/** Minute rows are kept this long: today's Hong Kong day whole, and yesterday's (docs/accounts.md). */
export const MINUTE_RETENTION_MS = 48 * 60 * 60 * 1000;
/** How often a flush also deletes the minute rows older than the retention. */
export const MINUTE_PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const ROWS_PER_STATEMENT = 1000;

export interface UsageRecorderOptions {
  intervalMs?: number;
  now?: () => Date;
}

/**
 * Writes what the counters counted into `daily_usage` (charged units per Hong Kong day) and
 * `minute_usage` (units on the per-minute limit per calendar minute), in batches: the request
 * path only adds to one map entry per key and minute; one statement every few seconds writes
 * both tables. Each instance adds its own deltas, so N instances sum correctly.
 */
export class UsageRecorder {
  private pending = new Map<number, UsageDelta>();
  private timer: NodeJS.Timeout | undefined = undefined;
  private flushing: Promise<void> = Promise.resolve();
  private prunedAt = Number.NEGATIVE_INFINITY;
  private readonly intervalMs: number;
  private readonly now: () => Date;

  constructor(
    private readonly db: PrismaClient,
    options: UsageRecorderOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? FLUSH_INTERVAL_MS;
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Counts a settled request: `requests` on the minute (DECISIONS.md "Access", what counts),
   * `plan` and `free` on the day (charged outcomes only). `uncounted`: the Redis day counters do
   * not count these day units yet (`counted` says when they do). A bound function: the gate
   * holds it as its `recordUsage`.
   */
  readonly record = (
    window: UsageWindow,
    requests: number,
    plan: number,
    free: number,
    uncounted = false,
  ): void => {
    if (requests === 0 && plan === 0 && free === 0) {
      return;
    }
    const delta = this.deltaOf(window);
    delta.requests += requests;
    delta.plan += plan;
    delta.free += free;
    if (uncounted) {
      delta.planUncounted += plan;
      delta.freeUncounted += free;
    }
  };

  /**
   * The Redis day counters now count these units of the window's day beyond what `record` said
   * they counted (negative: fewer). Written with the same statement as the charges, so a restore
   * that reads the charged units less the uncounted ones reads what Redis had counted. A bound
   * function: the quota stores hold it as their `recordCounted`.
   */
  readonly counted = (window: UsageWindow, plan: number, free: number): void => {
    if (plan === 0 && free === 0) {
      return;
    }
    const delta = this.deltaOf(window);
    delta.planUncounted -= plan;
    delta.freeUncounted -= free;
  };

  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size > 0) {
        const batch = [...this.pending.values()];
        this.pending = new Map();
        await this.writeAll(batch);
      }
      await this.pruneMinutes();
    });
    return this.flushing;
  }

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private deltaOf(window: UsageWindow): UsageDelta {
    // One number per key and minute (minutes since the epoch stay below 10^8 until 2160).
    const id = window.keyId * 100_000_000 + window.minute;
    let delta = this.pending.get(id);
    if (!delta) {
      const { accountId, keyId, day, minute } = window;
      const zero = { requests: 0, plan: 0, free: 0, planUncounted: 0, freeUncounted: 0 };
      delta = { accountId, keyId, day, minute, ...zero };
      this.pending.set(id, delta);
    }
    return delta;
  }

  /** Puts back deltas that could not be written, for the next flush. */
  private restore(deltas: readonly UsageDelta[]): void {
    for (const d of deltas) {
      const delta = this.deltaOf(d);
      delta.requests += d.requests;
      delta.plan += d.plan;
      delta.free += d.free;
      delta.planUncounted += d.planUncounted;
      delta.freeUncounted += d.freeUncounted;
    }
  }

  private async writeAll(batch: UsageDelta[]): Promise<void> {
    for (let i = 0; i < batch.length; i += ROWS_PER_STATEMENT) {
      const chunk = batch.slice(i, i + ROWS_PER_STATEMENT);
      try {
        const { text, values } = usageStatement(chunk);
        await this.db.$executeRawUnsafe(text, ...values);
      } catch {
        // The database is unavailable: keep what was not written for the next flush (each
        // statement is atomic, so the chunks before this one are in and must not be added twice).
        this.restore(batch.slice(i));
        return;
      }
    }
  }

  /** Deletes minute rows past the retention, at most once per prune interval. */
  private async pruneMinutes(): Promise<void> {
    const at = this.now().getTime();
    if (at - this.prunedAt < MINUTE_PRUNE_INTERVAL_MS) {
      return;
    }
    this.prunedAt = at;
    const cutoff = new Date(at - MINUTE_RETENTION_MS);
    // A failure waits for the next interval: old rows are harmless for an hour more.
    await this.db.minuteUsage.deleteMany({ where: { minute: { lt: cutoff } } }).catch(() => {});
  }
}

/** What `daily_usage` recorded as charged on a day, per account and key. */
export interface ChargedUsage {
  accountId: number;
  keyId: number;
  plan: number;
  free: number;
}

/**
 * A day's charged usage per account and key (of the given accounts only, when named), to restore
 * the in-process counters after a restart. Read through the driver: at start-up it is the
 * server's only query before it listens.
 */
export function chargedOn(read: SqlRead, day: string, accountIds?: readonly number[]) {
  return usageOn(read, 'plan_requests', 'free_match_requests', day, accountIds);
}

/**
 * What the Redis day counters had counted of the accounts' charges of a day, to restore them:
 * the charged units less those Redis does not count yet (an outage's journal, a counter slice's
 * settlement), which the replay or the settlement adds after the restore (docs/operations.md).
 */
export function countedOn(read: SqlRead, day: string, accountIds: readonly number[]) {
  const plan = 'GREATEST(0, plan_requests - plan_uncounted)';
  const free = 'GREATEST(0, free_match_requests - free_uncounted)';
  return usageOn(read, plan, free, day, accountIds);
}

async function usageOn(
  read: SqlRead,
  plan: string,
  free: string,
  day: string,
  accountIds?: readonly number[],
): Promise<ChargedUsage[]> {
  const columns = `SELECT account_id AS "accountId", key_id AS "keyId", ${plan} AS "plan",
                          ${free} AS "free" FROM daily_usage WHERE day = $1::date`;
  if (accountIds) {
    // Primary key (account_id, day, key_id): an index range per account.
    return read<ChargedUsage>({
      text: `${columns} AND account_id = ANY($2::int[])`,
      values: [day, [...accountIds]],
    });
  }
  return read<ChargedUsage>({ text: columns, values: [day] });
}
