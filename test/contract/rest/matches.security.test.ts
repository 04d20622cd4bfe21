import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { auth, createMiniLeague, NOW, playMatch, type TestApp } from './matches-fixture.js';

const CHILDREN = ['', '/events', '/statistics', '/h2h', '/lineups'];

describeEachDatabase('match routes: access, statuses and parameters', ({ db }) => {
  const clock = createFakeClock(NOW);
  let app: TestApp;
  let matchId: number;
  beforeAll(async () => {
    await createMiniLeague(db());
    matchId = await playMatch(db(), 7701, 7702, '2026-11-22T06:00:00Z', [1, 0]);
    app = (await buildTestApp(db(), { clock })) as TestApp;
  }, 120_000);
  afterAll(() => app?.close());
  beforeEach(() => clock.set(NOW));

  const get = (url: string, key?: string) =>
    app.inject({ url: `/v1/football${url}`, headers: key ? auth(key) : {} });
  const routes = () => [
    '/matches',
    '/matches/live',
    ...CHILDREN.map((c) => `/matches/${matchId}${c}`),
  ];

  it('no key: 401 unauthorized; unknown key: 401 key_invalid; expired: 403 key_expired', async () => {
    const expired = await createAccountWithKey(db(), 'Plus', {
      expiresAt: new Date('2026-11-01T00:00:00Z'),
    });
    for (const url of routes()) {
      const none = await get(url);
      expect(none.statusCode, url).toBe(401);
      expect(none.json().code).toBe('unauthorized');
      const unknown = await get(url, `svc_live_${'a'.repeat(36)}`);
      expect(unknown.json().code, url).toBe('key_invalid');
      const old = await get(url, expired.key);
      expect(old.statusCode, url).toBe(403);
      expect(old.json().code).toBe('key_expired');
    }
  });

  it('an address outside the allowlist: 403 ip_not_allowed', async () => {
    const { key } = await createAccountWithKey(db(), 'Free', { allowlist: ['198.51.100.0/24'] });
    const res = await app.inject({
      url: '/v1/football/matches',
      headers: auth(key),
      remoteAddress: '203.0.113.5',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'ip_not_allowed', address: '203.0.113.5' });
  });

  it('unknown match: 404 not_found on every child route; malformed ids are 404 too', async () => {
    const { key } = await createAccountWithKey(db(), 'Pro');
    for (const id of ['999999', 'abc', '0', '-1', '2147483648', '1.5']) {
      for (const child of CHILDREN) {
        const res = await get(`/matches/${id}${child}`, key);
        expect(res.statusCode, `${id}${child}: ${res.body}`).toBe(404);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.json().code).toBe('not_found');
      }
    }
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['pageSize=0', 'pageSize'],
    ['pageSize=-5', 'pageSize'],
    ['tz=900', 'tz'],
    ['tz=-721', 'tz'],
    ['tz=8.5', 'tz'],
    ['date=2026-13-01', 'date'],
    ['date=2026-02-30', 'date'],
    ['date=22-11-2026', 'date'],
    ['status=done', 'status'],
    ['status=live,LIVE', 'status'],
    ['status=live,', 'status'],
  ])('/matches?%s is 400 invalid_parameter naming %s', async (query, parameter) => {
    const { key } = await createAccountWithKey(db(), 'Pro');
    const res = await get(`/matches?${query}`, key);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_parameter', parameter });
    expect(res.json().detail).toContain(parameter);
    expect(res.headers['x-matches-bonus-remaining']).toBe('2000');
  });

  it('/matches/live?status=bogus is 400 naming status', async () => {
    const { key } = await createAccountWithKey(db(), 'Pro');
    const res = await get('/matches/live?status=bogus', key);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_parameter', parameter: 'status' });
  });

  it('free match-list allowance: only on /matches, used before plan quota', async () => {
    const { key } = await createAccountWithKey(db(), 'Free');
    const first = await get('/matches', key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers).toMatchObject({
      'x-matches-bonus-limit': '50',
      'x-matches-bonus-remaining': '49',
      'x-quota-limit': '30',
      'x-quota-remaining': '30',
    });
    expect(first.headers['x-matches-bonus-reset']).toBe(String(6 * 3600));
    const second = await get('/matches?date=2026-11-21&league=x', key);
    expect(second.headers).toMatchObject({
      'x-matches-bonus-remaining': '48',
      'x-quota-remaining': '30',
    });
    for (const url of ['/matches/live', `/matches/${matchId}`, `/matches/${matchId}/h2h`]) {
      const res = await get(url, key);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-matches-bonus-limit'], url).toBeUndefined();
    }
    expect((await get('/matches/live', key)).headers['x-quota-remaining']).toBe('26');
  });

  it('Free key: the allowance, then plan quota, then 429 quota_exceeded (fake clock)', async () => {
    const { key } = await createAccountWithKey(db(), 'Free');
    let last = await get('/matches', key);
    for (let i = 1; i < 80; i++) {
      clock.set(`2026-11-22T1${1 + Math.floor(i / 25)}:${String(i % 25).padStart(2, '0')}:00Z`);
      last = await get('/matches', key);
      expect(last.statusCode, `request ${i + 1}: ${last.body}`).toBe(200);
      if (i === 50) {
        expect(last.headers['x-matches-bonus-remaining']).toBe('0');
        expect(last.headers['x-quota-remaining']).toBe('29');
      }
    }
    expect(last.headers['x-quota-remaining']).toBe('0');
    const refused = await get('/matches', key);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('quota_exceeded');
    const child = await get(`/matches/${matchId}/events`, key);
    expect(child.statusCode).toBe(429);
    clock.set('2026-11-22T16:00:00Z');
    const nextDay = await get('/matches', key);
    expect(nextDay.statusCode).toBe(200);
    expect(nextDay.headers['x-matches-bonus-remaining']).toBe('49');
  });

  it('per-minute limit: 429 rate_limited with Retry-After on the child routes', async () => {
    const { key } = await createAccountWithKey(db(), 'Free');
    for (let i = 0; i < 30; i++) {
      expect((await get(`/matches/${matchId}/statistics`, key)).statusCode).toBe(200);
    }
    const limited = await get(`/matches/${matchId}/lineups`, key);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
