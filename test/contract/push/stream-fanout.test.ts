import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyChanges } from '../../../src/ingest/changes/apply.js';
import { checkChange } from '../../../src/ingest/changes/format.js';
import { summarizeChanges } from '../../../src/ingest/changes/summary.js';
import { runDemo } from '../../../src/ingest/demo/index.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { describeWithRedis, TEST_REDIS_URL, uniquePrefix } from '../../helpers/redis.js';
import { openSse } from '../../helpers/sse.js';
import type { TestApp } from '../rest/matches-fixture.js';

/** DECISIONS.md "Push": a change written through one instance reaches the streams of every one. */
describeWithRedis('push fan-out across instances', () => {
  let database: TestDatabase;
  const apps: TestApp[] = [];
  const bases: string[] = [];
  const opened: Array<{ close: () => void }> = [];
  let key: string;
  let matchId: number;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await runDemo(database.prisma, {
      matches: 100,
      seed: 3,
      now: new Date('2026-11-22T10:00:00Z'),
    });
    const env = {
      REDIS_URL: TEST_REDIS_URL as string,
      REDIS_PREFIX: uniquePrefix(),
      STREAM_MAX_MS: '600000',
    };
    for (let i = 0; i < 2; i++) {
      const app = (await buildTestApp(database, { env })) as TestApp;
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      apps.push(app);
      bases.push(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    }
    ({ key } = await createAccountWithKey(database, 'Pro'));
    matchId = (await database.prisma.match.findFirstOrThrow({ orderBy: { id: 'asc' } })).id;
  }, 120_000);
  afterAll(async () => {
    for (const sse of opened) {
      sse.close();
    }
    for (const app of apps) {
      await app.close();
    }
    await database?.close();
  });

  it('a change announced on instance A reaches a stream on instance B, and one on A', async () => {
    const streams = [];
    for (const base of bases) {
      const sse = await openSse(`${base}/v1/football/stream?matchId=${matchId}`, {
        authorization: `Bearer ${key}`,
      });
      opened.push(sse);
      expect(sse.response.status).toBe(200);
      streams.push(sse);
    }
    const record = { matchId, seq: 9001, minute: 12, type: 'corner', side: 'away' };
    const change = checkChange({ op: 'upsert', resource: 'events', record }, 1, 'test');
    const logged = await applyChanges(database.prisma, [{ line: 1, change }], 'test', new Date());
    // Only instance A's bus is told, as a writer in A's process would tell it.
    await apps[0]?.deps.events.publish({
      type: 'data-changed',
      changes: await summarizeChanges(database.prisma, logged),
    });
    for (const sse of streams) {
      const event = await sse.next((e) => e.event === 'change', 3000);
      expect(event.id).toBe(String(logged[0]?.seq));
    }
  });
});
