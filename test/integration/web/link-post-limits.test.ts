import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { hashPassword } from '../../../src/accounts/password-hash.js';
import { SIGN_IN_LIMITS } from '../../../src/counters/sign-in-limits.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { createBrowser, formFields } from '../../helpers/web.js';
import { type DashboardFixture, dashboardFixture } from './dashboard-setup.js';

// The real hash, counted: the refusals below must come before any of its 32 MiB of work.
vi.mock('../../../src/accounts/password-hash.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/accounts/password-hash.js')>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

describeEachDatabase('POST of a mailed link: the code first, then the sign-in limits', ({ db }) => {
  let f: DashboardFixture;
  beforeAll(async () => {
    f = await dashboardFixture(db());
  });
  afterAll(() => f?.close());

  /** A signed-out browser with a CSRF token (any form's: it is bound to the browser's cookie). */
  async function visitor(address: string) {
    const browser = createBrowser(f.app, address);
    const fields = formFields((await browser.get('/signin')).body, '/signin');
    return {
      post: (path: string, extra: Record<string, string>) =>
        browser.post(path, { ...fields, ...extra }),
    };
  }

  it('refuses a wrong invitation code without hashing the password', async () => {
    vi.mocked(hashPassword).mockClear();
    const guesser = await visitor('198.51.100.20');
    const res = await guesser.post('/invite', { code: 'A'.repeat(43), password: 'a'.repeat(256) });
    expect(res.statusCode, res.body).toBe(400);
    expect(hashPassword).not.toHaveBeenCalled();
  });

  it('counts link POSTs on the sign-in limit of the address; other clients are still answered', async () => {
    const guesser = await visitor('198.51.100.21');
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_IN_LIMITS.perAddress; i += 1) {
      statuses.push((await guesser.post('/invite', { code: 'B'.repeat(43) })).statusCode);
    }
    expect(statuses.slice(0, SIGN_IN_LIMITS.perAddress).every((s) => s === 400)).toBe(true);
    const refused = await guesser.post('/invite', {
      code: 'B'.repeat(43),
      password: 'x'.repeat(20),
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    const other = await visitor('198.51.100.22');
    expect((await other.post('/invite', { code: 'C'.repeat(43) })).statusCode).toBe(400);
  });
});
