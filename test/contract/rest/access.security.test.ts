import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createKeysService } from '../../../src/accounts/keys.js';
import type { Database } from '../../../src/db/database.js';
import type { Deps } from '../../../src/deps.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { TEST_REDIS_URL } from '../../helpers/redis.js';

const ROUTE = '/v1/football/odds/bookmakers';

const STORES = TEST_REDIS_URL ? ['memory', 'redis'] : ['memory'];

describeEachDatabase('access policy on a keyed route', ({ db }) => {
  describe.each(STORES)('counters in %s', (store) => accessContract(db, store));
});

function accessContract(db: () => Database, store: string) {
  const clock = createFakeClock();
  let app: FastifyInstance & { deps: Deps };
  beforeAll(async () => {
    app = await buildTestApp(db(), {
      clock,
      env: store === 'redis' ? { REDIS_URL: TEST_REDIS_URL ?? '' } : {},
    });
  });
  afterAll(() => app.close());
  beforeEach(() => clock.set('2026-11-22T10:00:00.000Z'));

  const get = (
    key: string | undefined,
    extra: Record<string, string> = {},
    remoteAddress = '203.0.113.9',
  ) =>
    app.inject({
      url: ROUTE,
      remoteAddress,
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...extra },
    });

  it('no key: 401 unauthorized, without quota headers', async () => {
    const res = await get(undefined);
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().code).toBe('unauthorized');
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('malformed, mistyped and unknown keys: 401 key_invalid', async () => {
    const { key } = await createAccountWithKey(db(), 'Free');
    const typo = key.slice(0, 15) + (key[15] === 'x' ? 'y' : 'x') + key.slice(16);
    for (const bad of ['nonsense', typo, `svc_live_${'a'.repeat(36)}`]) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(401);
      expect(res.json().code).toBe('key_invalid');
    }
  });

  it('X-Api-Key works like Authorization; a key in the query string is refused and names it', async () => {
    const { key } = await createAccountWithKey(db(), 'Free');
    const viaHeader = await app.inject({ url: ROUTE, headers: { 'x-api-key': key } });
    expect(viaHeader.statusCode, viaHeader.body).toBe(200);
    const inQuery = await app.inject({
      url: `${ROUTE}?api_key=${key}`,
      headers: { 'x-api-key': key },
    });
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json()).toMatchObject({ code: 'invalid_parameter', parameter: 'api_key' });
  });

  it('a valid key gets data and every header of spec 8.2, minus the match-list bonus', async () => {
    const { key } = await createAccountWithKey(db(), 'Plus');
    const res = await get(key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers).toMatchObject({
      'x-ratelimit-limit': '120',
      'x-ratelimit-remaining': '119',
      'x-ratelimit-reset': '60',
      'x-quota-limit': '5000',
      'x-quota-remaining': '4999',
      'x-quota-reset': String(6 * 3600),
    });
    expect(res.headers['x-matches-bonus-limit']).toBeUndefined();
  });

  it('an expired key is 403 key_expired', async () => {
    const { key } = await createAccountWithKey(db(), 'Free', {
      expiresAt: new Date('2026-11-22T09:00:00Z'),
    });
    const res = await get(key);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('key_expired');
  });

  it('an address outside the allowlist is 403 ip_not_allowed naming the address seen', async () => {
    const { key } = await createAccountWithKey(db(), 'Free', { allowlist: ['198.51.100.0/24'] });
    const refused = await get(key, {}, '203.0.113.77');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ip_not_allowed', address: '203.0.113.77' });
    expect(refused.json().detail).toContain('203.0.113.77');
    expect((await get(key, {}, '198.51.100.20')).statusCode).toBe(200);
  });

  it('revocation takes effect at once', async () => {
    const { key, keyId } = await createAccountWithKey(db(), 'Free');
    expect((await get(key)).statusCode).toBe(200);
    await createKeysService({ db: db().prisma, events: app.deps.events, now: clock.now }).revokeKey(
      keyId,
    );
    const res = await get(key);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('key_invalid');
  });

  it('per-minute limit: the 31st Free request in a minute is 429 with Retry-After, and costs no quota', async () => {
    const { key } = await createAccountWithKey(db(), 'Free');
    // Spread the daily quota (30) over the limit (30/min): the 31st in one minute must fail on rate.
    for (let i = 0; i < 29; i++) {
      expect((await get(key)).statusCode).toBe(200);
    }
    clock.set('2026-11-22T10:00:40.000Z');
    expect((await get(key)).statusCode).toBe(200);
    const limited = await get(key);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(limited.headers['retry-after']).toBe('20');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(limited.headers['x-quota-remaining']).toBe('0');
  });

  it('daily quota: exhausted is 429 quota_exceeded until 16:00 UTC; a 429 charges nothing', async () => {
    const { key } = await createAccountWithKey(db(), 'Free');
    for (let i = 0; i < 30; i++) {
      clock.set(`2026-11-22T11:${String(i).padStart(2, '0')}:00.000Z`);
      expect((await get(key)).statusCode).toBe(200);
    }
    clock.set('2026-11-22T15:59:00.000Z');
    const refused = await get(key);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('quota_exceeded');
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.headers['x-quota-remaining']).toBe('0');
    // The refused request did not count on the minute either.
    expect(refused.headers['x-ratelimit-remaining']).toBe('30');
    clock.set('2026-11-22T16:00:00.000Z');
    const nextDay = await get(key);
    expect(nextDay.statusCode).toBe(200);
    expect(nextDay.headers['x-quota-remaining']).toBe('29');
  });

  it('a matching If-None-Match is a 304 that counts on the minute but not on the daily quota', async () => {
    const { key } = await createAccountWithKey(db(), 'Free');
    const first = await get(key);
    const again = await get(key, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.headers['x-ratelimit-remaining']).toBe('28');
    expect(again.headers['x-quota-remaining']).toBe('29');
  });

  it('daily usage belongs to the account: a replacement key inherits it (X-Quota-Remaining)', async () => {
    const { key, accountId } = await createAccountWithKey(db(), 'Free');
    for (let i = 0; i < 5; i++) {
      await get(key);
    }
    const keys = createKeysService({ db: db().prisma, events: app.deps.events, now: clock.now });
    const replacement = await keys.replaceKey(accountId);
    const res = await get(replacement.key);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-quota-remaining']).toBe('24');
    expect(res.headers['x-ratelimit-remaining']).toBe('29');
    expect((await get(key)).statusCode).toBe(401);
  });

  it('charged requests are written to daily_usage', async () => {
    const { key, accountId, keyId } = await createAccountWithKey(db(), 'Free');
    await get(key);
    await get(key);
    await app.deps.access.usage.flush();
    const rows = await db().prisma.dailyUsage.findMany({ where: { accountId } });
    expect(rows).toEqual([
      expect.objectContaining({ keyId, planRequests: 2, freeMatchRequests: 0 }),
    ]);
  });
}
