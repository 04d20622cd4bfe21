import { once } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Database } from '../../../src/db/database.js';
import type { Deps } from '../../../src/deps.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { type DemoCases, loadDemo } from '../../helpers/demo-fixture.js';
import { graphql } from '../../helpers/graphql.js';
import { graphqlPayloads, MULTIPART, type Payload } from '../../helpers/graphql-incremental.js';
import { TEST_REDIS_URL } from '../../helpers/redis.js';

/**
 * What an operation that defers or streams is charged and told (docs/graphql.md "@defer and
 * @stream"): the cost bound of the whole document reserved once, settled once when the last
 * payload is produced, to what the same operation without @defer/@stream is charged; the headers
 * say what was reserved, the last payload's `extensions.cost` what was kept. A client that leaves
 * mid-stream is settled to what was read. Over graphql-ws too.
 */

type App = FastifyInstance & { deps: Deps };
type Account = Awaited<ReturnType<typeof createAccountWithKey>>;
const START = '2026-11-22T10:00:00.000Z';

describeEachDatabase('GraphQL @defer and @stream: charges', ({ db }) => {
  let cases: DemoCases | undefined;
  beforeAll(async () => {
    ({ cases } = await loadDemo(db()));
  }, 300_000);
  const demo = () => {
    if (!cases) {
      throw new Error('demo not loaded');
    }
    return cases;
  };
  describe('memory counters', () => chargesContract(db, demo, {}));
  const redisUrl = TEST_REDIS_URL;
  if (redisUrl) {
    describe('redis counters', () => chargesContract(db, demo, { REDIS_URL: redisUrl }));
  } else {
    describe.skip('[redis: SKIPPED, REDIS_URL not set]', () => chargesContract(db, demo, {}));
  }
});

/** Every policy settlement from now on; `first` resolves once one has been written. */
function watchSettlements(app: App) {
  const policy = app.deps.access.policy;
  const original = policy.settle;
  // A method of the AccessPolicy class: called on the policy, as the gate calls it.
  const settle = original.bind(policy);
  let calls = 0;
  let settled: () => void = () => undefined;
  const first = new Promise<void>((resolve) => {
    settled = resolve;
  });
  policy.settle = (...args: Parameters<typeof original>) => {
    calls++;
    const usage = settle(...args);
    void Promise.resolve(usage).then(settled);
    return usage;
  };
  return {
    first,
    calls: () => calls,
    restore: () => {
      policy.settle = original;
    },
  };
}

/**
 * POSTs a deferred operation over a real socket, reads until its initial payload is whole, then
 * drops the connection: a client gone mid-stream.
 */
async function readInitialPayloadThenLeave(url: string, key: string, query: string) {
  const request = httpRequest(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: MULTIPART,
      authorization: `Bearer ${key}`,
    },
  });
  request.end(JSON.stringify({ query }));
  const [response] = (await once(request, 'response')) as [IncomingMessage];
  let text = '';
  for await (const chunk of response) {
    text += String(chunk);
    const initial = /\r\n\r\n(\{.*"hasNext":true\})\r\n---/s.exec(text)?.[1];
    if (initial) {
      request.destroy();
      return { headers: response.headers, initial: JSON.parse(initial) as Payload };
    }
  }
  throw new Error(`the stream ended before its initial payload: ${text}`);
}

function chargesContract(db: () => Database, demo: () => DemoCases, env: Record<string, string>) {
  const clock = createFakeClock(START);
  let app: App;
  let endpoint: string;

  beforeAll(async () => {
    // Reads must reach the services (a test holds one back): no shared read cache.
    app = await buildTestApp(db(), { clock, env: { RESPONSE_CACHE: 'off', ...env } });
    endpoint = `${await app.listen({ host: '127.0.0.1', port: 0 })}/graphql`;
  });
  afterAll(() => app?.close());
  beforeEach(() => clock.set(START));

  async function counters(account: Account) {
    const usage = await app.deps.access.store.peek({
      ...account,
      limits: { ratePerMinute: 1, dailyQuota: 1, freeMatchesDailyQuota: 1 },
      now: clock.now(),
    });
    return { minute: usage.minute.used, quota: usage.quota.used, free: usage.free.used };
  }

  const usageOf = async (key: string) =>
    (await graphql(app, '{ usage { rate { used } quota { used } freeMatches { used } } }', { key }))
      .body.data;

  /** Today's matches on the demo day: fewer than a page of 25, so the bound is not all read. */
  const today = () => {
    const { date, matchIds } = demo().today;
    expect(matchIds.length).toBeGreaterThan(1);
    expect(matchIds.length).toBeLessThan(25);
    return { date, n: matchIds.length };
  };

  const page = (date: string, items: string, children: string) =>
    `{ matches(date: "${date}", pageSize: 25) { items ${items} { id ${children} } } }`;

  for (const [shape, items, children] of [
    ['deferred', '', '... @defer { events { type } }'],
    ['streamed', '@stream(initialCount: 1)', 'events { type }'],
  ] as const) {
    it(`a ${shape} page reserves the plain page's bound, keeps what it keeps and refunds the rest`, async () => {
      const { date, n } = today();
      const viaPlain = await createAccountWithKey(db(), 'Plus');
      const viaParts = await createAccountWithKey(db(), 'Plus');
      const plain = await graphql(app, page(date, '', 'events { type }'), { key: viaPlain.key });
      const parts = await graphqlPayloads(app, page(date, items, children), {
        key: viaParts.key,
        accept: MULTIPART,
      });

      expect(plain.body.errors).toBeUndefined();
      expect(parts.status).toBe(200);
      expect(parts.payloads.length).toBeGreaterThan(1);
      // Reserved: 1 page (free allowance) + 25 events; read: 1 page + n events.
      const cost = {
        requested: 26,
        actual: 1 + n,
        refunded: 25 - n,
        rate: { limit: 120, used: 1 + n },
        quota: { limit: 5000, used: n },
        freeMatches: { limit: 500, used: 1 },
      };
      expect(plain.body.extensions?.cost).toEqual(cost);
      // Only the last payload reports the cost, as the one answer of the plain page does.
      expect(parts.payloads.at(-1)?.extensions?.cost).toEqual(cost);
      expect(parts.payloads.slice(0, -1).filter((p) => p.extensions)).toEqual([]);
      // The plain page's headers count what was kept; the streamed page's, sent with its first
      // bytes, what was reserved.
      expect(plain.headers).toMatchObject({
        'x-ratelimit-remaining': String(120 - 1 - n),
        'x-quota-remaining': String(5000 - n),
        'x-matches-bonus-remaining': '499',
      });
      expect(parts.headers).toMatchObject({
        'x-ratelimit-limit': '120',
        'x-ratelimit-remaining': String(120 - 26),
        'x-quota-limit': '5000',
        'x-quota-remaining': String(5000 - 25),
        'x-matches-bonus-remaining': '499',
      });
      const kept = { minute: 1 + n, quota: n, free: 1 };
      expect(await counters(viaPlain)).toEqual(kept);
      expect(await counters(viaParts)).toEqual(kept);
      expect(await usageOf(viaParts.key)).toEqual(await usageOf(viaPlain.key));
    });
  }

  /** The events read waits until `release` (the client leaves first); the read itself. */
  function holdEventsRead() {
    const { matchEvents } = app.deps.services;
    const original = matchEvents.eventsForMatches;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let read: ReturnType<typeof original> | undefined;
    matchEvents.eventsForMatches = (ids) => {
      read = held.then(() => original(ids));
      return read;
    };
    return {
      /** Lets the read go on; resolves once it is done. */
      async release() {
        release();
        await read;
      },
      restore: () => {
        release();
        matchEvents.eventsForMatches = original;
      },
    };
  }

  /** Opens a graphql-ws operation, takes its first payload, then closes the socket. */
  async function takeInitialPayloadOverSocketThenLeave(key: string, query: string) {
    const client = createClient({
      url: endpoint.replace(/^http/, 'ws'),
      webSocketImpl: WebSocket,
      connectionParams: { Authorization: `Bearer ${key}` },
      retryAttempts: 0,
    });
    try {
      const first = await client.iterate({ query }).next();
      return { initial: first.value as Payload };
    } finally {
      await client.dispose();
    }
  }

  for (const transport of ['multipart/mixed over HTTP', 'graphql-ws'] as const) {
    it(`a client gone mid-stream (${transport}): the reservation is settled, once, to what was read`, async () => {
      const account = await createAccountWithKey(db(), 'Plus');
      const id = demo().finishedMatchId;
      const query = `{ match(id: ${id}) { id status ... @defer { events { type } } } }`;
      const events = holdEventsRead();
      const settlements = watchSettlements(app);
      try {
        const { initial } =
          transport === 'graphql-ws'
            ? await takeInitialPayloadOverSocketThenLeave(account.key, query)
            : await readInitialPayloadThenLeave(endpoint, account.key, query).then((read) => {
                // Sent with the first bytes: the detail route and the events route reserved.
                expect(read.headers['x-ratelimit-remaining']).toBe(String(120 - 2));
                return read;
              });
        expect(initial).toEqual({ data: { match: { id, status: 'FINISHED' } }, hasNext: true });
        await settlements.first;
        // Read: the detail; the events were still being read when the client left.
        expect(await counters(account)).toEqual({ minute: 1, quota: 1, free: 0 });
        await events.release();
        await new Promise((resolve) => setImmediate(resolve));
        expect(settlements.calls()).toBe(1);
        expect(await counters(account)).toEqual({ minute: 1, quota: 1, free: 0 });
      } finally {
        events.restore();
        settlements.restore();
      }
    });
  }

  it('over graphql-ws: each payload is a `next` message, the last carries the cost of the HTTP answer', async () => {
    const id = demo().finishedMatchId;
    const query = `{ match(id: ${id}) { id status ... @defer { events { type } statistics { type } } } }`;
    const viaHttp = await createAccountWithKey(db(), 'Plus');
    const viaSocket = await createAccountWithKey(db(), 'Plus');
    const overHttp = await graphqlPayloads(app, query, { key: viaHttp.key, accept: MULTIPART });
    const client = createClient({
      url: endpoint.replace(/^http/, 'ws'),
      webSocketImpl: WebSocket,
      connectionParams: { Authorization: `Bearer ${viaSocket.key}` },
      retryAttempts: 0,
    });
    const received: Payload[] = [];
    try {
      for await (const result of client.iterate({ query })) {
        received.push(result as Payload);
      }
    } finally {
      await client.dispose();
    }

    expect(received.length).toBeGreaterThan(1);
    expect(received[0]).toEqual({ data: { match: { id, status: 'FINISHED' } }, hasNext: true });
    const withoutCost = (p: Payload) => ({ ...p, extensions: undefined });
    expect(received.map(withoutCost)).toEqual(overHttp.payloads.map(withoutCost));
    expect(received.at(-1)?.extensions?.cost).toEqual(overHttp.payloads.at(-1)?.extensions?.cost);
    expect(await counters(viaSocket)).toEqual(await counters(viaHttp));
    expect(await counters(viaSocket)).toEqual({ minute: 3, quota: 3, free: 0 });
  });

  it('an operation the minute cannot afford is refused whole (429) before any payload, nothing charged', async () => {
    const free = await createAccountWithKey(db(), 'Free');
    const { date } = today();
    // Free: 30 a minute; the page reserves 26 and keeps 1 + n.
    const query = page(date, '', '... @defer { events { type } }');
    const first = await graphqlPayloads(app, query, { key: free.key, accept: MULTIPART });
    expect(first.status).toBe(200);
    expect(first.payloads.length).toBeGreaterThan(1);
    const before = await counters(free);
    const refused = await graphqlPayloads(app, query, { key: free.key, accept: MULTIPART });
    expect(refused.status).toBe(429);
    expect(refused.payloads).toEqual([
      {
        errors: [
          expect.objectContaining({
            extensions: expect.objectContaining({ code: 'rate_limited' }),
          }),
        ],
      },
    ]);
    expect(await counters(free)).toEqual(before);
  });
}
