import type { SqlRead } from '../db/database.js';
import type { PrismaClient } from '../db/generated/client.js';

const FLUSH_INTERVAL_MS = 5_000;

interface Delta {
  accountId: number;
  keyId: number;
  day: string;
  plan: number;
  free: number;
}

/**
 * Writes charged requests into `daily_usage` (history for `touchline usage` and dashboards), in
 * batches: the request path only adds to a map; one statement every few seconds does the rest.
 * Each instance adds its own deltas, so N instances sum correctly.
 */
export function createUsageRecorder(db: PrismaClient, intervalMs = FLUSH_INTERVAL_MS) {
  let pending = new Map<string, Delta>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  function record(accountId: number, keyId: number, day: string, plan: number, free: number) {
    if (plan === 0 && free === 0) {
      return;
    }
    const id = `${accountId}:${keyId}:${day}`;
    const delta = pending.get(id) ?? { accountId, keyId, day, plan: 0, free: 0 };
    delta.plan += plan;
    delta.free += free;
    pending.set(id, delta);
  }

  async function writeBatch(batch: Delta[]): Promise<void> {
    const values: string[] = [];
    const params: (number | string)[] = [];
    for (const d of batch) {
      const i = params.length;
      values.push(
        `($${i + 1}::int, $${i + 2}::date, $${i + 3}::int, $${i + 4}::int, $${i + 5}::int)`,
      );
      params.push(d.accountId, d.day, d.keyId, d.plan, d.free);
    }
    await db.$executeRawUnsafe(
      `INSERT INTO daily_usage (account_id, day, key_id, plan_requests, free_match_requests)
       VALUES ${values.join(', ')}
       ON CONFLICT (account_id, day, key_id) DO UPDATE SET
         plan_requests = daily_usage.plan_requests + EXCLUDED.plan_requests,
         free_match_requests = daily_usage.free_match_requests + EXCLUDED.free_match_requests`,
      ...params,
    );
  }

  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      if (pending.size === 0) {
        return;
      }
      const batch = [...pending.values()];
      pending = new Map();
      try {
        for (let i = 0; i < batch.length; i += 1000) {
          await writeBatch(batch.slice(i, i + 1000));
        }
      } catch {
        // The database is unavailable: keep the deltas for the next flush.
        for (const d of batch) {
          record(d.accountId, d.keyId, d.day, d.plan, d.free);
        }
      }
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
