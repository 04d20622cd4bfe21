import { describe, expect, it } from 'vitest';
import type { Pricing } from '../../../src/accounts/plans.js';
import { type BusEvent, createEventBus } from '../../../src/events/event-bus.js';
import { createPricingPages } from '../../../src/web/pricing/page-cache.js';
import { createFakeClock } from '../../helpers/clock.js';

const limits = {
  dailyQuota: 30,
  ratePerMinute: 30,
  maxKeys: 1,
  maxAllowlistEntriesPerKey: 3,
  freeMatchesDailyQuota: 50,
  features: { analysis: false },
};

const pricingAt = (price: number): Pricing => ({
  currency: 'HKD',
  propagationSeconds: 60,
  tiers: [
    { tier: 'Free', limits: { tier: 'Free', ...limits } },
    {
      tier: 'Plus',
      limits: { tier: 'Plus', ...limits },
      monthly: {
        id: 1,
        planCode: 'plus-monthly',
        tier: 'Plus',
        billingPeriod: 'monthly',
        months: 1,
        price,
        currency: 'HKD',
        version: 1,
      },
    },
  ],
});

function setUp() {
  const clock = createFakeClock();
  const events = createEventBus();
  let price = 188;
  let reads = 0;
  let failing = false;
  /** Set: the next read waits for it (a read under way when something happens). */
  let gate: Promise<void> | null = null;
  const plans = {
    async getPricing() {
      reads += 1;
      const seen = price;
      await gate;
      if (failing) {
        throw new Error('database unavailable');
      }
      return pricingAt(seen);
    },
  };
  const pages = createPricingPages({ plans, events, clock, maxAgeMs: 30_000 });
  return {
    clock,
    pages,
    publish: (event: BusEvent) => events.publish(event),
    setPrice: (p: number) => {
      price = p;
    },
    hold: () => {
      let release = () => {};
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return () => {
        gate = null;
        release();
      };
    },
    reads: () => reads,
    fail: (on: boolean) => {
      failing = on;
    },
  };
}

describe('price pages: rendered once per (language, period, plan data version)', () => {
  it('serves the same bytes again without reading or rendering; one read for concurrent requests', async () => {
    const t = setUp();
    const [a, b] = await Promise.all([
      t.pages.page('en', 'monthly'),
      t.pages.page('en', 'monthly'),
    ]);
    const c = await t.pages.page('en', 'monthly');
    expect(t.reads()).toBe(1);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(a.body.toString()).toContain('HKD 188');
    expect(a.etag).toMatch(/^"[\w-]+"$/);
    for (const language of ['en', 'zh-CN', 'zh-HK'] as const) {
      await t.pages.page(language, 'monthly');
      await t.pages.page(language, 'yearly');
    }
    expect(t.pages.size).toBe(6);
    expect(t.reads()).toBe(1);
  });

  it('reads again after maxAge; unchanged figures keep the rendered pages, changed ones replace them', async () => {
    const t = setUp();
    const first = await t.pages.page('zh-HK', 'monthly');
    t.clock.advance(30_000);
    const same = await t.pages.page('zh-HK', 'monthly');
    expect(t.reads()).toBe(2);
    expect(same).toBe(first);
    t.setPrice(168);
    t.clock.advance(29_999);
    expect(await t.pages.page('zh-HK', 'monthly')).toBe(first);
    t.clock.advance(1);
    const changed = await t.pages.page('zh-HK', 'monthly');
    expect(changed.body.toString()).toContain('HKD 168');
    expect(changed.etag).not.toBe(first.etag);
    expect(t.pages.size).toBe(1);
  });

  it('a plans-changed event drops the figures at once', async () => {
    const t = setUp();
    await t.pages.page('en', 'yearly');
    t.setPrice(198);
    await t.publish({ type: 'plans-changed' });
    expect((await t.pages.page('en', 'monthly')).body.toString()).toContain('HKD 198');
    expect(t.reads()).toBe(2);
  });

  it('a read under way when a change arrives is served to its waiters but not kept', async () => {
    const t = setUp();
    const release = t.hold();
    const waiting = t.pages.page('en', 'monthly');
    t.setPrice(208);
    await t.publish({ type: 'plans-changed' });
    release();
    expect((await waiting).body.toString()).toContain('HKD 188');
    expect(t.pages.size).toBe(0);
    expect((await t.pages.page('en', 'monthly')).body.toString()).toContain('HKD 208');
    expect(t.reads()).toBe(2);
  });

  it('a failed read fails its waiters (the route answers 503) and the next request reads again', async () => {
    const t = setUp();
    t.fail(true);
    const both = [t.pages.page('en', 'monthly'), t.pages.page('en', 'yearly')];
    for (const waiting of both) {
      await expect(waiting).rejects.toThrow('database unavailable');
    }
    expect(t.reads()).toBe(1);
    t.fail(false);
    expect((await t.pages.page('en', 'monthly')).body.toString()).toContain('HKD 188');
    expect(t.reads()).toBe(2);
  });

  it('other events change nothing', async () => {
    const t = setUp();
    await t.pages.page('en', 'monthly');
    await t.publish({ type: 'data-changed' });
    await t.publish({ type: 'account-changed', accountId: 1 });
    await t.pages.page('en', 'monthly');
    expect(t.reads()).toBe(1);
  });
});
