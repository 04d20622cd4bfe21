import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { TEST_REDIS_URL } from '../../helpers/redis.js';
import { type SmtpServer, startSmtpServer } from '../../helpers/smtp.js';
import { type Browser, createBrowser, formFields, pathOf, setCookies } from '../../helpers/web.js';

describeEachDatabase(
  'account pages: cookies, CSRF, rate limits, credentials kept apart',
  ({ db, kind }) => {
    let smtp: SmtpServer;
    let app: Awaited<ReturnType<typeof buildTestApp>>;
    let signedIn: Browser;
    let apiKey: string;

    beforeAll(async () => {
      smtp = await startSmtpServer();
      // One minute of a fixed clock: the attempts below never straddle two windows. On the
      // PostgreSQL half the counters are in Redis when there is one (shared by instances).
      const redis = kind === 'postgres' && TEST_REDIS_URL ? { REDIS_URL: TEST_REDIS_URL } : {};
      app = await buildTestApp(db(), {
        env: { SMTP_URL: smtp.url, ...redis },
        clock: createFakeClock('2026-11-27T10:00:05.000Z'),
      });
      // A signed-in owner from an outside address, with an API key made by the operator.
      signedIn = createBrowser(app, '203.0.113.7');
      await signedIn.submit('/signup', '/signup', { email: 'gus@example.com' });
      const mail = await smtp.mailTo('gus@example.com');
      const verified = await signedIn.submit(pathOf(mail.link), '/verify');
      expect(verified.statusCode).toBe(303);
      const [account] = await app.deps.services.accounts.listAccounts();
      apiKey = (await app.deps.services.keys.createKey(account!.id)).key;
    });
    afterAll(async () => {
      await app?.close();
      await smtp?.close();
    });

    it('sets the session cookie HttpOnly, SameSite=Lax, Path=/, Secure off loopback', async () => {
      const browser = createBrowser(app, '198.51.100.1');
      await browser.submit('/signin', '/signin', { method: 'link', email: 'gus@example.com' });
      const mail = await smtp.mailTo('gus@example.com', 1);
      const remote = setCookies(await browser.submit(pathOf(mail.link), '/signin/link'));
      const session = remote.find((c) => c.name === 'tl_session');
      expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(session?.attributes).toEqual(
        expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/', 'Secure']),
      );
      const local = setCookies(await createBrowser(app).get('/signin'));
      expect(local.find((c) => c.name === 'tl_csrf')?.attributes).not.toContain('Secure');
      // The token is never stored: the sessions table holds its SHA-256 only.
      const rows = await db().prisma.webSession.findMany();
      expect(rows.some((r) => r.id === session?.value)).toBe(false);
    });

    it('refuses a form without a valid CSRF token (403) and changes nothing', async () => {
      const browser = createBrowser(app);
      const page = await browser.get('/signup');
      const fields = formFields(page.body, '/signup');
      const before = await db().prisma.account.count();
      const missing = await browser.post('/signup', { email: 'hal@example.com', lang: 'en' });
      expect(missing.statusCode).toBe(403);
      const forged = await browser.post('/signup', {
        ...fields,
        csrf: 'x'.repeat(43),
        email: 'hal@example.com',
      });
      expect(forged.statusCode).toBe(403);
      // Another browser's token does not fit this browser's cookie.
      const other = formFields((await createBrowser(app).get('/signup')).body, '/signup');
      const foreign = await browser.post('/signup', { ...other, email: 'hal@example.com' });
      expect(foreign.statusCode).toBe(403);
      expect(await db().prisma.account.count()).toBe(before);
      // Signing out needs the session's token too.
      const signOut = await signedIn.post('/signout', { lang: 'en' });
      expect(signOut.statusCode).toBe(403);
      expect((await signedIn.get('/dashboard')).statusCode).toBe(200);
    });

    it('limits sign-in attempts per e-mail address and per address (429 with Retry-After)', async () => {
      const attempt = (from: string, email: string) =>
        createBrowser(app, from).submit('/signin', '/signin', {
          email,
          password: 'wrong password!',
        });
      for (let i = 0; i < 5; i += 1) {
        expect((await attempt(`192.0.2.${i + 1}`, 'ivy@example.com')).statusCode).toBe(401);
      }
      const limited = await attempt('192.0.2.99', 'ivy@example.com');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

      for (let i = 0; i < 20; i += 1) {
        expect((await attempt('192.0.2.200', `u${i}@example.com`)).statusCode).toBe(401);
      }
      expect((await attempt('192.0.2.200', 'fresh@example.com')).statusCode).toBe(429);
      const signUp = await createBrowser(app, '192.0.2.200').submit('/signup', '/signup', {
        email: 'new@example.com',
      });
      expect(signUp.statusCode).toBe(429);
    });

    it('never takes the session cookie as a credential on /v1 or /graphql', async () => {
      const cookie = [...signedIn.jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const rest = await app.inject({ url: '/v1/football/matches', headers: { cookie } });
      expect(rest.statusCode).toBe(401);
      expect(rest.json().code).toBe('unauthorized');
      const graphql = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { cookie, 'content-type': 'application/json' },
        payload: { query: '{ usage { tier } }' },
      });
      const without = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload: { query: '{ usage { tier } }' },
      });
      expect(graphql.statusCode).toBe(without.statusCode);
      expect(graphql.json()).toEqual(without.json());
      // The key itself works there.
      const keyed = await app.inject({
        url: '/v1/football/matches',
        headers: { authorization: `Bearer ${apiKey}` },
      });
      expect(keyed.statusCode).toBe(200);
    });

    it('never takes an API key as a sign-in on /dashboard', async () => {
      for (const headers of [{ authorization: `Bearer ${apiKey}` }, { 'x-api-key': apiKey }]) {
        const res = await app.inject({ url: '/dashboard', headers });
        expect(res.statusCode).toBe(303);
        expect(res.headers.location).toBe('/signin?lang=en');
      }
    });

    it('serves the pages without scripts or other hosts, and outside any quota', async () => {
      const res = await createBrowser(app).get('/signin');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).not.toMatch(/<script|https?:\/\/(?!touchline)/);
      expect(res.headers['x-quota-remaining']).toBeUndefined();
    });
  },
);
