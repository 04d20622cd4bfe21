import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/db.js';
import { createBrowser, formFields, pathOf, setCookies } from '../../helpers/web.js';
import { type DashboardFixture, dashboardFixture } from './dashboard-setup.js';

/** A value an attacker chose, planted as the victim's cookie from a sibling subdomain. */
const PLANTED = 'P'.repeat(43);

describeEachDatabase(
  'CSRF tokens: bound to the session, cookies that cannot be planted',
  ({ db }) => {
    let f: DashboardFixture;
    let https: DashboardFixture;
    beforeAll(async () => {
      f = await dashboardFixture(db());
      https = await dashboardFixture(db(), { env: { BASE_URL: 'https://touchline.test' } });
    });
    afterAll(async () => {
      await f?.close();
      await https?.close();
    });

    /** The token the server gives a browser whose `tl_csrf` cookie is `value` (the attacker's). */
    async function tokenFor(fixture: DashboardFixture, cookie: string, value: string) {
      const attacker = createBrowser(fixture.app, '198.51.100.80');
      attacker.jar.set(cookie, value);
      return formFields((await attacker.get('/signin')).body, '/signin')['csrf'] ?? '';
    }

    it('a signed-in form refuses a token made for a planted tl_csrf cookie', async () => {
      const victim = await f.signUp('vera@example.com');
      const accountId = await f.accountIdOf('vera@example.com');
      const token = await tokenFor(f, 'tl_csrf', PLANTED);
      victim.jar.set('tl_csrf', PLANTED);
      const forged = await victim.post('/dashboard/key', { csrf: token, lang: 'en' });
      expect(forged.statusCode, forged.body).toBe(403);
      expect(await f.app.deps.services.keys.listKeys(accountId)).toHaveLength(0);
    });

    it('does not sign a cookie value it did not make: a stranger one is replaced', async () => {
      const browser = createBrowser(f.app);
      browser.jar.set('tl_csrf', 'chosen-by-someone-else');
      const page = await browser.get('/signin');
      const fresh = setCookies(page).find((c) => c.name === 'tl_csrf');
      expect(fresh?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const res = await browser.post('/signin', {
        ...formFields(page.body, '/signin'),
        method: 'link',
        email: 'nobody@example.com',
      });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('with an https BASE_URL the cookies are __Host- ones; a plain tl_csrf is not read', async () => {
      const browser = createBrowser(https.app, '203.0.113.50');
      const page = await browser.get('/signup');
      const csrf = setCookies(page).find((c) => c.name === '__Host-tl_csrf');
      expect(csrf?.attributes).toEqual(expect.arrayContaining(['Path=/', 'Secure']));
      expect(csrf?.attributes.some((a) => a.startsWith('Domain'))).toBe(false);
      await browser.post('/signup', {
        ...formFields(page.body, '/signup'),
        email: 'hugo@example.com',
      });
      const mail = await https.smtp.mailTo('hugo@example.com');
      const verified = await browser.submit(pathOf(mail.link), '/verify');
      expect(verified.statusCode, verified.body).toBe(303);
      expect(setCookies(verified).map((c) => c.name)).toContain('__Host-tl_session');

      // What a sibling subdomain can plant: a cookie without the prefix. It signs nothing.
      const token = await tokenFor(https, 'tl_csrf', PLANTED);
      const victim = createBrowser(https.app, '203.0.113.51');
      victim.jar.set('tl_csrf', PLANTED);
      const forged = await victim.post('/signup', {
        csrf: token,
        lang: 'en',
        email: 'x@example.com',
      });
      expect(forged.statusCode).toBe(403);
    });
  },
);
