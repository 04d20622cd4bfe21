import { beforeAll, expect, it } from 'vitest';
import { createManagementServices } from '../../../src/accounts/management.js';
import { MemoryQuotaStore } from '../../../src/counters/memory-quota-store.js';
import type { QuotaStore } from '../../../src/counters/quota-store.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { errorCode, managementFixture } from './setup.js';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const zeros = (days: string[]) => days.map((d) => ({ day: d, plan: 0, freeMatches: 0 }));

/** The 30 Hong Kong days ending 2026-11-23, oldest first. */
const LAST_30 = Array.from({ length: 30 }, (_, i) =>
  new Date(Date.UTC(2026, 9, 25 + i)).toISOString().slice(0, 10),
);

describeEachDatabase('usage series: daily and per-minute history', ({ db }) => {
  let f: Awaited<ReturnType<typeof managementFixture>>;
  beforeAll(async () => {
    f = await managementFixture(db());
  });

  /** An account whose first key was replaced (revoked) by a second. */
  async function accountWithTwoKeys(tier: 'Free' | 'Plus' = 'Plus') {
    const { id } = await f.services.accounts.createAccount(tier);
    const first = await f.services.keys.createKey(id);
    const second = await f.services.keys.replaceKey(id);
    return { id, first: first.id, second: second.id };
  }

  it('dailySeries: 30 Hong Kong days oldest first, zero-filled, keys summed (revoked included)', async () => {
    f.clock.set('2026-11-22T17:00:00.000Z'); // 2026-11-23 01:00 in Hong Kong
    const { id, first, second } = await accountWithTwoKeys();
    const other = await accountWithTwoKeys();
    await f.db.dailyUsage.createMany({
      data: [
        { accountId: id, day: day('2026-10-24'), keyId: first, planRequests: 99 }, // 31 days ago
        { accountId: id, day: day('2026-10-25'), keyId: first, planRequests: 4 },
        {
          accountId: id,
          day: day('2026-11-18'),
          keyId: first,
          planRequests: 2,
          freeMatchRequests: 1,
        },
        { accountId: id, day: day('2026-11-18'), keyId: second, planRequests: 3 },
        {
          accountId: id,
          day: day('2026-11-23'),
          keyId: second,
          planRequests: 7,
          freeMatchRequests: 5,
        },
        { accountId: other.id, day: day('2026-11-23'), keyId: other.second, planRequests: 50 },
      ],
    });
    const series = await f.services.usage.dailySeries(id);
    const expected = zeros(LAST_30);
    expected[0] = { day: '2026-10-25', plan: 4, freeMatches: 0 };
    expected[24] = { day: '2026-11-18', plan: 5, freeMatches: 1 };
    expected[29] = { day: '2026-11-23', plan: 7, freeMatches: 5 };
    expect(series).toEqual({
      accountId: id,
      tier: 'Plus',
      quota: 5000,
      freeMatchesQuota: 500,
      todaySource: 'daily_usage',
      days: expected,
    });
  });

  it('dailySeries draws every day against the quota of today (no plan history is kept)', async () => {
    f.clock.set('2026-11-22T10:00:00.000Z');
    const { id, second } = await accountWithTwoKeys('Free');
    await f.db.dailyUsage.create({
      data: { accountId: id, day: day('2026-11-21'), keyId: second, planRequests: 30 },
    });
    await f.services.subscriptions.upgrade(id, 'Pro');
    const series = await f.services.usage.dailySeries(id, { days: 2 });
    expect(series).toMatchObject({ tier: 'Pro', quota: 30000, freeMatchesQuota: 2000 });
    expect(series.days).toEqual([
      { day: '2026-11-21', plan: 30, freeMatches: 0 },
      { day: '2026-11-22', plan: 0, freeMatches: 0 },
    ]);
  });

  it("dailySeries: today's figures come from the live counters when the process sees them", async () => {
    f.clock.set('2026-11-22T10:00:00.000Z');
    const { id, second } = await accountWithTwoKeys();
    // The recorder lags: daily_usage holds 1 of today's requests, the counters hold all 4.
    await f.db.dailyUsage.create({
      data: { accountId: id, day: day('2026-11-22'), keyId: second, planRequests: 1 },
    });
    const store: QuotaStore = new MemoryQuotaStore();
    const limits = { ratePerMinute: 120, dailyQuota: 5000, freeMatchesDailyQuota: 500 };
    const charge = (freeEligible: number) =>
      store.reserve({
        accountId: id,
        keyId: second,
        cost: 1,
        freeEligible,
        limits,
        now: f.clock.now(),
      });
    await charge(0);
    await charge(0);
    await charge(1);
    await charge(1);
    const live = createManagementServices({ db: f.db, now: f.clock.now, quotaStore: () => store });
    const series = await live.usage.dailySeries(id, { days: 3 });
    expect(series.todaySource).toBe('counters');
    expect(series.days).toEqual([
      { day: '2026-11-20', plan: 0, freeMatches: 0 },
      { day: '2026-11-21', plan: 0, freeMatches: 0 },
      { day: '2026-11-22', plan: 2, freeMatches: 2 },
    ]);
    // The same figure `usage()` (and the response headers) report.
    const today = await live.usage.usage(id);
    expect([today.quota.used, today.freeMatches.used]).toEqual([2, 2]);
  });

  it('dailySeries refuses a day count outside 1..90 and an unknown account', async () => {
    const { id } = await accountWithTwoKeys();
    for (const days of [0, 91, 1.5, -3, Number.NaN]) {
      expect(await errorCode(f.services.usage.dailySeries(id, { days })), String(days)).toBe(
        'invalid_parameter',
      );
    }
    expect((await f.services.usage.dailySeries(id, { days: 90 })).days).toHaveLength(90);
    expect(await errorCode(f.services.usage.dailySeries(999_999))).toBe('not_found');
    expect(await errorCode(f.services.usage.minuteSeries(999_999))).toBe('not_found');
  });

  it("minuteSeries: today's minutes summed over keys, the peak of each hour and of the day", async () => {
    f.clock.set('2026-11-22T10:30:00.000Z'); // Hong Kong 18:30; the day began 2026-11-21T16:00Z
    const { id, first, second } = await accountWithTwoKeys();
    const other = await accountWithTwoKeys();
    const row = (iso: string, keyId: number, requests: number, accountId = id) => ({
      accountId,
      keyId,
      requests,
      minute: new Date(iso),
    });
    await f.db.minuteUsage.createMany({
      data: [
        row('2026-11-21T15:59:00Z', first, 50), // yesterday in Hong Kong
        row('2026-11-21T16:00:00Z', first, 2),
        row('2026-11-21T16:05:00Z', first, 5),
        row('2026-11-21T16:05:00Z', second, 4),
        row('2026-11-21T17:10:00Z', second, 3),
        row('2026-11-22T10:29:00Z', second, 9), // as busy as 16:05: the earlier one is the peak
        row('2026-11-22T10:29:00Z', other.second, 80, other.id),
      ],
    });
    const series = await f.services.usage.minuteSeries(id);
    expect(series).toMatchObject({
      accountId: id,
      tier: 'Plus',
      day: '2026-11-22',
      ratePerMinute: 120,
    });
    expect(series.minutes).toEqual([
      { minute: '2026-11-21T16:00:00.000Z', requests: 2 },
      { minute: '2026-11-21T16:05:00.000Z', requests: 9 },
      { minute: '2026-11-21T17:10:00.000Z', requests: 3 },
      { minute: '2026-11-22T10:29:00.000Z', requests: 9 },
    ]);
    expect(series.peak).toEqual({ minute: '2026-11-21T16:05:00.000Z', requests: 9 });
    // 00:00 to 18:00 Hong Kong time: 19 hours, the quiet ones at zero.
    expect(series.hours).toHaveLength(19);
    expect(series.hours[0]).toEqual({
      hour: '2026-11-21T16:00:00.000Z',
      peak: 9,
      minute: '2026-11-21T16:05:00.000Z',
    });
    expect(series.hours[1]).toEqual({
      hour: '2026-11-21T17:00:00.000Z',
      peak: 3,
      minute: '2026-11-21T17:10:00.000Z',
    });
    expect(series.hours[2]).toEqual({ hour: '2026-11-21T18:00:00.000Z', peak: 0, minute: null });
    expect(series.hours[18]).toEqual({
      hour: '2026-11-22T10:00:00.000Z',
      peak: 9,
      minute: '2026-11-22T10:29:00.000Z',
    });
    expect(series.hours.slice(2, 18).every((h) => h.peak === 0 && h.minute === null)).toBe(true);
  });

  it('minuteSeries of a quiet day: no minutes, no peak, one hour at zero just after midnight', async () => {
    f.clock.set('2026-11-22T16:00:30.000Z'); // 00:00:30 in Hong Kong
    const { id } = await accountWithTwoKeys('Free');
    const series = await f.services.usage.minuteSeries(id);
    expect(series).toEqual({
      accountId: id,
      tier: 'Free',
      day: '2026-11-23',
      ratePerMinute: 30,
      minutes: [],
      hours: [{ hour: '2026-11-22T16:00:00.000Z', peak: 0, minute: null }],
      peak: null,
    });
  });
});
