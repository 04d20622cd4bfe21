import { afterAll, beforeAll, expect, it } from 'vitest';
import { listAudit } from '../../../src/accounts/audit.js';
import { READ_CACHE_MS } from '../../../src/web/read-cache.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { createBrowser, formFields } from '../../helpers/web.js';
import { type DashboardFixture, dashboardFixture } from './dashboard-setup.js';

describeEachDatabase('dashboard: the key', ({ db }) => {
  let f: DashboardFixture;
  beforeAll(async () => {
    f = await dashboardFixture(db());
  });
  afterAll(() => f?.close());

  it('creates the first key, shows it once (no-store) and lists its prefix and hint', async () => {
    const owner = await f.signUp('kim@example.com');
    const before = await owner.get('/dashboard');
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.body).toContain('No key yet.');

    const created = await f.submitOnDashboard(owner, '/dashboard/key');
    expect(created.statusCode).toBe(200);
    expect(created.headers['cache-control']).toBe('no-store');
    expect(created.body).toContain('it will not be shown again');
    const key = f.keyOn(created.body);
    expect(key).toMatch(/^svc_live_/);
    expect((await f.callApi(key)).statusCode).toBe(200);

    const after = await owner.get('/dashboard');
    expect(after.body).toContain(`svc_live_...${key.slice(-4)}`);
    expect(after.body).toContain('(active)');
    expect(after.body).toMatch(/<dt>Created<\/dt><dd>\d{4}-\d{2}-\d{2} \(HKT\)<\/dd>/);
    expect(after.body).not.toContain(key);
    // The operator sees the same key, and who made it from where.
    const accountId = await f.accountIdOf('kim@example.com');
    const [view] = await f.app.deps.services.keys.listKeys(accountId);
    expect(view?.hint).toBe(key.slice(-4));
    const [record] = await listAudit(db().prisma, { accountId });
    expect(record).toMatchObject({
      actor: 'web:kim@example.com',
      action: 'key.create',
      address: '203.0.113.7',
      detail: { keyId: view?.id, prefix: 'svc_live_', hint: key.slice(-4), expiresAt: null },
    });
    expect(JSON.stringify(record)).not.toContain(key);
  });

  it('refuses a second key (409, the reason on the page) and creates nothing', async () => {
    const owner = await f.signUp('lee@example.com');
    const stale = await owner.get('/dashboard');
    await f.submitOnDashboard(owner, '/dashboard/key');
    const again = await owner.post('/dashboard/key', formFields(stale.body, '/dashboard/key'));
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('This account already holds a key: replace it instead.');
    expect(again.body).not.toMatch(/at .*\.js:\d+/);
    const accountId = await f.accountIdOf('lee@example.com');
    expect(await f.app.deps.services.keys.listKeys(accountId)).toHaveLength(1);
  });

  it('replaces the key only when confirmed: the old one stops at once, the list moves', async () => {
    const owner = await f.signUp('mo@example.com');
    const old = f.keyOn((await f.submitOnDashboard(owner, '/dashboard/key')).body);
    await f.submitOnDashboard(owner, '/dashboard/allowlist/add', { entry: '8.8.8.0/24' });

    const unconfirmed = await f.submitOnDashboard(owner, '/dashboard/key/replace');
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.body).toContain('Tick the box to confirm');
    expect((await f.callApi(old, '8.8.8.8')).statusCode).toBe(200);

    const replaced = await f.submitOnDashboard(owner, '/dashboard/key/replace', {
      confirm: 'yes',
    });
    expect(replaced.statusCode).toBe(200);
    const fresh = f.keyOn(replaced.body);
    expect(fresh).toMatch(/^svc_live_/);
    expect(fresh).not.toBe(old);
    expect((await f.callApi(old, '8.8.8.8')).statusCode).toBe(401);
    expect((await f.callApi(fresh, '8.8.8.8')).statusCode).toBe(200);

    const accountId = await f.accountIdOf('mo@example.com');
    const keys = await f.app.deps.services.keys.listKeys(accountId);
    expect(keys.map((k) => k.status)).toEqual(['active', 'revoked']);
    expect(keys[0]?.allowlist).toEqual(['8.8.8.0/24']);
    const [record] = await listAudit(db().prisma, { accountId });
    expect(record).toMatchObject({
      action: 'key.replace',
      detail: { keyId: keys[0]?.id, replacedKeyId: keys[1]?.id },
    });
  });

  it('takes an expiry date, lists it, and refuses a bad one with the reason (400)', async () => {
    const owner = await f.signUp('ned@example.com');
    const bad = await f.submitOnDashboard(owner, '/dashboard/key', { expires: '2026-11-27' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('expires must be after today (2026-11-27, Hong Kong)');
    const accountId = await f.accountIdOf('ned@example.com');
    expect(await f.app.deps.services.keys.listKeys(accountId)).toEqual([]);

    const good = await f.submitOnDashboard(owner, '/dashboard/key', { expires: '2027-01-31' });
    expect(good.statusCode).toBe(200);
    const page = await owner.get('/dashboard');
    expect(page.body).toContain('<dt>Expires</dt><dd>2027-01-31 (HKT)</dd>');
  });

  it('acts on the session account only; needs a session and a CSRF token', async () => {
    const owner = await f.signUp('ola@example.com');
    const other = await f.accountIdOf('kim@example.com');
    const created = await f.submitOnDashboard(owner, '/dashboard/key', {
      accountId: String(other),
    });
    expect(created.statusCode).toBe(200);
    const mine = await f.accountIdOf('ola@example.com');
    expect(await f.app.deps.services.keys.listKeys(mine)).toHaveLength(1);
    expect(await f.app.deps.services.keys.listKeys(other)).toHaveLength(1);

    const forged = await owner.post('/dashboard/key/replace', { confirm: 'yes', lang: 'en' });
    expect(forged.statusCode).toBe(403);
    const anonymous = await createBrowser(f.app).post('/dashboard/key', { lang: 'en' });
    expect(anonymous.statusCode).toBe(303);
    expect(anonymous.headers.location).toBe('/signin?lang=en');
    expect(await f.app.deps.services.keys.listKeys(mine)).toHaveLength(1);
  });

  it("shows the operator's changes: at once after their event, else within seconds", async () => {
    const owner = await f.signUp('quinn@example.com');
    const accountId = await f.accountIdOf('quinn@example.com');
    expect((await owner.get('/dashboard')).body).toContain('No key yet.');
    // A new key has no event (nothing cached it yet): the page shows it within READ_CACHE_MS.
    const created = await f.app.deps.services.keys.createKey(accountId);
    f.clock.advance(READ_CACHE_MS + 1);
    expect((await owner.get('/dashboard')).body).toContain(`...${created.key.slice(-4)}`);
    // A replacement revokes the old key: its event empties the cache at once.
    const replaced = await f.app.deps.services.keys.replaceKey(accountId);
    expect((await owner.get('/dashboard')).body).toContain(`...${replaced.key.slice(-4)}`);
    // Signing out forgets the session at once.
    await f.submitOnDashboard(owner, '/signout');
    expect((await owner.get('/dashboard')).statusCode).toBe(303);
  });

  it('speaks simplified and traditional Chinese', async () => {
    const owner = await f.signUp('pat@example.com');
    expect((await owner.get('/dashboard?lang=zh-CN')).body).toContain('创建我的密钥');
    expect((await owner.get('/dashboard?lang=zh-HK')).body).toContain('建立我的金鑰');
    const created = await owner.get('/dashboard', { 'accept-language': 'zh-TW' });
    expect(created.body).toContain('IP 白名單');
  });
});
