import { expect, it } from 'vitest';
import { createCounterSlices } from '../../../src/policy/counter-slices.js';
import type { ReserveInput } from '../../../src/policy/quota-store.js';
import { hkDay } from '../../../src/policy/windows.js';

const NOW = new Date('2026-11-22T10:00:05.000Z');
const input: ReserveInput = {
  accountId: 7,
  keyId: 70,
  cost: 1,
  freeEligible: 0,
  limits: { ratePerMinute: 100_000, dailyQuota: 1_000_000, freeMatchesDailyQuota: 0 },
  now: NOW,
};
const grant = { minuteGiven: 0, quotaGiven: 0, freeGiven: 0, freeSlice: 0 };

function serve(slices: ReturnType<typeof createCounterSlices>, n: number) {
  for (let i = 0; i < n; i++) {
    expect(slices.take(input)?.admitted).toBe(true);
  }
}

const written = (slices: ReturnType<typeof createCounterSlices>) =>
  slices.drain().map((e) => ({ minute: e.used.minute, plan: e.used.plan }));

/**
 * Issue 46 finding 10: what slices served before Redis lost the account's counters is counted
 * by the restore (from daily_usage); written afterwards too, the day counted it twice.
 */
it('Redis lost the account: what the slices served of that day is written for the minute only', () => {
  const slices = createCounterSlices({ instances: () => 1, nowMs: () => NOW.getTime() });
  slices.granted(input, { ...grant, minuteSlice: 100, planSlice: 100 }, [100, 100, 0, 4]);
  serve(slices, 3);
  const inFlight = slices.drain();
  serve(slices, 2);
  slices.forgetAccount(input.accountId, hkDay(NOW));
  // The write that was in flight failed: put back, it is trimmed like the pending one.
  slices.restore(inFlight);
  expect(written(slices)).toEqual([{ minute: 5, plan: 0 }]);
});

it('what a new slice serves after the restore is written whole, even after a failed write', () => {
  const slices = createCounterSlices({ instances: () => 1, nowMs: () => NOW.getTime() });
  slices.granted(input, { ...grant, minuteSlice: 100, planSlice: 100 }, [100, 100, 0, 4]);
  serve(slices, 2);
  slices.forgetAccount(input.accountId, hkDay(NOW));
  slices.granted(input, { ...grant, minuteSlice: 50, planSlice: 50 }, [50, 50, 0, 4]);
  serve(slices, 4);
  const failed = slices.drain();
  slices.restore(failed);
  expect(written(slices)).toEqual([{ minute: 6, plan: 4 }]);
});
