import { afterAll, beforeAll, expect, it } from 'vitest';
import { READ_CACHE_MS } from '../../../src/web/read-cache.js';
import { describeEachDatabase } from '../../helpers/db.js';
import type { Browser } from '../../helpers/web.js';
import { type DashboardFixture, dashboardFixture } from './dashboard-setup.js';

/** The JSON the chart script draws, as embedded in the page. */
const chartData = (html: string) => {
  const found = /<script type="application\/json" id="usage-data">([^<]*)<\/script>/.exec(html);
  return JSON.parse(found?.[1] ?? 'null') as {
    daily: { x: number[]; plan: number[]; free: number[]; quota: number; freeQuota: number };
    minutes: { x: number[]; requests: number[]; limit: number };
  };
};

describeEachDatabase('dashboard: usage charts', ({ db }) => {
  let f: DashboardFixture;
  let owner: Browser;
  let key: string;
  beforeAll(async () => {
    f = await dashboardFixture(db());
    owner = await f.signUp('cy@example.com');
    key = f.keyOn((await f.submitOnDashboard(owner, '/dashboard/key')).body);
  });
  afterAll(() => f?.close());

  it("holds today's request after a real /v1 call, in the chart data and the table", async () => {
    const before = chartData((await owner.get('/dashboard')).body);
    expect(before.daily.x).toHaveLength(30);
    expect(before.daily.plan.at(-1)).toBe(0);
    const call = await f.callApi(key);
    expect(call.statusCode).toBe(200);
    f.clock.advance(READ_CACHE_MS + 1);
    const page = await owner.get('/dashboard');
    const after = chartData(page.body);
    const today = after.daily.plan.at(-1)! + after.daily.free.at(-1)!;
    expect(today).toBe(1);
    expect(after.daily.quota).toBeGreaterThan(0);
    expect(after.minutes.limit).toBeGreaterThan(0);
    // The same figures as a table, for a browser without JavaScript.
    expect(page.body).toMatch(/<caption>Requests per Hong Kong day, last 30 days<\/caption>/);
    expect(page.body).toMatch(/<tr><td>2026-11-27<\/td><td>\d+<\/td><td>\d+<\/td><\/tr>/);
    expect(page.body).toContain("Today's busiest minute of each hour");
  });

  it('loads its scripts from this server only, under script-src self', async () => {
    const page = await owner.get('/dashboard');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const sources = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.map((s) => s.split('?')[0])).toEqual(['/web/uplot.js', '/web/charts.js']);
    expect(page.body).not.toMatch(/<script>(?!<)/);
    for (const src of sources) {
      const res = await owner.get(src);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const again = await owner.get(src, { 'if-none-match': String(res.headers.etag) });
      expect(again.statusCode).toBe(304);
    }
    const css = await owner.get('/web/uplot.css');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body).toContain('.uplot');
  });
});
