import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/db/database.js';
import { buildTestApp } from '../../helpers/app.js';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../helpers/db.js';
import { embeddedEnv, ROOT } from '../../helpers/embedded-cli.js';
import { type SmtpServer, startSmtpServer } from '../../helpers/smtp.js';
import { createBrowser, pathOf } from '../../helpers/web.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The operator's side of web accounts, as a user runs `touchline`: invite an owner (the mail
 * arrives at a real local SMTP server), see who owns what and the audit trail; the invited
 * owner follows the link in the app over the same database.
 */
for (const kind of ['pglite', 'postgres'] as const) {
  const suite = kind === 'postgres' && !TEST_DATABASE_URL ? describe.skip : describe;
  suite(`touchline accounts invite|list|show and audit [${kind}]`, () => {
    let smtp: SmtpServer;
    let dataDir = '';
    let postgres: TestDatabase | undefined;
    const touchline = (...args: string[]) =>
      new Promise<Run>((resolve) => {
        // embeddedEnv drops DATABASE_URL; the PostgreSQL half puts its own back.
        const env = {
          ...embeddedEnv(dataDir, { SMTP_URL: smtp.url, BASE_URL: 'http://touchline.test' }),
          ...(postgres?.url ? { DATABASE_URL: postgres.url } : {}),
        };
        execFile(
          process.execPath,
          ['--import', 'tsx', 'app/main.ts', ...args],
          { cwd: ROOT, env, timeout: 120_000 },
          (error, stdout, stderr) =>
            resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
        );
      });
    const json = (run: Run) => JSON.parse(run.stdout) as Record<string, unknown>;
    /** The app over the CLI's database while no command holds it. */
    async function withApp<T>(fn: (app: Awaited<ReturnType<typeof buildTestApp>>) => Promise<T>) {
      const database = postgres ?? (await openDatabase({ dataDir }));
      const app = await buildTestApp(database, { env: { SMTP_URL: smtp.url } });
      try {
        return await fn(app);
      } finally {
        await app.close();
        if (!postgres) {
          await database.close();
        }
      }
    }

    beforeAll(async () => {
      smtp = await startSmtpServer();
      dataDir = await mkdtemp(join(tmpdir(), 'touchline-owner-cli-'));
      if (kind === 'postgres') {
        postgres = await createTestDatabase('postgres');
      }
    }, 120_000);
    afterAll(async () => {
      await postgres?.close();
      await smtp?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('invites an owner who sets a password through the link; list, show and audit say so', async () => {
      const created = await touchline('accounts', 'create', '--tier', 'Plus', '--json');
      expect(created.code, created.stderr).toBe(0);
      const id = String(json(created)['id']);

      const bad = await touchline('accounts', 'invite', '--account', id, '--email', 'no-at-sign');
      expect(bad.code).toBe(2);
      expect(bad.stderr.trim().split('\n')).toHaveLength(1);
      expect(bad.stderr).toContain('--email must be one e-mail address');
      const missing = await touchline(
        'accounts',
        'invite',
        '--account',
        '999',
        '--email',
        'a@b.io',
      );
      expect(missing.code).toBe(1);
      expect(missing.stderr.trim()).toBe('touchline: No account 999');

      const invited = await touchline(
        'accounts',
        'invite',
        '--account',
        id,
        '--email',
        'Lee@Example.com',
        '--json',
      );
      expect(invited.code, invited.stderr).toBe(0);
      expect(json(invited)).toEqual({
        accountId: Number(id),
        email: 'lee@example.com',
        sent: true,
      });
      const mail = await smtp.mailTo('lee@example.com');
      expect(mail.subject).toBe('You are invited to manage a touchline account');

      await withApp(async (app) => {
        const browser = createBrowser(app);
        const accepted = await browser.submit(pathOf(mail.link), '/invite', {
          password: 'invited owner password',
        });
        expect(accepted.statusCode, accepted.body).toBe(303);
        const dashboard = await browser.get('/dashboard');
        expect(dashboard.body).toMatch(/<dt>Plan<\/dt><dd>Plus<\/dd>/);
        const again = await createBrowser(app).submit('/signin', '/signin', {
          email: 'lee@example.com',
          password: 'invited owner password',
        });
        expect(again.statusCode).toBe(303);
      });

      const shown = json(await touchline('accounts', 'show', '--account', id, '--json'));
      expect(shown).toMatchObject({ id: Number(id), email: 'lee@example.com' });
      expect(shown['emailVerifiedAt']).toEqual(expect.any(String));
      const listed = await touchline('accounts', 'list');
      expect(listed.stdout).toMatch(
        new RegExp(`^${id}\\s+Plus\\s+lee@example.com \\(verified\\)`, 'm'),
      );

      const audit = json(await touchline('audit', '--account', id, '--json')) as unknown as {
        actor: string;
        action: string;
      }[];
      expect(audit.map((r) => `${r.actor} ${r.action}`)).toEqual([
        'web:lee@example.com session.sign_in',
        'web:lee@example.com session.sign_in',
        'web:lee@example.com owner.invite',
        'cli owner.invite',
      ]);
    }, 180_000);

    it('refuses control characters in --email; list escapes any stored before the check', async () => {
      const raw = /(?![\n\t])\p{C}/u;
      const bad = await touchline(
        'accounts',
        'create',
        '--tier',
        'Free',
        '--email',
        'ann\u0007\u202e@example.com',
      );
      expect(bad.code).not.toBe(0);
      expect(bad.stderr.trim().split('\n')).toHaveLength(1);
      expect(bad.stderr).toContain('email must be one e-mail address');
      expect(raw.test(bad.stderr)).toBe(false);

      const created = await touchline('accounts', 'create', '--tier', 'Free', '--json');
      const id = Number(json(created)['id']);
      const stored = 'old\u0007\u001bc\b\u007f\u202e@example.com';
      await withApp((app) =>
        app.deps.database.prisma.account.update({ where: { id }, data: { email: stored } }),
      );
      const listed = await touchline('accounts', 'list');
      expect(listed.code, listed.stderr).toBe(0);
      expect(raw.test(listed.stdout)).toBe(false);
      expect(listed.stdout).toContain('old\\x07\\x1Bc\\x08\\x7F\\u{202E}@example.com');
      const asJson = await touchline('accounts', 'list', '--json');
      expect(raw.test(asJson.stdout)).toBe(false);
      const accounts = JSON.parse(asJson.stdout) as { id: number; email: string }[];
      expect(accounts.find((a) => a.id === id)?.email).toBe(stored);
    }, 180_000);
  });
}
