import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { type SmtpServer, startSmtpServer } from '../../helpers/smtp.js';
import { createBrowser, pathOf } from '../../helpers/web.js';

describeEachDatabase('sign-up, e-mail verification and password sign-in', ({ db }) => {
  let smtp: SmtpServer;
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildTestApp(db(), { env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('signs up, follows the mailed link, signs in by password and sees the Free plan', async () => {
    const browser = createBrowser(app);
    const password = 'correct horse battery';
    const signedUp = await browser.submit('/signup', '/signup', { email: ' Ann@Example.COM ' });
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    expect(signedUp.body).toContain('Check your e-mail');

    const mail = await smtp.mailTo('ann@example.com');
    expect(mail.subject).toBe('Confirm your e-mail address for touchline');
    expect(mail.link).toMatch(/^http:\/\/touchline\.test\/verify\?code=[A-Za-z0-9_-]{43}$/);

    const confirmPage = await browser.get(pathOf(mail.link));
    expect(confirmPage.statusCode).toBe(200);
    expect(confirmPage.body).toContain('ann@example.com');
    // The password is chosen here, by whoever holds the mailbox.
    const verified = await browser.submit(pathOf(mail.link), '/verify', { password });
    expect(verified.statusCode, verified.body).toBe(303);
    expect(verified.headers.location).toBe('/dashboard?lang=en');

    const dashboard = await browser.get('/dashboard');
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toContain('ann@example.com');
    expect(dashboard.body).toMatch(/<dt>Plan<\/dt><dd>Free<\/dd>/);
    expect(dashboard.body).toContain('No key yet.');

    const signedOut = await browser.submit('/dashboard', '/signout');
    expect(signedOut.statusCode).toBe(303);
    expect((await browser.get('/dashboard')).headers.location).toBe('/signin?lang=en');

    const signedIn = await browser.submit('/signin', '/signin', {
      email: 'ANN@example.com',
      password,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(303);
    const again = await browser.get('/dashboard');
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('ann@example.com');
  });

  it('creates the account through the accounts service: Free, owner e-mail verified once followed', async () => {
    const browser = createBrowser(app);
    await browser.submit('/signup', '/signup', { email: 'bo@example.com' });
    const list = await app.deps.services.accounts.listAccounts();
    const bo = list.find((a) => a.email === 'bo@example.com');
    expect(bo).toMatchObject({ tier: 'Free', emailVerifiedAt: null });
    const mail = await smtp.mailTo('bo@example.com');
    await browser.submit(pathOf(mail.link), '/verify');
    const account = await app.deps.services.accounts.getAccount(bo!.id);
    expect(account.emailVerifiedAt).not.toBeNull();
    const audit = await app.deps.services.audit.list(bo!.id);
    expect(audit.map((r) => r.action)).toEqual(['session.sign_in', 'owner.verify_email']);
    expect(audit[0]).toMatchObject({ actor: 'web:bo@example.com', address: '127.0.0.1' });
  });

  it('answers a known address exactly as a new one, and mails its owner a sign-in link instead', async () => {
    const fresh = await createBrowser(app).submit('/signup', '/signup', {
      email: 'cy@example.com',
    });
    const known = await createBrowser(app).submit('/signup', '/signup', {
      email: 'ann@example.com',
    });
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(known.body).toBe(fresh.body);
    const mail = await smtp.mailTo('ann@example.com', 1);
    expect(mail.subject).toBe('You already have a touchline account');
    expect(mail.link).toMatch(/\/signin\/link\?code=/);
  });

  it('refuses a bad address or a short password with the reason, status 400', async () => {
    const badEmail = await createBrowser(app).submit('/signup', '/signup', { email: 'not-mail' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.body).toContain('email must be one e-mail address');
    await createBrowser(app).submit('/signup', '/signup', { email: 'dee@example.com' });
    const link = pathOf((await smtp.mailTo('dee@example.com')).link);
    const short = await createBrowser(app).submit(link, '/verify', { password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('password must have 12 to 256 characters');
    // The link was not spent by the refusal.
    expect((await createBrowser(app).submit(link, '/verify')).statusCode).toBe(303);
  });

  it('refuses control characters in the address (400) and creates nothing', async () => {
    const before = await app.deps.services.accounts.listAccounts();
    for (const email of [
      'bel\u0007@example.com',
      'rlo\u202e@example.com',
      'esc\u001bc@example.com',
    ]) {
      const res = await createBrowser(app).submit('/signup', '/signup', { email });
      expect(res.statusCode, email).toBe(400);
      expect(res.body).toContain('email must be one e-mail address');
    }
    expect(await app.deps.services.accounts.listAccounts()).toHaveLength(before.length);
  });

  it('writes pages and mails in the chosen language', async () => {
    const browser = createBrowser(app);
    const page = await browser.get('/signup?lang=zh-HK');
    expect(page.headers['content-language']).toBe('zh-HK');
    expect(page.body).toContain('<html lang="zh-HK">');
    expect(page.body).toContain('建立帳戶');
    await browser.submit('/signup?lang=zh-HK', '/signup', { email: 'eve@example.com' });
    expect((await smtp.mailTo('eve@example.com')).subject).toBe('確認您的 touchline 電郵地址');
    const simplified = await createBrowser(app).get('/signin', {
      'accept-language': 'zh-CN,zh;q=0.9',
    });
    expect(simplified.body).toContain('<html lang="zh-CN">');
  });
});
