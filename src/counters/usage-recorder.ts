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
export function createUsageRecorder(db: PrismaClient, options: UsageRecorderOptions = {}) {
  const intervalMs = options.intervalMs ?? FLUSH_INTERVAL_MS;
  const now = options.now ?? (() => new Date());
  let pending = new Map<number, UsageDelta>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  let prunedAt = Number.NEGATIVE_INFINITY;

  function deltaOf(window: UsageWindow): UsageDelta {
    // One number per key and minute (minutes since the epoch stay below 10^8 until 2160).
    const id = window.keyId * 100_000_000 + window.minute;
    let delta = pending.get(id);
    if (!delta) {
      const { accountId, keyId, day, minute } = window;
      const zero = { requests: 0, plan: 0, free: 0, planUncounted: 0, freeUncounted: 0 };
      delta = { accountId, keyId, day, minute, ...zero };
      pending.set(id, delta);
    }
    return delta;
  }

  /**
   * Counts a settled request: `requests` on the minute (DECISIONS.md "Access", what counts),
   * `plan` and `free` on the day (charged outcomes only). `uncounted`: the Redis day counters do
   * not count these day units yet (`counted` says when they do).
   */
  function record(
    window: UsageWindow,
    requests: number,
    plan: number,
    free: number,
    uncounted = false,
  ) {
    if (requests === 0 && plan === 0 && free === 0) {
      return;
    }
    const delta = deltaOf(window);
    delta.requests += requests;
    delta.plan += plan;
    delta.free += free;
    if (uncounted) {
      delta.planUncounted += plan;
      delta.freeUncounted += free;
    }
  }

  /**
   * The Redis day counters now count these units of the window's day beyond what `record` said
   * they counted (negative: fewer). Written with the same statement as the charges, so a restore
   * that reads the charged units less the uncounted ones reads what Redis had counted.
   */
  function counted(window: UsageWindow, plan: number, free: number) {
    if (plan === 0 && free === 0) {
      return;
    }
    const delta = deltaOf(window);
    delta.planUncounted -= plan;
    delta.freeUncounted -= free;
  }

  const restore = (deltas: readonly UsageDelta[]) => {
    for (const d of deltas) {
      const delta = deltaOf(d);
      delta.requests += d.requests;
      delta.plan += d.plan;
      delta.free += d.free;
      delta.planUncounted += d.planUncounted;
      delta.freeUncounted += d.freeUncounted;
    }
  };

  async function writeAll(batch: UsageDelta[]): Promise<void> {
    for (let i = 0; i < batch.length; i += ROWS_PER_STATEMENT) {
      const chunk = batch.slice(i, i + ROWS_PER_STATEMENT);
      try {
        const { text, values } = usageStatement(chunk);
        await db.$executeRawUnsafe(text, ...values);
      } catch {
        // The database is unavailable: keep what was not written for the next flush (each
        // statement is atomic, so the chunks before this one are in and must not be added twice).
        restore(batch.slice(i));
        return;
      }
    }
  }

  /** Deletes minute rows past the retention, at most once per prune interval. */
  async function pruneMinutes(): Promise<void> {
    const at = now().getTime();
    if (at - prunedAt < MINUTE_PRUNE_INTERVAL_MS) {
      return;
    }
    prunedAt = at;
    const cutoff = new Date(at - MINUTE_RETENTION_MS);
    // A failure waits for the next interval: old rows are harmless for an hour more.
    await db.minuteUsage.deleteMany({ where: { minute: { lt: cutoff } } }).catch(() => {});
  }

  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      if (pending.size > 0) {
        const batch = [...pending.values()];
        pending = new Map();
        await writeAll(batch);
      }
      await pruneMinutes();
    });
    return flushing;
  }

  return {
    record,
    counted,
    flush,
    start() {
      timer = setInterval(() => void flush(), intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type UsageRecorder = ReturnType<typeof createUsageRecorder>;

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
