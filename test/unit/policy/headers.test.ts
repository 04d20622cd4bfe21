import { describe, expect, it } from 'vitest';
import { secondsToHkMidnight, secondsToMinuteEnd } from '../../../src/counters/windows.js';
import { quotaHeaders } from '../../../src/policy/headers.js';

const usageOf = (minuteLimit: number, dayLimit: number, used: number) => ({
  minute: { limit: minuteLimit, used },
  quota: { limit: dayLimit, used: used * 2 },
  free: { limit: 100, used: 3 },
});

/** Spec 8.2 rule 6 and the IETF fields, with the parts formatted once per second and per limits. */
describe('quotaHeaders', () => {
  it('says the resets of each instant, across second, minute and day boundaries', () => {
    // 15:59:59 UTC is 23:59:59 in Hong Kong: the minute and the day end together.
    const instants = [
      '2026-12-02T15:58:59.000Z',
      '2026-12-02T15:58:59.999Z',
      '2026-12-02T15:59:00.000Z',
      '2026-12-02T15:59:00.001Z',
      '2026-12-02T15:59:59.999Z',
      '2026-12-02T16:00:00.000Z',
      '2026-12-02T16:00:00.500Z',
      '2026-12-02T15:59:59.999Z',
    ].map((text) => new Date(text));
    for (const now of instants) {
      const headers = quotaHeaders(usageOf(60, 1000, 5), now, false);
      const minuteEnd = String(secondsToMinuteEnd(now));
      const midnight = String(secondsToHkMidnight(now));
      expect(headers['x-ratelimit-reset'], now.toISOString()).toBe(minuteEnd);
      expect(headers['x-quota-reset'], now.toISOString()).toBe(midnight);
      expect(headers['ratelimit']).toBe(`"minute";r=55;t=${minuteEnd}, "day";r=990;t=${midnight}`);
    }
    expect(quotaHeaders(usageOf(60, 1000, 5), instants[4] as Date, false)['x-quota-reset']).toBe(
      '1',
    );
    expect(quotaHeaders(usageOf(60, 1000, 5), instants[5] as Date, false)['x-quota-reset']).toBe(
      '86400',
    );
  });

  it("says each plan's own limits, one after another", () => {
    const now = new Date('2026-12-02T10:00:00.250Z');
    for (const [minute, day] of [
      [10, 100],
      [60, 100],
      [10, 5000],
      [10, 100],
    ] as const) {
      const headers = quotaHeaders(usageOf(minute, day, 1), now, true);
      expect(headers).toEqual({
        'x-ratelimit-limit': String(minute),
        'x-ratelimit-remaining': String(minute - 1),
        'x-ratelimit-reset': '60',
        'x-quota-limit': String(day),
        'x-quota-remaining': String(day - 2),
        'x-quota-reset': '21600',
        'x-matches-bonus-limit': '100',
        'x-matches-bonus-remaining': '97',
        'x-matches-bonus-reset': '21600',
        'ratelimit-policy': `"minute";q=${minute};w=60, "day";q=${day};w=86400, "free-matches";q=100;w=86400`,
        ratelimit: `"minute";r=${minute - 1};t=60, "day";r=${day - 2};t=21600, "free-matches";r=97;t=21600`,
      });
    }
  });
});
