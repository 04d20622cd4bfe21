import { randomUUID } from 'node:crypto';
import type { Reservation } from '../quota-store.js';
import type { ReplayEntry } from '../redis/redis-replay.js';

/**
 * What this instance admitted while Redis was away (or could not refund in it), one open entry
 * per key and window, to be replayed into Redis on its return so that daily usage ends right.
 */
export class OutageJournal {
  private readonly open = new Map<string, ReplayEntry>();
  /** Entries taken out to be replayed, by id: sent again (same id) until acknowledged. */
  private readonly sealed = new Map<string, ReplayEntry>();
  private readonly origin = randomUUID();
  private entries = 0;
  private flushing: Promise<void> | undefined = undefined;

  constructor(
    /** Sends one entry to Redis (REPLAY_SCRIPT applies an id once). */
    private readonly send: (entry: ReplayEntry) => Promise<void>,
    /** Redis acknowledged the entry: it now counts its units. */
    private readonly replayed: (entry: ReplayEntry) => void,
  ) {}

  /** Adds (`sign` 1) or takes off (-1, a refund) units of the reservation's windows. */
  add(r: Reservation, sign: 1 | -1, units: { minute: number; plan: number; free: number }): void {
    const window = `${r.accountId}:${r.keyId}:${r.minute}:${r.day}`;
    const entry = this.open.get(window) ?? {
      ...r,
      id: `${this.origin}:${++this.entries}`,
      minuteUnits: 0,
      planUnits: 0,
      freeUnits: 0,
    };
    entry.minuteUnits += sign * units.minute;
    entry.planUnits += sign * units.plan;
    entry.freeUnits += sign * units.free;
    this.open.set(window, entry);
  }

  isEmpty(): boolean {
    return this.open.size === 0 && this.sealed.size === 0;
  }

  /**
   * Replays the journal into Redis, entry by entry. An entry is sealed before it is sent (what is
   * admitted afterwards opens a new one) and keeps its id until Redis acknowledges it, so an entry
   * whose reply was lost is sent again and applied once (REPLAY_SCRIPT). Single flight: requests
   * that find Redis back at the same moment share one replay.
   */
  replay(): Promise<void> {
    this.flushing ??= (async () => {
      try {
        for (const entry of this.open.values()) {
          this.sealed.set(entry.id, entry);
        }
        this.open.clear();
        for (const [id, entry] of this.sealed) {
          await this.send(entry);
          this.sealed.delete(id);
          this.replayed(entry);
        }
      } finally {
        this.flushing = undefined;
      }
    })();
    return this.flushing;
  }
}
