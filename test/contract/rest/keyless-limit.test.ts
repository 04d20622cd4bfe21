import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { describeWithRedis, TEST_REDIS_URL, uniquePrefix } from '../../helpers/redis.js';

const V = '/v1/football';
type App = Awaited<ReturnType<typeof buildTestApp>>;

/** DECISIONS.md "Access": 600 keyless requests per minute per address (per /64 for IPv6). */
describe('per-address limit of keyless requests', () => {
  const clock = createFakeClock('2026-11-22T10:00:10.000Z');
  let database: TestDatabase;
  let app: App;
  const from = (remoteAddress: string, url: string, headers: Record<string, string> = {}) =>
    app.inject({ url, remoteAddress, headers });

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildTestApp(database, { clock });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('1,500 keyless requests in a row from one address: 600 answered, then 429 until the minute ends', async () => {
    clock.set('2026-11-22T10:01:10.000Z');
    const urls = [`${V}/meta/plans`, `${V}/meta/limits`, '/docs/errors', '/v1/openapi.json'];
    const statuses: number[] = [];
    for (let i = 0; i < 1500; i++) {
      statuses.push((await from('198.51.100.20', urls[i % urls.length] ?? '')).statusCode);
    }
    expect(statuses.filter((s) => s === 200).length).toBe(600);
    expect(statuses.slice(600).every((s) => s === 429)).toBe(true);
    const refused = await from('198.51.100.20', `${V}/meta/plans`);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json()).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(refused.headers['retry-after']).toBe('50');
    expect(refused.headers['ratelimit-policy']).toBe('"address";q=600;w=60');
    expect(refused.headers['ratelimit']).toBe('"address";r=0;t=50');
    // Another address has its own minute; the next minute starts afresh.
    expect((await from('198.51.100.21', `${V}/meta/plans`)).statusCode).toBe(200);
    clock.advance(50_000);
    expect((await from('198.51.100.20', `${V}/meta/plans`)).statusCode).toBe(200);
  });

  it('counts keyless GraphQL, GraphiQL and unknown paths; not probes, not keyed requests', async () => {
    clock.set('2026-11-22T10:05:00.000Z');
    const address = '198.51.100.30';
    const { key } = await createAccountWithKey(database, 'Pro');
    for (let i = 0; i < 100; i++) {
      await from(address, '/healthz');
      await from(address, `${V}/odds/bookmakers`, { 'x-api-key': key });
    }
    const keyless = [
      () =>
        app.inject({
          method: 'POST',
          url: '/graphql',
          remoteAddress: address,
          headers: { 'content-type': 'application/json' },
          payload: { query: '{ plans { currency } }' },
        }),
      () => from(address, '/graphql', { accept: 'text/html' }),
      () => from(address, `${V}/no/such/route`),
      () => from(address, `${V}/meta/limits`),
    ];
    // Each kind ten times, then the cheap ones: GraphiQL's page is megabytes, and a kind left
    // uncounted would move the 429s by its count either way.
    const kindOf = (i: number) => (i < 40 ? i % 4 : [0, 2, 3][i % 3]) as number;
    const statuses: number[] = [];
    for (let i = 0; i < 620; i++) {
      const request = keyless[kindOf(i)] as () => Promise<{ statusCode: number }>;
      statuses.push((await request()).statusCode);
    }
    expect(statuses.slice(0, 600).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(600)).toEqual(Array(20).fill(429));
    // Probes and keyed requests were never counted, nor refused by it.
    expect((await from(address, '/readyz')).statusCode).toBe(200);
    expect((await from(address, `${V}/odds/bookmakers`, { 'x-api-key': key })).statusCode).toBe(
      200,
    );
  });

  it('an IPv6 /64 is one caller', async () => {
    clock.set('2026-11-22T10:07:00.000Z');
    for (let i = 0; i < 600; i++) {
      const res = await from(`2001:db8:7:7::${(i % 9000).toString(16)}`, `${V}/meta/limits`);
      expect(res.statusCode).toBe(200);
    }
    expect((await from('2001:db8:7:7:ffff::1', `${V}/meta/limits`)).statusCode).toBe(429);
    expect((await from('2001:db8:7:8::1', `${V}/meta/limits`)).statusCode).toBe(200);
  });
});

describeWithRedis('per-address limit shared across instances', () => {
  const clock = createFakeClock('2026-11-22T10:00:10.000Z');
  let database: TestDatabase;
  const apps: App[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const prefix = uniquePrefix();
    for (let i = 0; i < 2; i++) {
      apps.push(
        await buildTestApp(database, {
          clock,
          env: {
            REDIS_URL: TEST_REDIS_URL ?? '',
            REDIS_PREFIX: prefix,
            ADDRESS_RATE_PER_MINUTE: '50',
          },
        }),
      );
    }
  });
  afterAll(async () => {
    for (const app of apps) {
      await app.close();
    }
    await database?.close();
  });

  it('two instances on one Redis admit the limit once between them', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (apps[i % 2] as App).inject({ url: `${V}/meta/limits`, remoteAddress: '203.0.113.50' }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200).length).toBe(50);
    expect(results.filter((r) => r.statusCode === 429).length).toBe(150);
  });
});
