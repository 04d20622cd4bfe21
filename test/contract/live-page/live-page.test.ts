import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_BASE_URL } from '../../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';

type App = Awaited<ReturnType<typeof buildTestApp>>;

/** Every URL an attribute of the page names (src, href, action). */
const urlsOf = (html: string) =>
  [...html.matchAll(/\s(?:src|href|action)="([^"]*)"/g)].map((m) => m[1] ?? '');

/** What a module imports (`import ... from './x.js'`). */
const importsOf = (js: string) =>
  [...js.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1] ?? '');

/** docs/live-page.md: the page, its modules and style, keyless, under a strict policy. */
describe('GET /live', () => {
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildTestApp(database, { env: { ADDRESS_RATE_PER_MINUTE: '20' } });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('is HTML under a Content-Security-Policy without inline script, style or other origins', async () => {
    const res = await app.inject({ url: '/live' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const policy = String(res.headers['content-security-policy']);
    const directives = Object.fromEntries(
      policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
    );
    expect(directives).toMatchObject({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'"],
      'connect-src': ["'self'"],
      'img-src': ["'self'", 'data:', TEST_BASE_URL],
      'form-action': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
    expect(policy).not.toMatch(/unsafe-|https?:\/\/(?!touchline\.test)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // No inline script or style: every <script> has a src, no <style>, no style="...".
    expect(res.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(res.body).not.toMatch(/<style|\sstyle=|\son[a-z]+=/);
  });

  it('names only same-origin paths (or data:), each served with its type', async () => {
    const html = (await app.inject({ url: '/live' })).body;
    const urls = urlsOf(html);
    expect(urls).toEqual(
      expect.arrayContaining(['/live/app.css', '/live/app.js', expect.stringMatching(/^data:/)]),
    );
    for (const url of urls) {
      expect(url, url).toMatch(/^(\/(?!\/)|data:)/);
    }
    const scripts: string[] = ['/live/app.js'];
    for (const path of scripts) {
      const res = await app.inject({ url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.headers['content-security-policy']).toBeDefined();
      for (const imported of importsOf(res.body)) {
        expect(imported, `${path} imports ${imported}`).toMatch(/^\.\/[a-z-]+\.js$/);
        const resolved = new URL(imported, `${TEST_BASE_URL}${path}`).pathname;
        if (!scripts.includes(resolved)) {
          scripts.push(resolved);
        }
      }
      // The script talks to this server only: no absolute URL in it.
      expect(res.body, path).not.toMatch(/(https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}/i);
    }
    expect(scripts.sort()).toEqual(['/live/app.js', '/live/stream.js', '/live/view.js']);
    const css = await app.inject({ url: '/live/app.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).not.toMatch(/url\(|@import|@font-face/);
  });

  it('answers If-None-Match with 304', async () => {
    const first = await app.inject({ url: '/live/app.js' });
    const again = await app.inject({
      url: '/live/app.js',
      headers: { 'if-none-match': String(first.headers['etag']) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('is not in the OpenAPI document', async () => {
    const doc = (await app.inject({ url: '/v1/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/live'))).toEqual([]);
  });

  it('is keyless traffic: counted on the address, as /docs', async () => {
    const from = (url: string) => app.inject({ url, remoteAddress: '198.51.100.77' });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await from(i % 2 ? '/live' : '/live/view.js')).statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    const refused = await from('/live');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
  });
});
