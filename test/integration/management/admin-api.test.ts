import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { describeEachDatabase } from '../../helpers/db.js';

const TOKEN = 'admin-token-for-tests-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

describeEachDatabase('admin API /admin/v1', ({ db }) => {
  let app: FastifyInstance;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    app = await buildTestApp(db(), { env: { ADMIN_TOKEN: TOKEN } });
  });
  afterAll(() => app.close());

  it('refuses a missing or wrong token with 401 problem+json', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: TOKEN }]) {
      const res = await app.inject({ method: 'GET', url: '/admin/v1/accounts/1', headers });
      expect(res.statusCode, res.body).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ code: 'unauthorized', status: 401 });
    }
  });

  it('is not mounted without ADMIN_TOKEN', async () => {
    const plain = await buildTestApp(db());
    const res = await plain.inject({ method: 'POST', url: '/admin/v1/accounts', headers: auth });
    expect(res.statusCode).toBe(404);
    await plain.close();
  });

  it('runs the key lifecycle end to end', async () => {
    const created = await call('POST', '/admin/v1/accounts', { tier: 'Plus', name: 'Acme' });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().data as { id: number };
    const key = await call('POST', `/admin/v1/accounts/${id}/keys`, { expires: '2030-01-01' });
    expect(key.statusCode, key.body).toBe(201);
    expect(key.json().data).toMatchObject({
      prefix: 'svc_live_',
      expiresAt: '2029-12-31T16:00:00.000Z',
    });
    const keyId = key.json().data.id as number;
    const again = await call('POST', `/admin/v1/accounts/${id}/keys`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('key_limit_reached');

    for (const entry of ['8.8.8.8', '1.1.1.0/24', '9.9.9.9']) {
      expect((await call('POST', `/admin/v1/keys/${keyId}/allowlist`, { entry })).statusCode).toBe(
        200,
      );
    }
    const full = await call('POST', `/admin/v1/keys/${keyId}/allowlist`, { entry: '4.4.4.4' });
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('allowlist_limit_reached');
    const bad = await call('POST', `/admin/v1/keys/${keyId}/allowlist`, { entry: '10.0.0.1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_parameter', parameter: 'entry' });
    const removed = await call('DELETE', `/admin/v1/keys/${keyId}/allowlist?entry=9.9.9.9`);
    expect(removed.json().data.entries).toEqual(['1.1.1.0/24', '8.8.8.8']);
    const removedBody = await call('DELETE', `/admin/v1/keys/${keyId}/allowlist`, {
      entry: '8.8.8.8',
    });
    expect(removedBody.json().data.entries).toEqual(['1.1.1.0/24']);
    expect((await call('GET', `/admin/v1/keys/${keyId}/allowlist`)).json().data.entries).toEqual([
      '1.1.1.0/24',
    ]);

    const replaced = await call('POST', `/admin/v1/accounts/${id}/keys/replace`);
    expect(replaced.statusCode, replaced.body).toBe(201);
    const account = await call('GET', `/admin/v1/accounts/${id}`);
    expect(account.statusCode).toBe(200);
    const data = account.json().data;
    expect(data).toMatchObject({
      id,
      name: 'Acme',
      subscription: { tier: 'Plus', status: 'active' },
    });
    expect(data.limits.dailyQuota).toBe(5000);
    expect(data.keys.map((k: { status: string }) => k.status)).toEqual(['active', 'revoked']);
    expect(account.body).not.toContain(replaced.json().data.key);

    const newKeyId = replaced.json().data.id as number;
    const revoked = await call('POST', `/admin/v1/keys/${newKeyId}/revoke`);
    expect(revoked.json().data.status).toBe('revoked');
    expect((await call('POST', '/admin/v1/keys/999999/revoke')).statusCode).toBe(404);
  });

  it('changes plans and prices, and reports usage', async () => {
    const { id } = (await call('POST', '/admin/v1/accounts', { tier: 'Free' })).json().data;
    const up = await call('POST', `/admin/v1/accounts/${id}/plan`, {
      action: 'upgrade',
      tier: 'Pro',
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data).toMatchObject({ tier: 'Pro', status: 'active' });
    const wrong = await call('POST', `/admin/v1/accounts/${id}/plan`, {
      action: 'upgrade',
      tier: 'Plus',
    });
    expect(wrong.json()).toMatchObject({ code: 'invalid_parameter', parameter: 'tier' });
    const noTier = await call('POST', `/admin/v1/accounts/${id}/plan`, { action: 'downgrade' });
    expect(noTier.json()).toMatchObject({ code: 'invalid_parameter', parameter: 'tier' });
    const cancel = await call('POST', `/admin/v1/accounts/${id}/plan`, { action: 'cancel' });
    expect(cancel.json().data.status).toBe('cancelled');

    const price = await call('POST', '/admin/v1/plans/plus-yearly/prices', {
      price: 1680,
      compareAtPrice: 1880,
    });
    expect(price.statusCode, price.body).toBe(201);
    expect(price.json().data).toMatchObject({ version: 2, discountPercent: 10.64 });
    expect((await call('POST', '/admin/v1/plans/nope/prices', { price: 1 })).statusCode).toBe(404);

    const usage = await call('GET', `/admin/v1/accounts/${id}/usage`);
    expect(usage.statusCode, usage.body).toBe(200);
    expect(usage.json().data).toMatchObject({ accountId: id, tier: 'Pro', quota: { used: 0 } });
  });

  it('validates bodies and path ids with 400 invalid_parameter naming the field', async () => {
    const cases: [string, string, object | undefined, string][] = [
      ['POST', '/admin/v1/accounts', { tier: 'Gold' }, 'tier'],
      ['POST', '/admin/v1/accounts', {}, 'tier'],
      ['GET', '/admin/v1/accounts/abc', undefined, 'id'],
      ['GET', '/admin/v1/accounts/0', undefined, 'id'],
      ['POST', '/admin/v1/accounts/1/keys', { expires: 'soon' }, 'expires'],
      ['POST', '/admin/v1/accounts/1/plan', { action: 'pause' }, 'action'],
      ['POST', '/admin/v1/plans/plus-monthly/prices', { price: -1 }, 'price'],
      [
        'POST',
        '/admin/v1/plans/plus-monthly/prices',
        { price: 10, compareAtPrice: 5 },
        'compareAtPrice',
      ],
      ['DELETE', '/admin/v1/keys/1/allowlist', undefined, 'entry'],
    ];
    for (const [method, url, body, parameter] of cases) {
      const res = await call(method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(400);
      expect(res.json(), `${method} ${url}`).toMatchObject({
        code: 'invalid_parameter',
        parameter,
      });
    }
    expect((await call('GET', '/admin/v1/accounts/999999')).statusCode).toBe(404);
  });
});
