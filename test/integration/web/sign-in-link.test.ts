import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { type SmtpServer, startSmtpServer } from '../../helpers/smtp.js';
import { createBrowser, pathOf } from '../../helpers/web.js';

describeEachDatabase('sign-in by e-mailed link; no account enumeration', ({ db }) => {
  let smtp: SmtpServer;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  const clock = createFakeClock('2026-11-27T10:00:00.000Z');
  const password = 'a long enough password';

  /** A verified owner with a password, made through the pages. */
  async function owner(email: string) {
    const browser = createBrowser(app);
    await browser.submit('/signup', '/signup', { email, password });
    const mail = await smtp.mailTo(email);
    await browser.submit(pathOf(mail.link), '/verify');
    return browser;
  }

  const askLink = (email: string) =>
    createBrowser(app).submit('/signin', '/signin', { method: 'link', email });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildTestApp(db(), { env: { SMTP_URL: smtp.url }, clock });
    await owner('fay@example.com');
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('signs in once with a link; the second use of the same link fails', async () => {
    const asked = await askLink('fay@example.com');
    expect(asked.statusCode).toBe(200);
    const mail = await smtp.mailTo('fay@example.com', 1);
    expect(mail.subject).toBe('Your touchline sign-in link');
    const browser = createBrowser(app);
    const first = await browser.submit(pathOf(mail.link), '/signin/link');
    expect(first.statusCode, first.body).toBe(303);
    expect((await browser.get('/dashboard')).body).toContain('fay@example.com');

    const replay = createBrowser(app);
    const shown = await replay.get(pathOf(mail.link));
    expect(shown.statusCode).toBe(400);
    expect(shown.body).toContain('This link cannot be used');
    // Posting the spent code directly (with a valid form token) is refused too.
    const page = await replay.get('/signin');
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const code = new URL(mail.link!).searchParams.get('code') ?? '';
    const again = await replay.post('/signin/link', { csrf, code, lang: 'en' });
    expect(again.statusCode).toBe(400);
    expect(replay.jar.has('tl_session')).toBe(false);
  });

  it('expires a link after 15 minutes', async () => {
    await askLink('fay@example.com');
    const mail = await smtp.mailTo('fay@example.com', 2);
    clock.advance(15 * 60_000 + 1000);
    const late = createBrowser(app);
    expect((await late.get(pathOf(mail.link))).statusCode).toBe(400);
    expect(late.jar.has('tl_session')).toBe(false);
  });

  it('answers a link request for an unknown address exactly as for a known one, and mails nobody', async () => {
    const before = smtp.mails.length;
    const known = await askLink('fay@example.com');
    const unknown = await askLink('nobody@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await smtp.mailTo('fay@example.com', 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.slice(before).flatMap((m) => m.to)).toEqual(['fay@example.com']);
  });

  it('answers a wrong password exactly as an unknown address', async () => {
    const wrong = await createBrowser(app).submit('/signin', '/signin', {
      email: 'fay@example.com',
      password: 'not the password at all',
    });
    const unknown = await createBrowser(app).submit('/signin', '/signin', {
      email: 'nobody@example.com',
      password: 'not the password at all',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const strip = (html: string) => html.replace(/value="[^"]*"/g, '');
    expect(strip(unknown.body).replace('nobody@', 'fay@')).toBe(strip(wrong.body));
    expect(wrong.body).toContain('That e-mail and password do not match a confirmed account.');
  });
});
