const MINUTE_MS = 60_000;

/** The windows one request was counted in: its key, Hong Kong day and calendar minute. */
export interface UsageWindow {
  accountId: number;
  keyId: number;
  /** Hong Kong day, `YYYY-MM-DD`. */
  day: string;
  /** Calendar minute, minutes since the epoch (windows.ts `minuteWindow`). */
  minute: number;
}

/** What one account's key did in one minute, not yet written. */
export interface UsageDelta extends UsageWindow {
  /** Units counted on the per-minute limit. */
  requests: number;
  /** Units kept on the daily plan quota, and on the free match-list allowance. */
  plan: number;
  free: number;
  /**
   * Change in the part of the day's units the Redis counters do not count yet (`daily_usage`
   * `plan_uncounted`, `free_uncounted`; docs/operations.md "After a restart during an outage").
   */
  planUncounted: number;
  freeUncounted: number;
}

type DailyRow = Pick<
  UsageDelta,
  'accountId' | 'keyId' | 'day' | 'plan' | 'free' | 'planUncounted' | 'freeUncounted'
>;

/** One row per key and day: ON CONFLICT may touch a row only once per statement. */
function dailyRows(deltas: readonly UsageDelta[]): DailyRow[] {
  const rows = new Map<string, DailyRow>();
  for (const d of deltas) {
    if (d.plan === 0 && d.free === 0 && d.planUncounted === 0 && d.freeUncounted === 0) {
      continue;
    }
    const id = `${d.keyId}:${d.day}`;
    const row = rows.get(id);
    if (row) {
      row.plan += d.plan;
      row.free += d.free;
      row.planUncounted += d.planUncounted;
      row.freeUncounted += d.freeUncounted;
    } else {
      const { accountId, keyId, day, plan, free, planUncounted, freeUncounted } = d;
      rows.set(id, { accountId, keyId, day, plan, free, planUncounted, freeUncounted });
    }
  }
  return [...rows.values()];
}

const DAILY = `INSERT INTO daily_usage (account_id, day, key_id, plan_requests, free_match_requests,
    plan_uncounted, free_uncounted)
  SELECT * FROM unnest($1::int[], $2::date[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[])
  ON CONFLICT (account_id, day, key_id) DO UPDATE SET
    plan_requests = daily_usage.plan_requests + EXCLUDED.plan_requests,
    free_match_requests = daily_usage.free_match_requests + EXCLUDED.free_match_requests,
    plan_uncounted = daily_usage.plan_uncounted + EXCLUDED.plan_uncounted,
    free_uncounted = daily_usage.free_uncounted + EXCLUDED.free_uncounted`;

const minutesInsert = (
  first: number,
) => `INSERT INTO minute_usage (account_id, minute, key_id, requests)
  SELECT * FROM unnest($${first}::int[], $${first + 1}::timestamptz[], $${first + 2}::int[], $${first + 3}::int[])
  ON CONFLICT (account_id, minute, key_id) DO UPDATE SET
    requests = minute_usage.requests + EXCLUDED.requests`;

/**
 * One statement that adds a batch of deltas to `daily_usage` and `minute_usage`: a single
 * statement is atomic, so a failed flush can keep its deltas for the next one without counting
 * any twice. The deltas are unique per key and minute (the recorder's map), hence per row of
 * `minute_usage`.
 */
export function usageStatement(deltas: readonly UsageDelta[]): { text: string; values: unknown[] } {
  const daily = dailyRows(deltas);
  const minutes = deltas.filter((d) => d.requests > 0);
  const dailyValues = [
    daily.map((r) => r.accountId),
    daily.map((r) => r.day),
    daily.map((r) => r.keyId),
    daily.map((r) => r.plan),
    daily.map((r) => r.free),
    daily.map((r) => r.planUncounted),
    daily.map((r) => r.freeUncounted),
  ];
  if (minutes.length === 0) {
    return { text: DAILY, values: dailyValues };
  }
  const minuteValues = [
    minutes.map((d) => d.accountId),
    minutes.map((d) => new Date(d.minute * MINUTE_MS).toISOString()),
    minutes.map((d) => d.keyId),
    minutes.map((d) => d.requests),
  ];
  if (daily.length === 0) {
    return { text: minutesInsert(1), values: minuteValues };
  }
  return {
    text: `WITH charged AS (${DAILY}) ${minutesInsert(8)}`,
    values: [...dailyValues, ...minuteValues],
  };
}
