import { dayTtlMs, hkDay, minuteTtlMs, minuteWindow } from '../windows.js';
import type { CounterRedis } from './redis-counter-client.js';
import { counterKeys, replayedMarkerKey, restoredMarkerKey } from './redis-keys.js';
import { NOT_RESTORED } from './redis-reserve-batcher.js';

/** What an outage admitted (or could not refund) of one key's windows (resilient/outage-journal.ts). */
export interface ReplayEntry {
  /** Unique for good (replayedMarkerKey): the same entry sent twice is applied once. */
  id: string;
  accountId: number;
  keyId: number;
  minute: number;
  day: string;
  minuteUnits: number;
  planUnits: number;
  freeUnits: number;
}

/**
 * One journal entry, into the account's restored counters (REPLAY_SCRIPT; `restoreLost` restores
 * them first when Redis lost them). Units of an ended window are not added to its successor.
 */
export async function replayEntry(
  redis: CounterRedis,
  prefix: string,
  e: ReplayEntry,
  now: Date,
  restoreLost: (accountId: number, day: string, now: Date) => Promise<void>,
): Promise<void> {
  const today = e.day === hkDay(now);
  for (let attempt = 0; attempt < 3; attempt++) {
    const applied = await redis.tlReplay(
      ...counterKeys(prefix, e.accountId, e.keyId, e.minute, e.day),
      replayedMarkerKey(prefix, e.accountId, e.id),
      restoredMarkerKey(prefix, e.accountId, e.day),
      e.minute === minuteWindow(now) ? e.minuteUnits : 0,
      today ? e.planUnits : 0,
      today ? e.freeUnits : 0,
      minuteTtlMs(now),
      dayTtlMs(now),
    );
    if (applied !== NOT_RESTORED) {
      return;
    }
    await restoreLost(e.accountId, e.day, now);
  }
  throw new Error('Redis counters could not be restored');
}
