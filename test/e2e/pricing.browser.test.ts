import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumAvailable } from '../helpers/chromium.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { ROOT } from '../helpers/embedded-cli.js';

if (!chromiumAvailable) {
  console.warn(`${CHROMIUM_PATH} is missing: the browser test of /pricing is SKIPPED`);
}

/** WRITE_SCREENSHOTS=1 refreshes docs/screenshots/pricing-*.png (README links them). */
const WRITE_SCREENSHOTS = process.env['WRITE_SCREENSHOTS'] === '1';
const SCREENSHOTS = `${ROOT}docs/screenshots`;

const WIDTHS = [
  { name: 'phone', viewport: { width: 375, height: 740 }, isMobile: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false },
] as const;

const LANGUAGES = [
  { lang: 'en', file: 'en', monthly: 'Monthly', yearly: 'Yearly', perYear: 'per year' },
  { lang: 'zh-CN', file: 'zh-hans', monthly: '按月', yearly: '按年', perYear: '每年' },
] as const;

const SLOW = { timeout: 60_000 };

/** docs/accounts.md "Price page": readable on a phone and a desktop, with JavaScript off. */
describe.skipIf(!chromiumAvailable)('/pricing in headless Chromium, JavaScript disabled', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let browser: Browser;
  let base: string;
  const external: string[] = [];
  const violations: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildTestApp(database);
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    if (WRITE_SCREENSHOTS) {
      await mkdir(SCREENSHOTS, { recursive: true });
    }
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await database?.close();
  });

  async function open(context: BrowserContext, path: string): Promise<Page> {
    const page = await context.newPage();
    page.on('request', (request) => {
      if (!request.url().startsWith(base) && !request.url().startsWith('data:')) {
        external.push(request.url());
      }
    });
    page.on('console', (message) => {
      if (/Content.Security.Policy|Refused/i.test(message.text())) {
        violations.push(message.text());
      }
    });
    await page.goto(`${base}${path}`);
    return page;
  }

  /** The widest element's right edge against the viewport: nothing may stick out sideways. */
  const overflow = (page: Page) =>
    page.evaluate(
      '(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)()',
    );

  for (const width of WIDTHS) {
    for (const language of LANGUAGES) {
      it(
        `${language.lang} at ${width.name} width: recommended tier visible, no overflow, the yearly switch works`,
        SLOW,
        async () => {
          const context = await browser.newContext({
            javaScriptEnabled: false,
            viewport: width.viewport,
            isMobile: width.isMobile,
            locale: language.lang,
          });
          try {
            const page = await open(context, `/pricing?lang=${language.lang}`);
            const recommended = page.locator('.tier.recommended');
            await expect(recommended.isVisible()).resolves.toBe(true);
            await expect(recommended.locator('.badge').isVisible()).resolves.toBe(true);
            await expect(recommended.locator('h2').textContent()).resolves.toBe('Plus');
            expect(await overflow(page)).toBeLessThanOrEqual(0);
            const box = await recommended.boundingBox();
            expect(box?.width).toBeLessThanOrEqual(width.viewport.width);
            const current = page.locator('.periods a[aria-current="page"]');
            await expect(current.textContent()).resolves.toBe(language.monthly);
            if (WRITE_SCREENSHOTS) {
              await page.screenshot({
                path: `${SCREENSHOTS}/pricing-${language.file}-${width.name}.png`,
                fullPage: true,
              });
            }
            await page.getByRole('link', { name: language.yearly, exact: true }).click();
            await page.waitForURL(/period=yearly/);
            expect(new URL(page.url()).searchParams.get('lang')).toBe(language.lang);
            await expect(current.textContent()).resolves.toBe(language.yearly);
            await expect(recommended.locator('.price').textContent()).resolves.toContain(
              language.perYear,
            );
            expect(await overflow(page)).toBeLessThanOrEqual(0);
            expect(external).toEqual([]);
            expect(violations).toEqual([]);
          } finally {
            await context.close();
          }
        },
      );
    }
  }
});
