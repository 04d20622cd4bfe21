import { type Client, createClient as createWsClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createAccountWithKey } from '../helpers/access.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { pushFixture } from '../helpers/push.js';
import { openSse } from '../helpers/sse.js';
import { auth, type TestApp } from './rest/matches-fixture.js';

const LIST = '/v1/football/odds/bookmakers';
const QUERY = '{ bookmakers { id } }';
const SUBSCRIPTION = 'subscription ($id: Int!) { matchUpdated(id: $id) { seq } }';

/** A whole number of seconds, as `Retry-After` carries them. */
const SECONDS = /^[0-9]+$/;

/**
 * Spec part 7: every 429 carries `Retry-After`. Walks every way the API answers 429 (the sign-in
 * form's limits are walked in test/integration/web/web-security.test.ts, "limits sign-in
 * attempts"): over HTTP the header, over graphql-ws (no HTTP answer) `extensions.retryAfter`.
 */
describe('every 429 carries Retry-After', () => {
  let database: TestDatabase;
  let app: TestApp;
  let base: string;
  let followed: number;
  const closing: Array<() => void> = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    ({ app, base, followed } = await pushFixture(database, { STREAM_MAX_MS: '600000' }));
  }, 180_000);
  afterAll(async () => {
    for (const close of closing) {
      close();
    }
    await app?.close();
    await database?.close();
  });

  const graphql = (key: string) =>
    app.inject({ method: 'POST', url: '/graphql', headers: auth(key), payload: { query: QUERY } });
  const expectRetryAfter = (
    res: { statusCode: number; headers: Record<string, unknown>; body: string },
    code: string,
  ) => {
    expect(res.statusCode, res.body).toBe(429);
    expect(res.body).toContain(code);
    expect(res.headers['retry-after'], res.body).toMatch(SECONDS);
  };

  it('REST and GraphQL: a key over its minute (rate_limited)', async () => {
    const { key } = await createAccountWithKey(database, 'Plus');
    let rest = await app.inject({ url: LIST, headers: auth(key) });
    while (rest.statusCode === 200) {
      rest = await app.inject({ url: LIST, headers: auth(key) });
    }
    expectRetryAfter(rest, 'rate_limited');
    expectRetryAfter(await graphql(key), 'rate_limited');
  });

  it('REST and GraphQL: an account over its day (quota_exceeded)', async () => {
    const { key } = await createAccountWithKey(database, 'Free');
    // Free: 30 a minute and 30 a day; the day runs out on the 31st whatever the minute says.
    for (let i = 0; i < 30; i++) {
      expect((await app.inject({ url: LIST, headers: auth(key) })).statusCode).toBe(200);
    }
    const rest = await app.inject({ url: LIST, headers: auth(key) });
    expect(rest.statusCode).toBe(429);
    expect(rest.headers['retry-after']).toMatch(SECONDS);
    expect((await graphql(key)).headers['retry-after']).toMatch(SECONDS);
  });

  it('keyless: an address over its minute (rate_limited)', async () => {
    const from = (url: string) => app.inject({ url, remoteAddress: '198.51.100.77' });
    let res = await from('/v1/football/meta/plans');
    while (res.statusCode === 200) {
      res = await from('/v1/football/meta/plans');
    }
    expectRetryAfter(res, 'rate_limited');
    expectRetryAfter(await from('/graphql?query=%7B__typename%7D'), 'rate_limited');
  });

  it('push: one stream more than the plan holds, on the SSE route and GraphQL over SSE (rate_limited)', async () => {
    const { key } = await createAccountWithKey(database, 'Free');
    const first = await openSse(`${base}/v1/football/stream?matchId=${followed}`, auth(key));
    closing.push(first.close);
    expect(first.response.status).toBe(200);
    const second = await openSse(`${base}/v1/football/stream?matchId=${followed}`, auth(key));
    closing.push(second.close);
    expect(second.response.status).toBe(429);
    expect(second.response.headers.get('retry-after')).toMatch(SECONDS);
    const query = `?query=${encodeURIComponent(SUBSCRIPTION)}&variables=${encodeURIComponent(JSON.stringify({ id: followed }))}`;
    const overSse = await openSse(
      `${base}/graphql${query}`,
      auth(key, { accept: 'text/event-stream' }),
    );
    closing.push(overSse.close);
    expect(overSse.response.status).toBe(429);
    expect(overSse.response.headers.get('retry-after')).toMatch(SECONDS);
  });

  it('push: one subscription more than the plan holds over graphql-ws (extensions.retryAfter)', async () => {
    const { key } = await createAccountWithKey(database, 'Free');
    const first = await openSse(`${base}/v1/football/stream?matchId=${followed}`, auth(key));
    closing.push(first.close);
    expect(first.response.status).toBe(200);
    const client: Client = createWsClient({
      url: `${base.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { Authorization: `Bearer ${key}` },
      retryAttempts: 0,
      lazy: true,
    });
    closing.push(() => void client.dispose());
    const refused = await new Promise<unknown>((resolve) => {
      client.subscribe(
        { query: SUBSCRIPTION, variables: { id: followed } },
        { next: resolve, error: resolve, complete: () => resolve(null) },
      );
    });
    const extensions = (refused as { errors?: { extensions: Record<string, unknown> }[] })
      .errors?.[0]?.extensions;
    expect(extensions?.['code']).toBe('rate_limited');
    expect(extensions?.['retryAfter']).toEqual(expect.any(Number));
  });
});
