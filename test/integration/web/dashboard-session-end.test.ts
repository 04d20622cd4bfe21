import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/db.js';
import { formFields } from '../../helpers/web.js';
import { type DashboardFixture, dashboardFixture } from './dashboard-setup.js';

describeEachDatabase('dashboard: a session ended elsewhere', ({ db }) => {
  let f: DashboardFixture;
  beforeAll(async () => {
    f = await dashboardFixture(db());
  });
  afterAll(() => f?.close());

  it('may still show the page for a few seconds, but changes nothing', async () => {
    const owner = await f.signUp('ivy@example.com');
    const shown = await owner.get('/dashboard');
    expect(shown.statusCode).toBe(200);
    const accountId = await f.accountIdOf('ivy@example.com');
    // What signing out on another instance does: the session's row is gone.
    await db().prisma.webSession.deleteMany({ where: { accountId } });

    const stale = await owner.post('/dashboard/key', formFields(shown.body, '/dashboard/key'));
    expect(stale.statusCode).not.toBe(200);
    expect(stale.body).not.toContain('svc_live_');
    expect(await f.app.deps.services.keys.listKeys(accountId)).toHaveLength(0);
  });
});
