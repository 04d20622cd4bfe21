import { expect } from 'vitest';
import type { Database } from '../../../src/db/database.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { type SmtpServer, startSmtpServer } from '../../helpers/smtp.js';
import { type Browser, createBrowser, formFields, pathOf } from '../../helpers/web.js';

/**
 * The app with a local SMTP server and a fixed clock, and owners signed in the way a person
 * does it: sign up, follow the mailed link, confirm.
 */
export async function dashboardFixture(
  database: Database,
  options: { start?: string; env?: Record<string, string> } = {},
) {
  const smtp: SmtpServer = await startSmtpServer();
  const clock = createFakeClock(options.start ?? '2026-11-27T10:00:05.000Z');
  const app = await buildTestApp(database, {
    env: { SMTP_URL: smtp.url, ...options.env },
    clock,
  });

  async function signUp(email: string, address = '203.0.113.7'): Promise<Browser> {
    const browser = createBrowser(app, address);
    await browser.submit('/signup', '/signup', { email });
    const mail = await smtp.mailTo(email);
    const verified = await browser.submit(pathOf(mail.link), '/verify');
    expect(verified.statusCode).toBe(303);
    return browser;
  }

  const accountIdOf = async (email: string) =>
    (await database.prisma.account.findFirstOrThrow({ where: { email } })).id;

  /** The full key from the page that shows it once. */
  const keyOn = (html: string) => /<code class="secret">([^<]+)<\/code>/.exec(html)?.[1] ?? '';

  /** Submits the dashboard's form for `action` (its CSRF token from the page) with `fields`. */
  async function submitOnDashboard(
    browser: Browser,
    action: string,
    fields: Record<string, string> = {},
  ) {
    const page = await browser.get('/dashboard');
    return browser.post(action, { ...formFields(page.body, action), ...fields });
  }

  /** A /v1 call with `key` from `address` (no cookie: the key alone). */
  const callApi = (key: string, address = '203.0.113.7') =>
    app.inject({
      url: '/v1/football/matches',
      remoteAddress: address,
      headers: { 'x-api-key': key },
    });

  /** A new session for `browser` (sessions last 30 days; a test past that signs in again). */
  async function signInAgain(browser: Browser, accountId: number) {
    const token = await database.prisma.$transaction((tx) =>
      app.deps.services.webSessions.start(tx, accountId, { address: null, userAgent: null }),
    );
    browser.jar.set('tl_session', token);
  }

  async function close() {
    await app.close();
    await smtp.close();
  }

  return {
    app,
    smtp,
    clock,
    signUp,
    signInAgain,
    accountIdOf,
    keyOn,
    submitOnDashboard,
    callApi,
    close,
  };
}

export type DashboardFixture = Awaited<ReturnType<typeof dashboardFixture>>;
