import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyChanges } from '../../../src/ingest/changes/apply.js';
import { checkChange } from '../../../src/ingest/changes/format.js';
import { summarizeChanges } from '../../../src/ingest/changes/summary.js';
import { runDemo } from '../../../src/ingest/demo/index.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { pushInstances } from '../../helpers/push.js';
import { describeWithRedis, TEST_REDIS_URL, uniquePrefix } from '../../helpers/redis.js';

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
  afterAll(async () => {
    await instances.close();
    await database?.close();
  });

  it('a change announced on instance A reaches a stream on instance B, and one on A', async () => {
    const streams = [];
    for (const i of [0, 1]) {
      const sse = await instances.open(i, `/v1/football/stream?matchId=${matchId}`, key);
      expect(sse.response.status).toBe(200);
      streams.push(sse);
    }
    const record = { matchId, seq: 9001, minute: 12, type: 'corner', side: 'away' };
    const change = checkChange({ op: 'upsert', resource: 'events', record }, 1, 'test');
    const logged = await applyChanges(database.prisma, [{ line: 1, change }], 'test', new Date());
    // Only instance A's bus is told, as a writer in A's process would tell it.
    await instances.apps[0]?.deps.events.publish({
      type: 'data-changed',
      changes: await summarizeChanges(database.prisma, logged),
    });
    for (const sse of streams) {
      const event = await sse.next((e) => e.event === 'change', 3000);
      expect(event.id).toBe(String(logged[0]?.seq));
    }
  });
});
