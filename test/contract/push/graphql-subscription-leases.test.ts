import { type Client, createClient as createWsClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createAccountsService } from '../../../src/accounts/accounts.js';
import { createKeysService } from '../../../src/accounts/keys.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { listening, pushFixture } from '../../helpers/push.js';
import { TEST_REDIS_URL, uniquePrefix } from '../../helpers/redis.js';
import { openSse } from '../../helpers/sse.js';
import { auth, type TestApp } from '../rest/matches-fixture.js';

const MATCH_UPDATED = 'subscription ($id: Int!) { matchUpdated(id: $id) { seq } }';

const COUNTER_STORES = [
  { store: 'in-process counters', env: {} },
  ...(TEST_REDIS_URL
    ? [
        {
          store: 'Redis counters',
          env: { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: uniquePrefix() },
        },
      ]
    : []),
];
if (!TEST_REDIS_URL) {
  console.warn('REDIS_URL is not set: subscription leases on Redis counters are SKIPPED');
}

/**
 * Issue 46 finding 4: a subscription is refused before it is charged or leased when it cannot be
 * delivered, and every ending of one gives its stream lease back (a Free key holds one).
 */
describe.each(COUNTER_STORES)('GraphQL subscription leases, $store', ({ env }) => {
  let database: TestDatabase;
  let app: TestApp;
  let base: string;
  let followed: number;
  const closing: Array<() => void> = [];

  const subscribeOverSse = async (key: string) => {
    const query = `?query=${encodeURIComponent(MATCH_UPDATED)}&variables=${encodeURIComponent(
      JSON.stringify({ id: followed }),
    )}`;
    const stream = await openSse(
      `${base}/graphql${query}`,
      auth(key, { accept: 'text/event-stream' }),
    );
    closing.push(stream.close);
    return stream;
  };
  /** The day's remaining units, read through a one-unit route. */
  const remaining = async (key: string) =>
    Number(
      (await app.inject({ url: '/v1/football/odds/bookmakers', headers: auth(key) })).headers[
        'x-quota-remaining'
      ],
    );
  /** A Free key's one stream is free again: a subscription opens (then is closed). */
  const leaseFree = async (key: string) => {
    const stream = await subscribeOverSse(key);
    stream.close();
    return stream.response.status;
  };

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    ({ app, base, followed } = await pushFixture(database, env));
  }, 180_000);
  afterAll(async () => {
    for (const close of closing) {
      close();
    }
    await app?.close();
    await database?.close();
  });

  it('Accept without text/event-stream: 406 before the day is charged or a stream leased', async () => {
    const { key } = await createAccountWithKey(database, 'Free');
    const before = await remaining(key);
    for (const accept of ['application/json', 'application/graphql-response+json']) {
      const res = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: auth(key, { accept, 'content-type': 'application/json' }),
        payload: { query: MATCH_UPDATED, variables: { id: followed } },
      });
      expect(res.statusCode, res.body).toBe(406);
      expect(res.json().errors[0].extensions).toMatchObject({
        code: 'invalid_parameter',
        parameter: 'accept',
      });
    }
    // The probe is one unit; the refused subscriptions none.
    expect(await remaining(key)).toBe(before - 1);
    expect(await leaseFree(key)).toBe(200);
  });

  it('a client gone gives the lease back', async () => {
    const { key } = await createAccountWithKey(database, 'Free');
    const first = await subscribeOverSse(key);
    expect(first.response.status).toBe(200);
    expect((await subscribeOverSse(key)).response.status).toBe(429);
    first.close();
    await expect.poll(() => leaseFree(key), { timeout: 5000 }).toBe(200);
  });

  it('a subscription ended by an error (its key revoked) gives the lease back', async () => {
    const { accountId, keyId, key } = await createAccountWithKey(database, 'Free');
    const stream = await subscribeOverSse(key);
    expect(stream.response.status).toBe(200);
    await createKeysService({ db: database.prisma, events: app.deps.events }).revokeKey(keyId);
    await stream.next((e) => e.event === 'next' && e.data.includes('"errors"'), 5000);
    // The account's next key opens its one stream.
    const next = await createAccountsService({ db: database.prisma }).createKey(accountId, {
      expiresAt: null,
    });
    await expect.poll(() => leaseFree(next.key), { timeout: 5000 }).toBe(200);
  });

  it('over graphql-ws: variables nested past 32 levels are refused as over HTTP', async () => {
    const { key } = await createAccountWithKey(database, 'Pro');
    const client: Client = createWsClient({
      url: `${base.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { Authorization: `Bearer ${key}` },
      retryAttempts: 0,
      lazy: true,
    });
    closing.push(() => void client.dispose());
    let deep: Record<string, unknown> = { id: followed };
    for (let i = 0; i < 40; i++) {
      deep = { a: deep };
    }
    const errors = await new Promise<unknown>((resolve) => {
      client.subscribe(
        { query: MATCH_UPDATED, variables: deep },
        { next: (result) => resolve(result.errors), error: resolve, complete: () => resolve(null) },
      );
    });
    expect(errors).toEqual([
      expect.objectContaining({
        extensions: expect.objectContaining({ code: 'invalid_parameter', parameter: 'variables' }),
      }),
    ]);
  });

  it.runIf('REDIS_URL' in env)(
    'shutdown gives the lease back: another instance on the same counters opens the key at once',
    async () => {
      const { key } = await createAccountWithKey(database, 'Free');
      const other = (await buildTestApp(database, { env })) as TestApp;
      const stream = await openSse(
        `${await listening(other)}/graphql?query=${encodeURIComponent(MATCH_UPDATED)}&variables=${encodeURIComponent(JSON.stringify({ id: followed }))}`,
        auth(key, { accept: 'text/event-stream' }),
      );
      closing.push(stream.close);
      expect(stream.response.status).toBe(200);
      expect((await subscribeOverSse(key)).response.status, 'held on the other').toBe(429);
      await other.close();
      // Well before the 30 s a lease of a dead instance takes to expire.
      expect(await leaseFree(key)).toBe(200);
    },
  );
});
