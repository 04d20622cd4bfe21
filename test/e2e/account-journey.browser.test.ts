import { mkdir } from 'node:fs/promises';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumAvailable } from '../helpers/chromium.js';
import { describeEachDatabase } from '../helpers/db.js';
import { ROOT } from '../helpers/embedded-cli.js';
import { type SmtpServer, startSmtpServer } from '../helpers/smtp.js';
import {
  signDelivery,
  startStripeStandIn,
  stripeEnv,
  stripeEvent,
} from '../helpers/stripe-stand-in.js';
import { pathOf } from '../helpers/web.js';

if (!chromiumAvailable) {
  console.warn(`${CHROMIUM_PATH} is missing: the account journey browser test is SKIPPED`);
}

/** WRITE_SCREENSHOTS=1 refreshes docs/screenshots/dashboard-*.png (README links them). */
const WRITE_SCREENSHOTS = process.env['WRITE_SCREENSHOTS'] === '1';
const SCREENSHOTS = `${ROOT}docs/screenshots`;
const SLOW = { timeout: 120_000 };
const EMAIL = 'ada@example.com';
const PASSWORD = 'a long enough passphrase';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Issue 19's whole journey in Chromium, as a new user meets it: sign up, the mail on a local
 * SMTP server, verify, sign in, a key, a /v1 call, an allowlist entry, today's request in the
 * usage chart, an upgrade through the Stripe stand-in that changes nothing until the signed
 * `invoice.paid` arrives, then a cancellation that keeps the plan until the period end.
 */
describeEachDatabase('the account journey in headless Chromium', ({ db }) => {
  const run = chromiumAvailable ? it : it.skip;
  let smtp: SmtpServer;
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let base: string;
  let browser: Browser;
  const refused: string[] = [];

  beforeAll(async () => {
    if (!chromiumAvailable) {
      return;
    }
    smtp = await startSmtpServer();
    standIn = await startStripeStandIn();
    app = await buildTestApp(db(), { env: { SMTP_URL: smtp.url, ...stripeEnv(standIn.url) } });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await standIn?.close();
    await smtp?.close();
  });

  function watch(page: Page): Page {
    page.on('console', (message) => {
      if (/Content.Security.Policy|Refused/i.test(message.text())) {
        refused.push(message.text());
      }
    });
    page.on('pageerror', (error) => refused.push(error.message));
    return page;
  }

  const callApi = (key: string) =>
    fetch(`${base}/v1/football/matches`, { headers: { 'x-api-key': key } });

  const dailyQuota = async (tier: 'Free' | 'Plus') =>
    String((await db().prisma.tierLimit.findUniqueOrThrow({ where: { tier } })).dailyQuota);

  /** Submits the form posting to `action` (ticking its confirmation box when it has one). */
  async function submit(page: Page, action: string, tier?: string) {
    const form = page
      .locator(`form[action="${action}"]`)
      .filter(tier ? { has: page.locator(`input[name="tier"][value="${tier}"]`) } : {})
      .first();
    const box = form.locator('input[name="confirm"]');
    if ((await box.count()) > 0) {
      await box.check();
    }
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'load' }),
      form.locator('button[type=submit]').click(),
    ]);
  }

  async function screenshots(context: BrowserContext) {
    const cookies = await context.cookies();
    for (const width of [
      { name: 'phone', viewport: { width: 375, height: 740 }, isMobile: true },
      { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false },
    ]) {
      for (const language of [
        { lang: 'en', file: 'en' },
        { lang: 'zh-CN', file: 'zh-hans' },
      ]) {
        const shot = await browser.newContext({
          viewport: width.viewport,
          isMobile: width.isMobile,
        });
        await shot.addCookies(cookies);
        const page = watch(await shot.newPage());
        await page.goto(`${base}/dashboard?lang=${language.lang}`);
        await page.locator('#chart-daily canvas').first().waitFor();
        await page.screenshot({
          path: `${SCREENSHOTS}/dashboard-${language.file}-${width.name}.png`,
          fullPage: true,
        });
        await shot.close();
      }
    }
  }

  run('signs up, uses a key, watches usage, upgrades when paid and cancels', SLOW, async () => {
    const context = await browser.newContext();
    const page = watch(await context.newPage());

    // Sign up; the mail arrives on the local SMTP server; its link verifies and signs in, with
    // the password chosen on the confirmation page.
    await page.goto(`${base}/signup`);
    await page.fill('form[action="/signup"] input[name="email"]', EMAIL);
    await submit(page, '/signup');
    expect(await page.textContent('body')).toContain('Check your e-mail');
    const mail = await smtp.mailTo(EMAIL);
    await page.goto(`${base}${pathOf(mail.link)}`);
    await page.fill('form[action="/verify"] input[name="password"]', PASSWORD);
    await submit(page, '/verify');
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    // Sign out, then in again by password.
    await submit(page, '/signout');
    await page.goto(`${base}/signin`);
    const byPassword = page
      .locator('form[action="/signin"]')
      .filter({ has: page.locator('input[name="method"][value="password"]') });
    await byPassword.locator('input[name="email"]').fill(EMAIL);
    await byPassword.locator('input[name="password"]').fill(PASSWORD);
    await Promise.all([page.waitForURL(/\/dashboard/), byPassword.locator('button').click()]);
    expect(await page.textContent('body')).toContain(EMAIL);

    // The first key, shown once; it works on /v1.
    await submit(page, '/dashboard/key');
    const key = (await page.textContent('code.secret'))?.trim() ?? '';
    expect(key).toMatch(/^svc_live_/);
    const first = await callApi(key);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-quota-limit')).toBe(await dailyQuota('Free'));

    // An allowlist entry (a public range: loopback cannot be listed) shuts this machine out at
    // once; removing it lets the key in again.
    await page.goto(`${base}/dashboard`);
    await page.fill('form[action="/dashboard/allowlist/add"] input[name="entry"]', '81.2.69.0/24');
    await submit(page, '/dashboard/allowlist/add');
    await page.goto(`${base}/dashboard`);
    expect(await page.textContent('ul.entries')).toContain('81.2.69.0/24');
    const shutOut = await callApi(key);
    expect(shutOut.status).toBe(403);
    expect(((await shutOut.json()) as { code: string }).code).toBe('ip_not_allowed');
    await submit(page, '/dashboard/allowlist/remove');
    await page.goto(`${base}/dashboard`);
    expect(await page.locator('ul.entries').count()).toBe(0);
    expect((await callApi(key)).status).toBe(200);

    // Today's requests in the usage chart (drawn by uPlot) and its table.
    await page.locator('#chart-daily canvas').first().waitFor();
    const today = page.locator('details table tbody tr').first().locator('td');
    const counted =
      Number(await today.nth(1).textContent()) + Number(await today.nth(2).textContent());
    expect(counted).toBeGreaterThanOrEqual(1);

    // Upgrade: to the provider's Checkout page; nothing changes until the payment is reported.
    await page.goto(`${base}/dashboard`);
    await submit(page, '/dashboard/plan/upgrade', 'Plus');
    await page.waitForURL(new RegExp(`^${standIn.url}/pay/cs_test_`));
    const checkout = standIn.calls.find((call) => call.path === '/v1/checkout/sessions');
    const reference = checkout?.form['metadata[reference]'] ?? '';
    expect(reference).not.toBe('');
    expect((await callApi(key)).headers.get('x-quota-limit')).toBe(await dailyQuota('Free'));

    const start = new Date();
    const end = new Date(start.getTime() + 30 * 86_400_000);
    const signed = signDelivery(
      stripeEvent('invoice.paid', {
        id: `in_journey_${seconds(start)}`,
        object: 'invoice',
        billing_reason: 'subscription_create',
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: 'sub_journey', metadata: { reference } },
        },
        lines: {
          object: 'list',
          data: [{ period: { start: seconds(start), end: seconds(end) } }],
        },
      }),
    );
    const delivered = await fetch(`${base}/billing/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signed.header },
      body: signed.payload,
    });
    expect(delivered.status).toBe(200);
    expect((await callApi(key)).headers.get('x-quota-limit')).toBe(await dailyQuota('Plus'));
    await page.goto(`${base}/dashboard`);
    expect(await page.textContent('body')).toMatch(/Plan\s*Plus/);

    // Cancel: nothing renews, and the paid period is kept.
    await submit(page, '/dashboard/plan/cancel');
    await page.goto(`${base}/dashboard`);
    expect(await page.textContent('body')).toContain('then ends (cancelled)');
    expect((await callApi(key)).headers.get('x-quota-limit')).toBe(await dailyQuota('Plus'));

    if (WRITE_SCREENSHOTS) {
      await mkdir(SCREENSHOTS, { recursive: true });
      await screenshots(context);
    }
    await context.close();
    expect(refused).toEqual([]);
  });
});
