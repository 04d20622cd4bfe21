import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, TEST_BASE_URL } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';

type App = Awaited<ReturnType<typeof buildTestApp>>;

/** docs/decisions.md "Accounts on the web": bad choices are 400; the address limit applies. */
describeEachDatabase('GET /pricing: bad input and the per-address limit', ({ db }) => {
  const clock = createFakeClock('2026-11-22T10:00:05.000Z');
  let app: App;
  const from = (remoteAddress: string, url = '/pricing') => app.inject({ url, remoteAddress });

  beforeAll(async () => {
    app = await buildTestApp(db(), { clock, env: { ADDRESS_RATE_PER_MINUTE: '5' } });
  });
  afterAll(() => app.close());

  it('an unknown lang or period is 400 invalid_parameter naming it and the values it takes', async () => {
    const cases: [string, string, RegExp][] = [
      ['/pricing?lang=fr', 'lang', /'lang' was 'fr': use en, zh-CN or zh-HK/],
      ['/pricing?lang=', 'lang', /'lang' was '': use en, zh-CN or zh-HK/],
      ['/pricing?lang=zh-XX', 'lang', /use en, zh-CN or zh-HK/],
      ['/pricing?period=weekly', 'period', /'period' was 'weekly': use monthly or yearly/],
      ['/pricing?period=Yearly', 'period', /use monthly or yearly/],
      ['/pricing?period=monthly&period=yearly', 'period', /was given more than once/],
      ['/pricing?lang=en&lang=zh-CN', 'lang', /was given more than once/],
      [`/pricing?lang=${'x'.repeat(500)}`, 'lang', /was a value it does not know/],
    ];
    for (const [url, parameter, detail] of cases) {
      const res = await from(`203.0.113.${cases.findIndex((c) => c[0] === url) + 1}`, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      const body = res.json();
      expect(body, url).toMatchObject({
        type: `${TEST_BASE_URL}/docs/errors#invalid_parameter`,
        status: 400,
        code: 'invalid_parameter',
        parameter,
      });
      expect(body.detail, url).toMatch(detail);
      expect(res.body).not.toContain('x'.repeat(41));
    }
  });

  it('a key in the query string is refused, as on every route', async () => {
    const res = await from('203.0.113.50', '/pricing?api_key=svc_live_abc');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_parameter', parameter: 'api_key' });
  });

  it('counts on the caller address: over the limit 429 rate_limited until the minute ends', async () => {
    clock.set('2026-11-22T10:01:10.000Z');
    const address = '198.51.100.77';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await from(address, i % 2 ? '/pricing?period=yearly' : '/pricing')).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const refused = await from(address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json()).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(refused.headers['retry-after']).toBe('50');
    expect((await from(address, '/pricing?lang=zh-HK')).statusCode).toBe(429);
    expect((await from('198.51.100.78')).statusCode).toBe(200);
    clock.advance(50_000);
    expect((await from(address)).statusCode).toBe(200);
  });

  it('unknown sub-paths are 404 problem+json, other methods 405', async () => {
    const missing = await from('203.0.113.60', '/pricing/extra');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not_found' });
    const post = await app.inject({
      method: 'POST',
      url: '/pricing',
      remoteAddress: '203.0.113.61',
    });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(post.json()).toMatchObject({ code: 'method_not_allowed' });
  });
});
