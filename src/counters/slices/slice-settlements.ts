import { type Slice, type SliceSettlement, zeroUnits } from './slice.js';

const idOf = (keyId: number, minute: number, day: string) => `${keyId}:${minute}:${day}`;

/**
 * What the slices served and gave back, per key and window, waiting to be written to Redis (by
 * redis/redis-slice-settler.ts, which drains it and puts back what it could not write).
 */
export class SliceSettlements {
  private pending = new Map<string, SliceSettlement>();

  /** The entry the slice's key adds to in these windows. */
  of(s: Slice, minute: number, day: string): SliceSettlement {
    // A busy key adds to the same entry request after request: found without building its id
    // while the pending map is the one it was put in (drain replaces the map).
    const last = s.settlement;
    if (last && s.settlementIn === this.pending && last.minute === minute && last.day === day) {
      return last;
    }
    const id = idOf(s.keyId, minute, day);
    let entry = this.pending.get(id);
    if (!entry) {
      entry = {
        accountId: s.accountId,
        keyId: s.keyId,
        minute,
        day,
        used: zeroUnits(),
        returned: zeroUnits(),
      };
      this.pending.set(id, entry);
    }
    s.settlement = entry;
    s.settlementIn = this.pending;
    return entry;
  }

  hasPending(): boolean {
    return this.pending.size > 0;
  }

  /** What is waiting to be written; taken out (the caller puts it back if the write fails). */
  drain(): SliceSettlement[] {
    if (this.pending.size === 0) {
      return [];
    }
    const out = [...this.pending.values()];
    this.pending = new Map();
    return out;
  }

  /** Puts back settlements whose write failed, or that wait for their account's restore. */
  restore(entries: readonly SliceSettlement[]): void {
    for (const e of entries) {
      const id = idOf(e.keyId, e.minute, e.day);
      const entry = this.pending.get(id);
      if (!entry) {
        this.pending.set(id, e);
        continue;
      }
      for (const kind of ['minute', 'plan', 'free'] as const) {
        entry.used[kind] += e.used[kind];
        entry.returned[kind] += e.returned[kind];
      }
    }
  }
}
