import { type Slice, type SliceSettlement, type SliceUnits, zeroUnits } from './slice.js';

interface Returning {
  accountId: number;
  minute: number;
  day: string;
  units: SliceUnits;
}

/**
 * Units given back by a release and not yet taken off the lease counters in Redis, per key: until
 * then Redis still counts them as given out, and a reply's figures would overstate what was used.
 */
export class ReturningUnits {
  private readonly byKey = new Map<number, Returning>();

  /** The key's units on their way back to Redis in the windows of `minute` and `day`. */
  in(keyId: number, minute: number, day: string): SliceUnits {
    const r = this.byKey.get(keyId);
    return {
      minute: r && r.minute === minute ? r.units.minute : 0,
      plan: r && r.day === day ? r.units.plan : 0,
      free: r && r.day === day ? r.units.free : 0,
    };
  }

  /** The slice's unused units are on their way back (in its windows; older ones are settled). */
  add(s: Slice): void {
    let r = this.byKey.get(s.keyId);
    if (!r) {
      r = { accountId: s.accountId, minute: s.minute, day: s.day, units: zeroUnits() };
      this.byKey.set(s.keyId, r);
    }
    if (r.minute !== s.minute) {
      r.minute = s.minute;
      r.units.minute = 0;
    }
    if (r.day !== s.day) {
      r.day = s.day;
      r.units.plan = 0;
      r.units.free = 0;
    }
    r.units.minute += s.minuteLeft;
    r.units.plan += s.planLeft;
    r.units.free += s.freeLeft;
  }

  /** Redis has applied these settlements: what they returned is no longer counted as given. */
  settled(entries: readonly SliceSettlement[]): void {
    for (const e of entries) {
      const r = this.byKey.get(e.keyId);
      if (!r) {
        continue;
      }
      if (r.minute === e.minute) {
        r.units.minute = Math.max(0, r.units.minute - e.returned.minute);
      }
      if (r.day === e.day) {
        r.units.plan = Math.max(0, r.units.plan - e.returned.plan);
        r.units.free = Math.max(0, r.units.free - e.returned.free);
      }
      if (r.units.minute + r.units.plan + r.units.free === 0) {
        this.byKey.delete(e.keyId);
      }
    }
  }

  /** Redis lost the account's counters, lease counters included: nothing is on its way back. */
  forgetAccount(accountId: number): void {
    for (const [keyId, r] of this.byKey) {
      if (r.accountId === accountId) {
        this.byKey.delete(keyId);
      }
    }
  }
}
