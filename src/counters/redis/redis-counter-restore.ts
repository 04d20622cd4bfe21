import type { ChargedUsage } from '../usage-recorder.js';
import { dayTtlMs } from '../windows.js';
import type { CounterRedis } from './redis-counter-client.js';
import { accountTag, restoredMarkerKey } from './redis-keys.js';

/** A day's units per key that the Redis counters had counted, as the database recorded them. */
export interface CounterRestoreSource {
  /** Makes this instance's own charges durable first (the usage recorder's flush). */
  beforeRestore?(): Promise<void>;
  /**
   * What the database recorded as charged on `day` for these accounts, less what Redis does not
   * count yet (`daily_usage` `*_uncounted`: a replay or a settlement adds it after the restore).
   */
  counted(day: string, accountIds: readonly number[]): Promise<ChargedUsage[]>;
}

/** The daily counters of one account and the units the database recorded for each (RESTORE_SCRIPT). */
export function restoreCounters(
  prefix: string,
  accountId: number,
  day: string,
  rows: ChargedUsage[],
) {
  const tag = accountTag(prefix, accountId);
  const counters = new Map<string, number>();
  const add = (key: string, units: number) => {
    if (units > 0) {
      counters.set(key, (counters.get(key) ?? 0) + units);
    }
  };
  for (const row of rows) {
    add(`${tag}:quota:${day}`, row.plan);
    add(`${tag}:free:${day}`, row.free);
    add(`${tag}:keyplan:${row.keyId}:${day}`, row.plan);
    add(`${tag}:keyfree:${row.keyId}:${day}`, row.free);
  }
  return [...counters];
}

/**
 * Restores accounts' daily counters from the database before anything of theirs is admitted
 * (DECISIONS.md "Access": a restart never gives back quota). The accounts found unrestored in one
 * event-loop turn share one flush and one query; each account is then one RESTORE_SCRIPT call
 * over its own keys (one hash tag, one slot). Single flight per account and day: requests that
 * find it unrestored together share one restore.
 */
export function createCounterRestore(
  redis: CounterRedis,
  prefix: string,
  source: CounterRestoreSource | undefined,
) {
  const inFlight = new Map<string, Promise<void>>();
  let queue = new Map<string, { day: string; accountId: number; now: Date }>();
  let batch: Promise<void> | undefined;

  async function restoreAccount(day: string, accountId: number, now: Date, rows: ChargedUsage[]) {
    const counters = restoreCounters(prefix, accountId, day, rows);
    await redis.tlRestore(
      counters.length + 1,
      ...counters.map(([key]) => key),
      restoredMarkerKey(prefix, accountId, day),
      dayTtlMs(now),
      ...counters.map(([, units]) => units),
    );
  }

  async function run(pending: typeof queue): Promise<void> {
    await source?.beforeRestore?.();
    const byDay = new Map<string, { accountId: number; now: Date }[]>();
    for (const entry of pending.values()) {
      byDay.set(entry.day, [...(byDay.get(entry.day) ?? []), entry]);
    }
    for (const [day, accounts] of byDay) {
      const ids = accounts.map((a) => a.accountId);
      const rows = source ? await source.counted(day, ids) : [];
      await Promise.all(
        accounts.map((a) =>
          restoreAccount(
            day,
            a.accountId,
            a.now,
            rows.filter((r) => r.accountId === a.accountId),
          ),
        ),
      );
    }
  }

  function scheduleBatch(): Promise<void> {
    batch ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      const pending = queue;
      queue = new Map();
      batch = undefined;
      return run(pending);
    });
    return batch;
  }

  return (accountId: number, day: string, now: Date): Promise<void> => {
    const id = `${accountId}:${day}`;
    let pending = inFlight.get(id);
    if (!pending) {
      queue.set(id, { day, accountId, now });
      pending = scheduleBatch().finally(() => inFlight.delete(id));
      inFlight.set(id, pending);
    }
    return pending;
  };
}
