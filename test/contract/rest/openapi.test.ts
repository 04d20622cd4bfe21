import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';

describe('OpenAPI document', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('is OpenAPI 3.1, API version 1.0.0, with only /v1 routes', async () => {
    const res = await app.inject('/v1/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(Object.keys(doc.paths).every((p: string) => p.startsWith('/v1/football/'))).toBe(true);
    const bookmakers = doc.paths['/v1/football/odds/bookmakers'].get;
    expect(Object.keys(bookmakers.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '429',
      '500',
      '503',
    ]);
    expect(bookmakers.responses['200'].headers['X-Quota-Remaining']).toBeDefined();
    expect(bookmakers.responses['429'].headers['Retry-After']).toBeDefined();
    expect(doc.paths['/v1/football/meta/plans'].get.security).toEqual([]);
  });
});
