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
});
