import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, TEST_BASE_URL } from '../../helpers/app.js';
import { describeEachDatabase } from '../../helpers/db.js';

describeEachDatabase('GET /v1/football/meta/*', ({ db }) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp(db());
  });
  afterAll(() => app.close());

  it('limits: the tier table of spec 8.1, Free first, no key needed', async () => {
    const res = await app.inject('/v1/football/meta/limits');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.json()).toEqual({
      data: [
        {
          tier: 'Free',
          dailyQuota: 30,
          ratePerMinute: 30,
          maxKeys: 1,
          maxAllowlistEntriesPerKey: 3,
          freeMatchesDailyQuota: 50,
          features: { analysis: false },
        },
        {
          tier: 'Plus',
          dailyQuota: 5000,
          ratePerMinute: 120,
          maxKeys: 1,
          maxAllowlistEntriesPerKey: 3,
          freeMatchesDailyQuota: 500,
          features: { analysis: true },
        },
        {
          tier: 'Pro',
          dailyQuota: 30000,
          ratePerMinute: 600,
          maxKeys: 1,
          maxAllowlistEntriesPerKey: 3,
          freeMatchesDailyQuota: 2000,
          features: { analysis: true },
        },
      ],
    });
  });

  it('plans: HKD prices with computed saving and monthly equivalent, Free without plans', async () => {
    const res = await app.inject('/v1/football/meta/plans');
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.currency).toBe('HKD');
    expect(data.propagationSeconds).toBe(60);
    expect(data.recommendedTier).toBe('Plus');
    expect(data.freeMatchesDailyQuota).toBe(50);
    expect(data.tiers.map((t: { tier: string }) => t.tier)).toEqual(['Free', 'Plus', 'Pro']);
    const [free, plus, pro] = data.tiers;
    expect(free).toEqual({
      tier: 'Free',
      limits: expect.objectContaining({ tier: 'Free', dailyQuota: 30 }),
    });
    expect(plus.monthly).toEqual({
      id: expect.any(Number),
      planCode: 'plus-monthly',
      tier: 'Plus',
      billingPeriod: 'monthly',
      months: 1,
      price: 188,
      currency: 'HKD',
      version: 1,
    });
    expect(plus.yearly).toMatchObject({
      planCode: 'plus-yearly',
      billingPeriod: 'yearly',
      months: 12,
      price: 1880,
    });
    expect(plus.yearlySavingPercent).toBe(16.67);
    expect(plus.yearlyMonthlyEquivalent).toBe(156.67);
    expect(pro.monthly.price).toBe(688);
    expect(pro.yearly.price).toBe(6880);
    expect(pro.yearlyMonthlyEquivalent).toBe(573.33);
  });

  it('a price change inserts a version: the newest is served, with a computed discount', async () => {
    // Served from the response cache until the change: the price service's event clears it.
    expect((await app.inject('/v1/football/meta/plans')).json().data.tiers[2].yearly.version).toBe(
      1,
    );
    await app.deps.services.planPrices.setPrice('pro-yearly', 5504, 6880);
    const { data } = (await app.inject('/v1/football/meta/plans')).json();
    const pro = data.tiers[2];
    expect(pro.yearly).toMatchObject({
      planCode: 'pro-yearly',
      version: 2,
      price: 5504,
      compareAtPrice: 6880,
      discountPercent: 20,
    });
    // (12 x 688 - 5504) / 8256 = 33.33%
    expect(pro.yearlySavingPercent).toBe(33.33);
    expect(pro.yearlyMonthlyEquivalent).toBe(458.67);
  });

  it('carries an ETag; a matching If-None-Match is an empty 304', async () => {
    const first = await app.inject('/v1/football/meta/limits');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({
      url: '/v1/football/meta/limits',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('unknown routes are 404 problem+json whose type resolves to the error catalogue', async () => {
    const res = await app.inject('/v1/football/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toEqual({
      type: `${TEST_BASE_URL}/docs/errors#not_found`,
      title: 'Not found',
      status: 404,
      detail: expect.any(String),
      code: 'not_found',
    });
  });

  it('health and readiness answer', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
  });
});
