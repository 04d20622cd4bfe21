import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Deps } from '../../../src/deps.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';

const TOKEN = 'admin-token-for-tests-0123456789';

describeEachDatabase('admin API: usage history', ({ db }) => {
  const clock = createFakeClock('2026-11-22T10:30:15.000Z');
  let app: FastifyInstance & { deps: Deps };
  const admin = (url: string) =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${TOKEN}` } });

  beforeAll(async () => {
    app = await buildTestApp(db(), { clock, env: { ADMIN_TOKEN: TOKEN } });
  });
  afterAll(() => app.close());

  it('serves what the /v1 requests recorded, as `touchline usage --days` and `--minutes` do', async () => {
    const { key, accountId } = await createAccountWithKey(db(), 'Plus');
    const get = (path: string) =>
      app.inject({ url: `/v1/football${path}`, headers: { authorization: `Bearer ${key}` } });
    expect((await get('/odds/bookmakers')).statusCode).toBe(200);
    expect((await get('/matches?date=2026-11-22')).statusCode).toBe(200);
    expect((await get('/matches?page=0')).statusCode).toBe(400);

    // Today's daily figures come from the live counters, before any flush.
    const daily = await admin(`/admin/v1/accounts/${accountId}/usage/daily?days=2`);
    expect(daily.statusCode, daily.body).toBe(200);
    expect(daily.json().data).toEqual({
      accountId,
      tier: 'Plus',
      quota: 5000,
      freeMatchesQuota: 500,
      todaySource: 'counters',
      days: [
        { day: '2026-11-21', plan: 0, freeMatches: 0 },
        { day: '2026-11-22', plan: 1, freeMatches: 1 },
      ],
    });
    const month = await admin(`/admin/v1/accounts/${accountId}/usage/daily`);
    expect(month.json().data.days).toHaveLength(30);

    // Minutes are what the recorder has written (every few seconds).
    await app.deps.access.usage.flush();
    const minutes = await admin(`/admin/v1/accounts/${accountId}/usage/minutes`);
    expect(minutes.statusCode, minutes.body).toBe(200);
    expect(minutes.json().data).toMatchObject({
      ratePerMinute: 120,
      minutes: [{ minute: '2026-11-22T10:30:00.000Z', requests: 3 }],
      peak: { minute: '2026-11-22T10:30:00.000Z', requests: 3 },
    });
    expect(minutes.json().data.hours.at(-1)).toEqual({
      hour: '2026-11-22T10:00:00.000Z',
      peak: 3,
      minute: '2026-11-22T10:30:00.000Z',
    });
  });

  it('400 naming days outside 1..90; 404 for an unknown account; 401 without the token', async () => {
    for (const days of ['0', '91', 'x', '1.5']) {
      const res = await admin(`/admin/v1/accounts/1/usage/daily?days=${days}`);
      expect(res.statusCode, days).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_parameter', parameter: 'days' });
    }
    for (const path of ['usage/daily', 'usage/minutes']) {
      const res = await admin(`/admin/v1/accounts/999999/${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().code).toBe('not_found');
      const anonymous = await app.inject({ url: `/admin/v1/accounts/1/${path}` });
      expect(anonymous.statusCode).toBe(401);
    }
  });
});
