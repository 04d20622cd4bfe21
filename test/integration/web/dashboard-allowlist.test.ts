import { afterAll, beforeAll, expect, it } from 'vitest';
import { listAudit } from '../../../src/accounts/audit.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { type Browser, formFields } from '../../helpers/web.js';
import { type DashboardFixture, dashboardFixture } from './dashboard-setup.js';

describeEachDatabase('dashboard: the allowlist', ({ db }) => {
  let f: DashboardFixture;
  let owner: Browser;
  let key: string;
  let accountId: number;
  beforeAll(async () => {
    f = await dashboardFixture(db());
    owner = await f.signUp('ana@example.com');
    key = f.keyOn((await f.submitOnDashboard(owner, '/dashboard/key')).body);
    accountId = await f.accountIdOf('ana@example.com');
  });
  afterAll(() => f?.close());

  const entries = async () =>
    (await f.app.deps.services.keys.listKeys(accountId))[0]?.allowlist ?? [];

  it('adds an entry: /v1 refuses other addresses at once, and the operator sees it', async () => {
    expect((await f.callApi(key, '1.1.1.1')).statusCode).toBe(200);
    const added = await f.submitOnDashboard(owner, '/dashboard/allowlist/add', {
      entry: '8.8.8.9/24',
    });
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe('/dashboard?lang=en&notice=allowlist');
    const page = await owner.get(added.headers.location as string);
    expect(page.body).toContain('Saved. The change applies within 60 seconds.');
    expect(page.body).toContain('<code>8.8.8.0/24</code>');
    expect(await entries()).toEqual(['8.8.8.0/24']);
    // The change event reached this instance's key cache: no wait for the clock.
    const refused = await f.callApi(key, '1.1.1.1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ip_not_allowed');
    expect((await f.callApi(key, '8.8.8.200')).statusCode).toBe(200);
    const [record] = await listAudit(db().prisma, { accountId });
    expect(record).toMatchObject({
      actor: 'web:ana@example.com',
      action: 'allowlist.add',
      address: '203.0.113.7',
      detail: { entry: '8.8.8.0/24' },
    });
  });

  it('gives the form back with the parser reason (400) and writes nothing', async () => {
    const before = await listAudit(db().prisma, { accountId });
    for (const [entry, reason] of [
      ['192.168.1.1', 'is a private address'],
      ['not an address', 'Allowlist entry'],
      ['9.9.0.0/16', '/24'],
    ]) {
      const res = await f.submitOnDashboard(owner, '/dashboard/allowlist/add', { entry: entry! });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('class="error"');
      expect(res.body).toContain(reason);
    }
    expect(await entries()).toEqual(['8.8.8.0/24']);
    expect(await listAudit(db().prisma, { accountId })).toEqual(before);
  });

  it("stops at the tier's limit (409 with the reason; the add form gives way)", async () => {
    await f.submitOnDashboard(owner, '/dashboard/allowlist/add', { entry: '1.0.0.1' });
    const third = await f.submitOnDashboard(owner, '/dashboard/allowlist/add', {
      entry: '2606:4700::/48',
    });
    expect(third.statusCode).toBe(303);
    const full = await owner.get('/dashboard');
    expect(full.body).toContain('The list is full: your plan allows 3 entries per key.');
    expect(full.body).not.toContain('action="/dashboard/allowlist/add"');
    // A form shown before the list filled up is refused by the service itself.
    const late = await owner.post('/dashboard/allowlist/add', {
      ...formFields((await owner.get('/dashboard')).body, '/dashboard/allowlist/remove'),
      entry: '1.0.0.2',
    });
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('your plan allows 3 entries per key');
    expect(await entries()).toHaveLength(3);
  });

  it('removes entries (audited); without entries the key works from anywhere again', async () => {
    for (const entry of ['1.0.0.1', '2606:4700::/48', '8.8.8.0/24']) {
      const res = await f.submitOnDashboard(owner, '/dashboard/allowlist/remove', { entry });
      expect(res.statusCode).toBe(303);
    }
    expect(await entries()).toEqual([]);
    expect((await f.callApi(key, '1.1.1.1')).statusCode).toBe(200);
    const [record] = await listAudit(db().prisma, { accountId });
    expect(record).toMatchObject({ action: 'allowlist.remove', detail: { entry: '8.8.8.0/24' } });
    const absent = await f.submitOnDashboard(owner, '/dashboard/allowlist/add', {});
    expect(absent.statusCode).toBe(400);
    const gone = await owner.post('/dashboard/allowlist/remove', {
      ...formFields((await owner.get('/dashboard')).body, '/dashboard/allowlist/add'),
      entry: '8.8.8.0/24',
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('That entry is not on the list.');
  });

  it('asks for a key first', async () => {
    const keyless = await f.signUp('bo@example.com');
    const page = await keyless.get('/dashboard');
    expect(page.body).toContain('Create a key first: the allowlist belongs to it.');
    expect(page.body).not.toContain('action="/dashboard/allowlist/add"');
    const res = await keyless.post('/dashboard/allowlist/add', {
      ...formFields(page.body, '/dashboard/key'),
      entry: '8.8.8.8',
    });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('Create a key first');
  });
});
