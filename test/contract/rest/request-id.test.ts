import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { graphql } from '../../helpers/graphql.js';
import type { TestApp } from './matches-fixture.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const LIMITS = '/v1/football/meta/limits';

/** Issue 16 "Metrics and ids": X-Request-Id on every answer and in every log line. */
describe('X-Request-Id', () => {
  let database: TestDatabase;
  let app: TestApp;
  let key: string;
  const lines: Record<string, unknown>[] = [];
  const logStream = { write: (line: string) => void lines.push(JSON.parse(line)) };

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = (await buildTestApp(database, { env: { LOG_LEVEL: 'info' }, logStream })) as TestApp;
    ({ key } = await createAccountWithKey(database, 'Pro'));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('keeps a well-formed id the client or balancer sent', async () => {
    for (const id of [
      'abc-123',
      '8f1c2d3e4a5b6c7d-HKG',
      '01J9ZQ3V8K2M4N6P8R0T2V4X6Z',
      'a'.repeat(128),
    ]) {
      const res = await app.inject({ url: LIMITS, headers: { 'x-request-id': id } });
      expect(res.headers['x-request-id']).toBe(id);
    }
  });

  it('replaces one that is not (too long, spaces, quotes, empty) with a new UUID', async () => {
    const seen = new Set<string>();
    for (const id of ['a'.repeat(129), 'two words', '"quoted"', '', 'a\tb']) {
      const res = await app.inject({ url: LIMITS, headers: { 'x-request-id': id } });
      const given = String(res.headers['x-request-id']);
      expect(given).toMatch(UUID);
      seen.add(given);
    }
    const none = await app.inject({ url: LIMITS });
    expect(String(none.headers['x-request-id'])).toMatch(UUID);
    expect(seen.size).toBe(5);
  });

  it('is on every answer: errors, 304, 405, unroutable paths, GraphQL, streams', async () => {
    const keyed = { 'x-api-key': key };
    const first = await app.inject({ url: LIMITS });
    const answers = [
      await app.inject({ url: LIMITS, headers: { 'if-none-match': String(first.headers.etag) } }),
      await app.inject({ url: '/v1/football/odds/bookmakers' }),
      await app.inject({ url: '/v1/football/odds/bookmakers', headers: keyed }),
      await app.inject({ url: '/v1/football/nothing' }),
      await app.inject({ method: 'POST', url: LIMITS }),
      await app.inject({ url: '/v1/football/matches/%zz/odds' }),
      await app.inject({ url: '/v1/football/stream', headers: keyed }),
      await app.inject({ url: '/healthz' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([304, 401, 200, 404, 405, 400, 200, 200]);
    for (const res of answers) {
      expect(String(res.headers['x-request-id']), `${res.statusCode}`).toMatch(UUID);
    }
    const query = await graphql(app, '{ limits { tier } }', {
      headers: { 'x-request-id': 'gq-1' },
    });
    expect(query.headers['x-request-id']).toBe('gq-1');
    const refused = await graphql(app, '{ bookmakers { id } }', {
      headers: { 'x-request-id': 'gq-2' },
    });
    expect(refused.status).toBe(401);
    expect(refused.headers['x-request-id']).toBe('gq-2');
  });

  it('is in every log line of the request, and the key in none of them', async () => {
    lines.length = 0;
    const res = await app.inject({
      url: '/v1/football/odds/bookmakers?page=1',
      headers: { 'x-api-key': key, 'x-request-id': 'trace-42' },
    });
    expect(res.statusCode).toBe(200);
    const mine = lines.filter((l) => l['reqId'] === 'trace-42');
    expect(mine.map((l) => l['msg'])).toEqual(['incoming request', 'request completed']);
    expect(lines.every((l) => typeof l['reqId'] === 'string')).toBe(true);
    expect(JSON.stringify(lines)).not.toContain(key);
  });
});
