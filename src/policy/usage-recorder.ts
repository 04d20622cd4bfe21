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

  /**
   * Counts a settled request: `requests` on the minute (DECISIONS.md "Access", what counts),
   * `plan` and `free` on the day (charged outcomes only).
   */
  function record(window: UsageWindow, requests: number, plan: number, free: number) {
    if (requests === 0 && plan === 0 && free === 0) {
      return;
    }
    // One number per key and minute (minutes since the epoch stay below 10^8 until 2160).
    const id = window.keyId * 100_000_000 + window.minute;
    const delta = pending.get(id);
    if (delta) {
      delta.requests += requests;
      delta.plan += plan;
      delta.free += free;
      return;
    }
    const { accountId, keyId, day, minute } = window;
    pending.set(id, { accountId, keyId, day, minute, requests, plan, free });
  }

  const restore = (deltas: readonly UsageDelta[]) => {
    for (const d of deltas) {
      record(d, d.requests, d.plan, d.free);
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
 * the counters after a restart. Read through the driver: at start-up it is the server's only
 * query before it listens.
 */
export async function chargedOn(
  read: SqlRead,
  day: string,
  accountIds?: readonly number[],
): Promise<ChargedUsage[]> {
  const columns = `SELECT account_id AS "accountId", key_id AS "keyId", plan_requests AS "plan",
                          free_match_requests AS "free" FROM daily_usage WHERE day = $1::date`;
  if (accountIds) {
    // Primary key (account_id, day, key_id): an index range per account.
    return read<ChargedUsage>({
      text: `${columns} AND account_id = ANY($2::int[])`,
      values: [day, [...accountIds]],
    });
  }
  return read<ChargedUsage>({ text: columns, values: [day] });
}
