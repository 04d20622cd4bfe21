import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { recordAudit } from '../../../src/accounts/audit.js';
import { buildTestApp } from '../../helpers/app.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { createBrowser } from '../../helpers/web.js';

const TOKEN = 'admin-token-for-tests-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

describeEachDatabase('admin API: owner e-mail and audit records', ({ db }) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(db(), { env: { ADMIN_TOKEN: TOKEN, LOG_LEVEL: 'silent' } });
  });
  afterAll(() => app.close());

  it('shows the owner e-mail a sign-up gave, unverified, and the audit trail of the account', async () => {
    await createBrowser(app).submit('/signup', '/signup', { email: 'max@example.com' });
    const account = await db().prisma.account.findUniqueOrThrow({
      where: { email: 'max@example.com' },
    });
    const shown = await app.inject({ url: `/admin/v1/accounts/${account.id}`, headers: auth });
    expect(shown.json().data).toMatchObject({
      email: 'max@example.com',
      emailVerifiedAt: null,
      subscription: { tier: 'Free' },
    });
    const audit = await app.inject({
      url: `/admin/v1/accounts/${account.id}/audit`,
      headers: auth,
    });
    expect(audit.statusCode).toBe(200);
    expect(audit.json()).toEqual({ data: [] });
    // What the dashboard and billing will write, in the change's own transaction.
    await db().prisma.$transaction(async (tx) => {
      await recordAudit(tx, {
        accountId: account.id,
        actor: 'web:max@example.com',
        action: 'allowlist.add',
        detail: { keyId: 1, entry: '203.0.113.0/24' },
        address: '198.51.100.4',
      });
      await recordAudit(tx, {
        accountId: account.id,
        actor: 'admin-api',
        action: 'plan.upgrade',
        detail: { tier: 'Plus' },
        address: null,
      });
    });
    const listed = await app.inject({
      url: `/admin/v1/accounts/${account.id}/audit`,
      headers: auth,
    });
    expect(listed.json().data).toMatchObject([
      { actor: 'admin-api', action: 'plan.upgrade', detail: { tier: 'Plus' }, address: null },
      {
        actor: 'web:max@example.com',
        action: 'allowlist.add',
        detail: { keyId: 1, entry: '203.0.113.0/24' },
        address: '198.51.100.4',
      },
    ]);
    const missing = await app.inject({ url: '/admin/v1/accounts/999999/audit', headers: auth });
    expect(missing.statusCode).toBe(404);
  });
});
