import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { createBrowser, pathOf } from '../../helpers/web.js';

interface LogLine {
  msg?: string;
  mail?: { to: string; subject: string; link: string };
  req?: { url: string };
}

describeEachDatabase('account mail without SMTP_URL (development)', ({ db }) => {
  const lines: LogLine[] = [];
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    const logStream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
    app = await buildTestApp(db(), { env: { LOG_LEVEL: 'info' }, logStream });
  });
  afterAll(async () => {
    await app?.close();
  });

  const logged = async (to: string) => {
    for (let i = 0; i < 50; i += 1) {
      const line = lines.find((l) => l.mail?.to === to);
      if (line?.mail) {
        return line.mail;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no mail to ${to} in the log`);
  };

  it('writes the mail and its link to the log at info, and the link works', async () => {
    const browser = createBrowser(app);
    const res = await browser.submit('/signup', '/signup', { email: 'jo@example.com' });
    expect(res.statusCode).toBe(200);
    const mail = await logged('jo@example.com');
    expect(mail.subject).toBe('Confirm your e-mail address for touchline');
    expect(mail.link).toMatch(/^http:\/\/touchline\.test\/verify\?code=/);
    const verified = await browser.submit(pathOf(mail.link), '/verify');
    expect(verified.statusCode).toBe(303);
    expect((await browser.get('/dashboard')).body).toContain('jo@example.com');
  });

  it('never logs a request URL with the code in it, nor a password', async () => {
    const code = new URL((await logged('jo@example.com')).link).searchParams.get('code') ?? '';
    const requests = lines.filter((l) => l.req).map((l) => l.req?.url ?? '');
    expect(requests).toContain('/verify?code=[redacted]');
    expect(JSON.stringify(lines.filter((l) => !l.mail))).not.toContain(code);
    expect(JSON.stringify(lines)).not.toMatch(/password=/);
  });
});
