import { createClient as createSseClient } from 'graphql-sse';
import { type Client, createClient as createWsClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createKeysService } from '../../../src/accounts/keys.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { pushFixture, writeCorner as writeCornerOf } from '../../helpers/push.js';
import { TEST_REDIS_URL, uniquePrefix } from '../../helpers/redis.js';
import { openSse, type SseEvent } from '../../helpers/sse.js';
import { auth, type TestApp } from '../rest/matches-fixture.js';

interface MatchChange {
  seq: string;
  resource: string;
  kind: string;
  match: { events: unknown[] };
}

type Payload = {
  data?: Record<string, unknown> | null;
  errors?: { extensions: { code: string } }[];
};

/** The subscription as a GET query string (yoga's SSE transport, "distinct connections" mode). */
const asQuery = (query: string, variables: Record<string, unknown> = {}) =>
  `?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify(variables))}`;

const MATCH_UPDATED = `subscription ($id: Int!) {
  matchUpdated(id: $id) { seq resource kind match { id status events { minute type side } } }
}`;

/** A graphql-ws client's events of one subscription, as a queue a test can wait on. */
function follow(client: Client, query: string, variables: Record<string, unknown> = {}) {
  const results: Payload[] = [];
  let ended: unknown = null;
  const waiters: Array<() => void> = [];
  const wake = () => {
    for (const w of waiters.splice(0)) {
      w();
    }
  };
  const stop = client.subscribe(
    { query, variables },
    {
      next: (result) => {
        results.push(result as unknown as Payload);
        wake();
      },
      error: (error) => {
        ended = error;
        wake();
      },
      complete: () => {
        ended ??= 'complete';
        wake();
      },
    },
  );
  let read = 0;
  return {
    results,
    stop,
    ended: () => ended,
    async next(ms = 5000): Promise<Payload> {
      const deadline = Date.now() + ms;
      while (read >= results.length) {
        if (ended || Date.now() > deadline) {
          throw new Error(`no result within ${ms} ms (ended: ${String(ended)})`);
        }
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return results[read++] as Payload;
    },
    /** Reads on until the change numbered `seq` (earlier ones, such as probes, skipped). */
    async until(seq: string, ms = 5000): Promise<Payload> {
      for (;;) {
        const result = await this.next(ms);
        const data = Object.values(result.data ?? {})[0] as { seq?: string } | undefined;
        if (data?.seq === seq) {
          return result;
        }
      }
    },
  };
}

/** DECISIONS.md "Push": GraphQL subscriptions over SSE and graphql-ws, under the push policy. */
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
  console.warn('REDIS_URL is not set: GraphQL subscriptions on Redis counters are SKIPPED');
}

describe.each(COUNTER_STORES)('GraphQL subscriptions, $store', ({ env }) => {
  let database: TestDatabase;
  let app: TestApp;
  let base: string;
  let pro: string;
  let followed: number;
  let finished: number;
  let liveMatch: number;
  let seq = 7000;
  const closing: Array<() => void> = [];

  const writeCorner = async (matchId: number) => {
    seq += 1;
    return writeCornerOf(database, app.deps.events, { matchId, seq, minute: 61, side: 'away' });
  };
  /**
   * The server opens a graphql-ws subscription after its checks, with no message saying so:
   * corners of `matchId` are written until the subscription reads one.
   */
  const whenOpen = async (next: (ms: number) => Promise<unknown>, matchId: number) => {
    for (let i = 0; i < 40; i++) {
      await writeCorner(matchId);
      try {
        await next(250);
        return;
      } catch {
        // not open yet
      }
    }
    throw new Error('the subscription did not open');
  };
  const sse = async (query: string, key: string, variables: Record<string, unknown> = {}) => {
    const stream = await openSse(
      `${base}/graphql${asQuery(query, variables)}`,
      auth(key, { accept: 'text/event-stream' }),
    );
    closing.push(stream.close);
    return stream;
  };
  const ws = (key: string | null) => {
    const client = createWsClient({
      url: `${base.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: key ? { Authorization: `Bearer ${key}` } : {},
      retryAttempts: 0,
      lazy: true,
    });
    closing.push(() => void client.dispose());
    return client;
  };
  const isNext = (e: SseEvent) => e.event === 'next';
  const payloadOf = (e: SseEvent) => JSON.parse(e.data) as Payload;
  const resourceOf = (e: SseEvent | undefined) =>
    (payloadOf(e as SseEvent).data?.['matchUpdated'] as MatchChange | undefined)?.resource;
  /** The day's remaining units, read through a one-unit route. */
  const remaining = async (key: string) =>
    Number(
      (await app.inject({ url: '/v1/football/odds/bookmakers', headers: auth(key) })).headers[
        'x-quota-remaining'
      ],
    );

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    ({ app, pro, base, followed, other: finished, liveMatch } = await pushFixture(database, env));
  }, 180_000);
  afterAll(async () => {
    for (const close of closing) {
      close();
    }
    await app?.close();
    await database?.close();
  });

  it('over SSE: each change of the match, with its graph read after the change', async () => {
    const stream = await sse(MATCH_UPDATED, pro, { id: followed });
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await writeCorner(finished);
    const [logged] = await writeCorner(followed);
    const data = payloadOf(await stream.next(isNext)).data?.[
      'matchUpdated'
    ] as unknown as MatchChange;
    expect(data).toMatchObject({ seq: String(logged?.seq), resource: 'EVENTS', kind: 'UPSERT' });
    const rest = await app.inject({
      url: `/v1/football/matches/${followed}/events`,
      headers: auth(pro),
    });
    expect(data.match.events).toHaveLength(rest.json().data.length);
    expect(data.match.events).toContainEqual({ minute: 61, type: 'CORNER', side: 'AWAY' });
    const [again] = await writeCorner(followed);
    const second = payloadOf(await stream.next(isNext)).data?.[
      'matchUpdated'
    ] as unknown as MatchChange;
    expect(second.seq).toBe(String(again?.seq));
    // Fresh loaders per event: the second event sees the second corner too.
    expect(second.match.events.length).toBe(data.match.events.length + 1);
  });

  it('over graphql-ws, with the key in connection_init', async () => {
    const subscription = follow(ws(pro), MATCH_UPDATED, { id: followed });
    await whenOpen(subscription.next, followed);
    const [logged] = await writeCorner(followed);
    const result = await subscription.until(String(logged?.seq));
    expect(result.data?.['matchUpdated']).toMatchObject({
      seq: String(logged?.seq),
      kind: 'UPSERT',
    });
    subscription.stop();
  });

  it('over SSE, @defer in an event: each event arrives as its first part, then the deferred one', async () => {
    const stream = await sse(
      `subscription ($id: Int!) {
        matchUpdated(id: $id) { seq match { id ... @defer(label: "later") { events { type } } } }
      }`,
      pro,
      { id: followed },
    );
    expect(stream.response.status).toBe(200);
    const [logged] = await writeCorner(followed);
    const first = JSON.parse((await stream.next(isNext)).data) as {
      data: { matchUpdated: { seq: string; match: Record<string, unknown> } };
      hasNext: boolean;
    };
    expect(first.data.matchUpdated.seq).toBe(String(logged?.seq));
    expect(first.data.matchUpdated.match).toEqual({ id: followed });
    expect(first.hasNext).toBe(true);
    const later = JSON.parse((await stream.next(isNext)).data) as {
      incremental: Array<{ label: string; path: string[]; data: { events: unknown[] } }>;
      hasNext: boolean;
    };
    expect(later.incremental).toEqual([
      expect.objectContaining({ label: 'later', path: ['matchUpdated', 'match'] }),
    ]);
    expect(later.incremental[0]?.data.events).toContainEqual({ type: 'CORNER' });
  });

  it('liveMatches: changes of live matches only', async () => {
    const subscription = follow(
      ws(pro),
      'subscription { liveMatches { seq match { id status } } }',
    );
    await whenOpen(subscription.next, liveMatch);
    await writeCorner(finished);
    const [logged] = await writeCorner(liveMatch);
    const result = await subscription.until(String(logged?.seq));
    expect(result.data?.['liveMatches']).toMatchObject({
      seq: String(logged?.seq),
      match: { id: liveMatch, status: 'LIVE' },
    });
    const ids = subscription.results.map(
      (r) => (r.data?.['liveMatches'] as { match: { id: number } } | undefined)?.match.id,
    );
    expect(new Set(ids)).toEqual(new Set([liveMatch]));
    subscription.stop();
  });

  it('opening costs one request and one unit; events are free', async () => {
    const { key } = await createAccountWithKey(database, 'Plus');
    const before = await remaining(key);
    const stream = await sse(MATCH_UPDATED, key, { id: followed });
    expect(Number(stream.response.headers.get('x-quota-remaining'))).toBe(before - 1);
    await writeCorner(followed);
    await writeCorner(followed);
    await stream.next(isNext);
    await stream.next(isNext);
    // The probe itself is one unit.
    expect(await remaining(key)).toBe(before - 2);
  });

  it('refuses an unknown match id with 400 before it opens: one request, no unit', async () => {
    const { key } = await createAccountWithKey(database, 'Plus');
    const before = await remaining(key);
    const stream = await sse(MATCH_UPDATED, key, { id: 999_999_999 });
    expect(stream.response.status).toBe(400);
    expect(stream.response.headers.get('content-type')).toMatch(
      /^application\/(graphql-response\+)?json/,
    );
    expect(Number(stream.response.headers.get('x-quota-remaining'))).toBe(before);
    const client = follow(ws(key), MATCH_UPDATED, { id: 999_999_999 });
    const result = await client.next();
    expect(result.errors?.[0]?.extensions.code).toBe('invalid_parameter');
  });

  it('a Free key holds one stream: a second subscription is 429 rate_limited, on either door', async () => {
    const { key } = await createAccountWithKey(database, 'Free');
    const first = await sse(MATCH_UPDATED, key, { id: followed });
    expect(first.response.status).toBe(200);
    const second = await sse(MATCH_UPDATED, key, { id: followed });
    expect(second.response.status).toBe(429);
    const overWs = follow(ws(key), MATCH_UPDATED, { id: followed });
    expect((await overWs.next()).errors?.[0]?.extensions.code).toBe('rate_limited');
    // The REST stream shares the count.
    const rest = await fetch(`${base}/v1/football/stream?matchId=${followed}`, {
      headers: auth(key),
    });
    expect(rest.status).toBe(429);
    first.close();
    await expect
      .poll(async () => (await sse(MATCH_UPDATED, key, { id: followed })).response.status, {
        timeout: 3000,
      })
      .toBe(200);
  });

  it('a Free key is not told of analysis changes, a Plus key is', async () => {
    const free = await createAccountWithKey(database, 'Free');
    const plus = await createAccountWithKey(database, 'Plus');
    const query = 'subscription ($id: Int!) { matchUpdated(id: $id) { resource } }';
    const streams = [
      await sse(query, free.key, { id: followed }),
      await sse(query, plus.key, { id: followed }),
    ];
    await database.prisma.$executeRawUnsafe(
      `INSERT INTO change_log (match_id, resource, kind, at) VALUES (${followed}, 'analysis', 'upsert', now())`,
    );
    await writeCorner(followed);
    const plusSeen = [await streams[1]?.next(isNext), await streams[1]?.next(isNext)];
    expect(plusSeen.map(resourceOf)).toEqual(['ANALYSIS', 'EVENTS']);
    expect(resourceOf(await streams[0]?.next(isNext))).toBe('EVENTS');
  });

  it("a revoked key's subscriptions end within 5 s with an error naming the code", async () => {
    const { key, keyId } = await createAccountWithKey(database, 'Plus');
    const stream = await sse(MATCH_UPDATED, key, { id: followed });
    const overWs = follow(ws(key), MATCH_UPDATED, { id: followed });
    await whenOpen(overWs.next, followed);
    await createKeysService({ db: database.prisma, events: app.deps.events }).revokeKey(keyId);
    const sseError = payloadOf(
      await stream.next((e) => isNext(e) && e.data.includes('"errors"'), 5000),
    );
    expect(sseError.errors?.[0]?.extensions.code).toMatch(/key_invalid|key_revoked/);
    let wsError = await overWs.next(5000);
    while (!wsError.errors) {
      wsError = await overWs.next(5000);
    }
    expect(wsError.errors?.[0]?.extensions.code).toMatch(/key_invalid|key_revoked/);
  });

  it('a WebSocket without a good key is closed with 4403 and the code', async () => {
    const client = createWsClient({
      url: `${base.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { Authorization: 'Bearer svc_live_nope' },
      retryAttempts: 0,
      lazy: true,
    });
    const subscription = follow(client, MATCH_UPDATED, { id: followed });
    await expect.poll(() => subscription.ended(), { timeout: 3000 }).toBeTruthy();
    const ended = subscription.ended() as { code: number; reason: string };
    expect(ended.code).toBe(4403);
    expect(ended.reason).toMatch(/^key_invalid/);
  });

  it('graphql-sse, the client docs/push.md shows, reads the same subscription', async () => {
    const client = createSseClient({
      url: `${base}/graphql`,
      headers: auth(pro),
      retryAttempts: 0,
    });
    closing.push(() => client.dispose());
    const iterator = client.iterate({ query: MATCH_UPDATED, variables: { id: followed } });
    let pending = iterator.next();
    /** The next result within `ms`; on a timeout the pending read stays pending for later. */
    const nextWithin = async (ms: number) => {
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms));
      const step = await Promise.race([pending, timeout]);
      if (step === 'timeout') {
        throw new Error(`no result within ${ms} ms`);
      }
      pending = iterator.next();
      return step.value as Payload;
    };
    await whenOpen(nextWithin, followed);
    const [logged] = await writeCorner(followed);
    let value = await nextWithin(5000);
    while ((value.data?.['matchUpdated'] as MatchChange | undefined)?.seq !== String(logged?.seq)) {
      value = await nextWithin(5000);
    }
    expect(value.data?.['matchUpdated']).toMatchObject({ seq: String(logged?.seq) });
    await iterator.return?.();
  });
});
