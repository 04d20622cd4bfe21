import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { urlsOf } from '../../helpers/pricing-page.js';

type App = Awaited<ReturnType<typeof buildTestApp>>;

/** DECISIONS.md "Accounts on the web": public, cacheable, keyless; docs/accounts.md "Price page". */
describeEachDatabase('GET /pricing: HTTP behaviour', ({ db }) => {
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(db());
  });
  afterAll(() => app.close());

  it('public and cacheable for at most propagationSeconds, with an ETag; If-None-Match is an empty 304', async () => {
    const { propagationSeconds } = (await app.inject('/v1/football/meta/plans')).json().data;
    const first = await app.inject('/pricing');
    const maxAge = Number(
      /^public, max-age=(\d+)$/.exec(String(first.headers['cache-control']))?.[1],
    );
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(propagationSeconds);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    for (const condition of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await app.inject({ url: '/pricing', headers: { 'if-none-match': condition } });
      expect(again.statusCode, condition).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
      expect(again.headers.vary).toMatch(/accept-language/i);
    }
    const stale = await app.inject({ url: '/pricing', headers: { 'if-none-match': '"old"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it('one ETag per language and period; the same bytes again; cache-busters change nothing', async () => {
    const etags = new Set<string>();
    for (const lang of ['en', 'zh-CN', 'zh-HK']) {
      for (const period of ['monthly', 'yearly']) {
        const url = `/pricing?lang=${lang}&period=${period}`;
        const a = await app.inject(url);
        const b = await app.inject(`${url}&_=${Date.now()}&utm_source=x`);
        expect(b.body, url).toBe(a.body);
        expect(b.headers.etag, url).toBe(a.headers.etag);
        etags.add(String(a.headers.etag));
      }
    }
    expect(etags.size).toBe(6);
    // Without `period` the page is the monthly one; without `lang`, English by default.
    expect((await app.inject('/pricing')).headers.etag).toBe(
      (await app.inject('/pricing?lang=en&period=monthly')).headers.etag,
    );
  });

  it('HEAD answers the same headers without a body', async () => {
    const get = await app.inject('/pricing?lang=zh-CN');
    const head = await app.inject({ method: 'HEAD', url: '/pricing?lang=zh-CN' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    for (const name of ['content-type', 'etag', 'cache-control', 'content-language', 'vary']) {
      expect(head.headers[name], name).toBe(get.headers[name]);
    }
    expect(head.headers['content-security-policy']).toBe(get.headers['content-security-policy']);
  });

  it('a strict Content-Security-Policy: no script at all, only the inline style by its hash', async () => {
    const res = await app.inject('/pricing');
    const policy = String(res.headers['content-security-policy']);
    const directives = Object.fromEntries(
      policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
    );
    const style = /<style>([\s\S]*?)<\/style>/.exec(res.body)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(directives).toEqual({
      'default-src': ["'none'"],
      'style-src': [`'sha256-${hash}'`],
      'img-src': ['data:'],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).not.toMatch(/<script|<iframe|<object|<embed|<form|\son[a-z]+=|\sstyle=/i);
    expect(res.body.match(/<style>/g)).toHaveLength(1);
  });

  it('names no other host: every URL is a path of this server or data:', async () => {
    for (const url of ['/pricing?lang=en', '/pricing?lang=zh-CN&period=yearly']) {
      const html = (await app.inject(url)).body;
      const urls = urlsOf(html);
      expect(urls.length).toBeGreaterThan(5);
      for (const u of urls) {
        expect(u, u).toMatch(/^(\/(?!\/)|data:)/);
      }
      expect(html).not.toMatch(/https?:|\/\/[a-z]|@import|url\(/i);
      expect(html).toContain(
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
      );
    }
  });

  it('costs no quota: no quota headers, and a key sent along is neither used nor charged', async () => {
    const { key } = await createAccountWithKey(db(), 'Free');
    const res = await app.inject({ url: '/pricing', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.headers).filter((h) => /^x-(quota|ratelimit)-/.test(h))).toEqual([]);
    const keyed = await app.inject({
      url: '/v1/football/odds/bookmakers',
      headers: { 'x-api-key': key },
    });
    expect(keyed.statusCode, keyed.body).toBe(200);
    // The first charged request of the day: the page cost nothing.
    expect(keyed.headers['x-quota-remaining']).toBe('29');
    expect(keyed.headers['x-ratelimit-remaining']).toBe('29');
  });
});
