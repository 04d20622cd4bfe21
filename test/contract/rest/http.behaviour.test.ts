import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../../src/accounts/api-key-format.js';
import { openDatabase } from '../../../src/db/database.js';
import type { Deps } from '../../../src/deps.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';

describe('HTTP behaviour of /v1', () => {
  let database: TestDatabase;
  let app: FastifyInstance & { deps: Deps };
  let key: string;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildTestApp(database);
    await database.prisma.bookmaker.createMany({
      data: Array.from({ length: 60 }, (_, i) => ({
        id: i + 1,
        name: `莊家${i + 1}*`,
        nameEn: `Bookmaker number ${i + 1}`,
      })),
    });
    ({ key } = await createAccountWithKey(database, 'Pro'));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('other methods on a known route are 405 with Allow; unknown routes 404', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/football/odds/bookmakers' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json().code).toBe('method_not_allowed');
    const unknown = await app.inject({ method: 'POST', url: '/v1/football/nothing' });
    expect(unknown.statusCode).toBe(404);
  });

  it('compresses when the client asks, and only then', async () => {
    const plain = await app.inject({
      url: '/v1/football/odds/bookmakers',
      headers: { 'x-api-key': key },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzip = await app.inject({
      url: '/v1/football/odds/bookmakers',
      headers: { 'x-api-key': key, 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(gzip.headers.etag).toBe(plain.headers.etag);
  });

  it('keyed answers are private and revalidated (200 and 304, cache hit or not); meta answers public', async () => {
    const first = await app.inject({
      url: '/v1/football/odds/bookmakers',
      headers: { 'x-api-key': key },
    });
    const again = await app.inject({
      url: '/v1/football/odds/bookmakers',
      headers: { 'x-api-key': key },
    });
    const notModified = await app.inject({
      url: '/v1/football/odds/bookmakers',
      headers: { 'x-api-key': key, 'if-none-match': String(first.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    for (const res of [first, again, notModified]) {
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
    const meta = await app.inject({ url: '/v1/football/meta/plans' });
    expect(meta.headers['cache-control']).toBe('public, max-age=60');
  });

  it('a database that cannot be reached is 503 upstream_unavailable with Retry-After; /readyz says so, /healthz stays up', async () => {
    // PostgreSQL on a port where nothing listens: every connection is refused.
    const unreachable = await openDatabase({
      databaseUrl: 'postgres://postgres@127.0.0.1:9/none',
      dataDir: '',
    });
    const down = await buildTestApp(unreachable, { seed: false });
    try {
      const res = await down.inject({
        url: '/v1/football/odds/bookmakers',
        headers: { 'x-api-key': generateApiKey('svc_live_') },
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().code).toBe('upstream_unavailable');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.body).not.toMatch(/prisma|ECONNREFUSED|stack/i);
      expect((await down.inject('/readyz')).statusCode).toBe(503);
      expect((await down.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await down.close();
      await unreachable.close();
    }
  });
});
