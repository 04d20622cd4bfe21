import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { runDemo } from '../../../src/ingest/demo/index.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { pushInstances, writeCorner } from '../../helpers/push.js';
import { describeWithRedis, TEST_REDIS_URL, uniquePrefix } from '../../helpers/redis.js';
import type { TestApp } from '../rest/matches-fixture.js';

/** DECISIONS.md "Push": a change written through one instance reaches the streams of every one. */
describeWithRedis('push fan-out across instances', () => {
  let database: TestDatabase;
  const instances = pushInstances();
  let key: string;
  let matchId: number;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await runDemo(database.prisma, {
      matches: 100,
      seed: 3,
      now: new Date('2026-11-22T10:00:00Z'),
    });
    await instances.start(database, 2, {
      REDIS_URL: TEST_REDIS_URL as string,
      REDIS_PREFIX: uniquePrefix(),
      STREAM_MAX_MS: '600000',
    });
    ({ key } = await createAccountWithKey(database, 'Pro'));
    matchId = (await database.prisma.match.findFirstOrThrow({ orderBy: { id: 'asc' } })).id;
  }, 120_000);
  /** A corner written, and only instance A's bus told, as a writer in A's process would. */
  const write = (seq: number) =>
    writeCorner(database, instances.apps[0]?.deps.events as TestApp['deps']['events'], {
      matchId,
      seq,
      minute: 12,
      side: 'away',
    });
  afterAll(async () => {
    await instances.close();
    await database?.close();
  });

  it('a change announced on instance A reaches streams and subscriptions on B, and on A', async () => {
    const overWs = createClient({
      url: `${instances.bases[1]?.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { Authorization: `Bearer ${key}` },
      retryAttempts: 0,
    });
    const received: Array<{ matchUpdated: { seq: string } }> = [];
    overWs.subscribe(
      { query: `subscription { matchUpdated(id: ${matchId}) { seq match { id } } }` },
      {
        next: (result) => void received.push(result.data as (typeof received)[number]),
        error: () => {},
        complete: () => {},
      },
    );
    // It opens after the server's checks, with no message saying so: probe until it reads one.
    for (let i = 0; i < 40 && received.length === 0; i++) {
      await write(8000 + i);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const streams = [];
    for (const i of [0, 1]) {
      const sse = await instances.open(i, `/v1/football/stream?matchId=${matchId}`, key);
      expect(sse.response.status).toBe(200);
      streams.push(sse);
    }
    const logged = await write(9001);
    for (const sse of streams) {
      const event = await sse.next((e) => e.event === 'change', 3000);
      expect(event.id).toBe(String(logged[0]?.seq));
    }
    await expect
      .poll(() => received.map((r) => r.matchUpdated.seq), { timeout: 3000 })
      .toContain(String(logged[0]?.seq));
    await overWs.dispose();
  });
});
