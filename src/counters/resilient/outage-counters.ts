import { LRUCache } from 'lru-cache';
import { MemoryQuotaStore } from '../memory-quota-store.js';
import type * as counts from '../quota-store.js';
import { hkDay, minuteWindow } from '../windows.js';

interface Used {
  minute: number;
  quota: number;
  free: number;
}

const share = (limit: number, used: number, instances: number) =>
  Math.max(0, Math.floor((limit - used) / Math.max(1, instances)));

/**
 * The counters in this process while Redis is away: each key may use this instance's share of
 * what Redis last said was left of its windows (`local` mode), or anything but the free allowance
 * (`open`). After the outage they stay a ceiling for a while (handing back), until every
 * instance has replayed its journal.
 */
export class OutageCounters {
  private local = new MemoryQuotaStore();
  /** The outage's counters, still enforced as a ceiling until `until`. */
  private ceiling: { store: MemoryQuotaStore; until: number } | undefined = undefined;
  /** Reservations admitted here: their refunds go to these counters (and the journal). */
  private readonly admittedHere = new WeakSet<counts.Reservation>();
  /** Last usage Redis reported per key, and the windows it was for, to size the shares. */
  private readonly lastSeen = new LRUCache<
    number,
    { usage: counts.UsageSnapshot; minute: number; day: string }
  >({ max: 50_000 });

  constructor(private readonly instances: () => number) {}

  /** Just after recovery: the outage's counters are still a ceiling. */
  get handingBack(): boolean {
    return this.ceiling !== undefined;
  }

  /** Redis's answer for the key: what the shares of a next outage start from. */
  seen(input: counts.ReserveInput, usage: counts.UsageSnapshot): void {
    this.lastSeen.set(input.keyId, {
      usage,
      minute: minuteWindow(input.now),
      day: hkDay(input.now),
    });
  }

  /** Admits on this instance's share (`open`: without limits but the free allowance's). */
  reserve(input: counts.ReserveInput, open: boolean): counts.ReserveOutcome {
    const { limits } = input;
    const base = this.usedBefore(input.keyId, input.now);
    const localLimits = open
      ? {
          ratePerMinute: Number.MAX_SAFE_INTEGER,
          dailyQuota: Number.MAX_SAFE_INTEGER,
          freeMatchesDailyQuota: limits.freeMatchesDailyQuota,
        }
      : this.shareLimits(input, base);
    const outcome = this.local.reserve({ ...input, limits: localLimits });
    const usage = withBase(limits, base, outcome.usage);
    if (!outcome.admitted) {
      return { ...outcome, usage };
    }
    this.admittedHere.add(outcome.reservation);
    outcome.reservation.uncounted = true;
    return { ...outcome, usage };
  }

  admitted(reservation: counts.Reservation): boolean {
    return this.admittedHere.has(reservation);
  }

  refund(reservation: counts.Reservation, units: counts.RefundUnits): void {
    this.local.refund(reservation, units);
  }

  chargeMinute(input: counts.WindowInput): Promise<counts.UsageSnapshot> {
    return this.local.chargeMinute(input);
  }

  peek(input: counts.WindowInput): Promise<counts.UsageSnapshot> {
    return this.local.peek(input);
  }

  /**
   * Redis is back: new counters for a next outage; with `until`, this outage's stay a ceiling
   * until then.
   */
  handBack(until: number | undefined): void {
    if (until !== undefined) {
      this.ceiling = { store: this.local, until };
    }
    this.local = new MemoryQuotaStore();
  }

  /**
   * Just after recovery: the key must fit its outage share (what this instance admitted during
   * the outage and since) before Redis is asked. `held`: what the ceiling took (given back if
   * Redis refuses); `refused`: answers like a local refusal; `undefined`: no ceiling (any more).
   */
  reserveUnderCeiling(
    input: counts.ReserveInput,
  ): { held?: counts.Reservation; refused?: counts.ReserveOutcome } | undefined {
    const ceiling = this.ceiling;
    if (!ceiling || input.now.getTime() >= ceiling.until) {
      this.ceiling = undefined;
      return undefined;
    }
    const base = this.usedBefore(input.keyId, input.now);
    const held = ceiling.store.reserve({ ...input, limits: this.shareLimits(input, base) });
    if (held.admitted) {
      return { held: held.reservation };
    }
    return { refused: { ...held, usage: withBase(input.limits, base, held.usage) } };
  }

  /** Gives back what the ceiling took for a request Redis refused (or could not answer). */
  releaseFromCeiling(held: counts.Reservation): void {
    this.ceiling?.store.refund(held, {
      minute: held.minuteUnits,
      plan: held.planUnits,
      free: held.freeUnits,
    });
  }

  /** What Redis last said this key had used in the windows of `now` (0 for a window it never saw). */
  private usedBefore(keyId: number, now: Date): Used {
    const seen = this.lastSeen.get(keyId);
    const sameMinute = seen?.minute === minuteWindow(now);
    const sameDay = seen?.day === hkDay(now);
    return {
      minute: sameMinute ? (seen?.usage.minute.used ?? 0) : 0,
      quota: sameDay ? (seen?.usage.quota.used ?? 0) : 0,
      free: sameDay ? (seen?.usage.free.used ?? 0) : 0,
    };
  }

  /** This instance's share of what Redis last said was left of the key's windows. */
  private shareLimits(input: counts.ReserveInput, base: Used): counts.CounterLimits {
    const n = this.instances();
    const { limits } = input;
    return {
      ratePerMinute: share(limits.ratePerMinute, base.minute, n),
      dailyQuota: share(limits.dailyQuota, base.quota, n),
      freeMatchesDailyQuota: share(limits.freeMatchesDailyQuota, base.free, n),
    };
  }
}

/** The local counters' usage on top of what Redis last said: the figures the headers show. */
function withBase(
  limits: counts.CounterLimits,
  base: Used,
  used: counts.UsageSnapshot,
): counts.UsageSnapshot {
  return {
    minute: { limit: limits.ratePerMinute, used: base.minute + used.minute.used },
    quota: { limit: limits.dailyQuota, used: base.quota + used.quota.used },
    free: { limit: limits.freeMatchesDailyQuota, used: base.free + used.free.used },
  };
}
