import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../../src/deps.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';

/** The in-process cache of presented responses: data only; the policy runs on every request. */
describe('response cache', () => {
  const clock = createFakeClock('2026-11-22T10:00:00.000Z');
  let database: TestDatabase;
  let app: FastifyInstance & { deps: Deps };
  let key: string;
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ url, headers: { 'x-api-key': key, ...headers } });

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildTestApp(database, { clock });
    await database.prisma.bookmaker.create({
      data: { id: 1, name: '澳门*', nameEn: 'Macau*', isAggregate: false },
    });
    ({ key } = await createAccountWithKey(database, 'Pro'));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('serves the same body and ETag from the cache without reading the database', async () => {
    const first = await get('/v1/football/odds/bookmakers');
    // A change that bypasses the services is not seen until the cache is told.
    await database.prisma.bookmaker.update({
      where: { id: 1 },
      data: { nameEn: 'Macau (renamed)' },
    });
    const second = await get('/v1/football/odds/bookmakers');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('still applies the policy on a hit: quota headers move, a missing key is 401', async () => {
    const a = await get('/v1/football/odds/bookmakers');
    const b = await get('/v1/football/odds/bookmakers');
    expect(Number(b.headers['x-quota-remaining'])).toBe(Number(a.headers['x-quota-remaining']) - 1);
    const anonymous = await app.inject('/v1/football/odds/bookmakers');
    expect(anonymous.statusCode).toBe(401);
  });

  it('a data-changed event clears it on this instance', async () => {
    await app.deps.events.publish({ type: 'data-changed' });
    const fresh = await get('/v1/football/odds/bookmakers');
    expect(fresh.json().data[0].nameEn).toBe('Macau (renamed)');
  });

  it('an If-None-Match on a cached response is a 304', async () => {
    const first = await get('/v1/football/odds/bookmakers');
    const conditional = await get('/v1/football/odds/bookmakers', {
      'if-none-match': first.headers.etag as string,
    });
    expect(conditional.statusCode).toBe(304);
  });

  it('keys by the normalised request: unknown parameters and number spellings share one entry', async () => {
    await app.deps.events.publish({ type: 'data-changed' });
    const first = await get('/v1/football/matches?date=2026-11-22&page=1');
    expect(first.statusCode, first.body).toBe(200);
    const names = async (url: string) => (await get(url)).json().data[0].nameEn as string;
    const cached = await names('/v1/football/odds/bookmakers');
    // Changed behind the services' back: only a request that misses the entry would see it.
    await database.prisma.bookmaker.update({ where: { id: 1 }, data: { nameEn: 'Macau (again)' } });
    // A cache-buster, a made-up parameter padded to 10 kB, another order: all the same entry.
    for (const url of [
      '/v1/football/odds/bookmakers?cb=1',
      `/v1/football/odds/bookmakers?_=${Date.now()}&pad=${'x'.repeat(10_000)}`,
    ]) {
      expect(await names(url), url).toBe(cached);
    }
    const pages = [
      '/v1/football/matches?page=01&date=2026-11-22',
      '/v1/football/matches?date=2026-11-22&page=1&utm_source=feed',
    ];
    for (const url of pages) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.etag, url).toBe(first.headers.etag);
    }
  });

  it('serves the keyless meta routes from the cache too, headers included', async () => {
    const first = await app.inject('/v1/football/meta/plans');
    expect(first.statusCode, first.body).toBe(200);
    // Changed behind the services' back: the kept answer until the change is announced.
    await database.prisma.planVersion.updateMany({
      where: { planCode: 'plus-monthly' },
      data: { price: '199.00' },
    });
    const second = await app.inject('/v1/football/meta/plans?v=2');
    expect(second.body).toBe(first.body);
    expect(second.headers['cache-control']).toBe('public, max-age=60');
    expect(second.headers.etag).toBe(first.headers.etag);
    await app.deps.events.publish({ type: 'plans-changed' });
    const third = await app.inject('/v1/football/meta/plans');
    expect(third.json().data.tiers[1].monthly.price).toBe(199);
  });
});
