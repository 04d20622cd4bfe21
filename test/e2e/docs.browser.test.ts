import type { FastifyInstance } from 'fastify';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumAvailable } from '../helpers/chromium.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';

if (!chromiumAvailable) {
  console.warn(`${CHROMIUM_PATH} is missing: the browser tests of /docs are SKIPPED`);
}

describe.skipIf(!chromiumAvailable)('API reference pages in headless Chromium', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let browser: Browser;
  let base: string;
  const external: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildTestApp(database);
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await database?.close();
  });

  async function open(path: string) {
    const page = await browser.newPage();
    page.on('request', (request) => {
      if (!request.url().startsWith(base) && !request.url().startsWith('data:')) {
        external.push(request.url());
      }
    });
    await page.goto(`${base}${path}`);
    return page;
  }

  it('/docs renders the routes from the OpenAPI document, with no asset from elsewhere', async () => {
    const page = await open('/docs');
    await page.waitForSelector('.opblock-summary-path', { timeout: 30_000 });
    const paths = await page.locator('.opblock-summary-path').allTextContents();
    expect(paths.map((p) => p.replace(/\u200b/g, ''))).toContain('/v1/football/meta/plans');
    expect(paths.map((p) => p.replace(/\u200b/g, ''))).toContain('/v1/football/odds/bookmakers');
    expect(external).toEqual([]);
    await page.close();
  });

  it('/docs/errors#quota_exceeded lands on its entry', async () => {
    const page = await open('/docs/errors#quota_exceeded');
    const target = page.locator('#quota_exceeded');
    await expect(target.locator('h2').textContent()).resolves.toContain('quota_exceeded');
    // Evaluated in the page (this project's TypeScript has no DOM types). Scrolling to an anchor
    // may leave its top a fraction of a pixel above the viewport.
    const targetMatches = await page.evaluate("document.querySelector(':target')?.id");
    const inView = await page.evaluate(
      "(() => { const r = document.getElementById('quota_exceeded').getBoundingClientRect(); return r.top > -1 && r.top < window.innerHeight; })()",
    );
    expect(targetMatches).toBe('quota_exceeded');
    expect(inView).toBe(true);
    await page.close();
  });
});
