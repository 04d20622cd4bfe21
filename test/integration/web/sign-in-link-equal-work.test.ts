import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../helpers/db.js';
import { createBrowser } from '../../helpers/web.js';
import { type DashboardFixture, dashboardFixture } from './dashboard-setup.js';

describeEachDatabase(
  'sign-in link requests: the same work for known and unknown addresses',
  ({ db }) => {
    let f: DashboardFixture;
    beforeAll(async () => {
      f = await dashboardFixture(db());
      await f.signUp('kim@example.com');
    });
    afterAll(() => f?.close());

    it('answers both before looking the address up, and queues the same lookup for both', async () => {
      const webAccounts = f.app.deps.services.webAccounts;
      const real = webAccounts.requestSignInLink.bind(webAccounts);
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      // The lookup waits until both answers are in: a route that waited for it would not answer.
      const lookup = vi
        .spyOn(webAccounts, 'requestSignInLink')
        .mockImplementation(async (email) => {
          await held;
          return real(email);
        });
      try {
        const ask = (email: string) =>
          createBrowser(f.app, '203.0.113.60').submit('/signin', '/signin', {
            method: 'link',
            email,
          });
        const [known, unknown] = await Promise.all([
          ask('Kim@Example.com'),
          ask('nobody-here@example.com'),
        ]);
        expect(known.statusCode, known.body).toBe(200);
        expect(unknown.statusCode).toBe(known.statusCode);
        expect(unknown.body).toBe(known.body);
        await vi.waitFor(() => expect(lookup).toHaveBeenCalledTimes(2));
        expect(lookup.mock.calls.map(([email]) => email).sort()).toEqual([
          'kim@example.com',
          'nobody-here@example.com',
        ]);
      } finally {
        release();
        lookup.mockRestore();
      }
      // Only the known address gets a mail, after the answer.
      const mail = await f.smtp.mailTo('kim@example.com', 1);
      expect(mail.link).toMatch(/\/signin\/link\?code=/);
    });

    it('still refuses a malformed address at once, with the reason (400)', async () => {
      const res = await createBrowser(f.app).submit('/signin', '/signin', {
        method: 'link',
        email: 'not-mail',
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('email must be one e-mail address');
    });
  },
);
