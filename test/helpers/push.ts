import type { Database } from '../../src/db/database.js';
import type { EventBus } from '../../src/events/event-bus.js';
import { applyChanges } from '../../src/ingest/changes/apply.js';
import { checkChange } from '../../src/ingest/changes/format.js';
import { summarizeChanges } from '../../src/ingest/changes/summary.js';
import { setUpMatches, type TestApp } from '../contract/rest/matches-fixture.js';
import { buildTestApp } from './app.js';
import { openSse } from './sse.js';

/** The base URL of an app listening on a free loopback port. */
export async function listening(app: TestApp): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/**
 * Instances of the app over one database, listening, and the streams a test opens on them;
 * `close` ends the streams, then the instances.
 */
export function pushInstances() {
  const apps: TestApp[] = [];
  const bases: string[] = [];
  const opened: Array<{ close: () => void }> = [];
  return {
    apps,
    bases,
    async start(database: Database, count: number, env: Record<string, string>) {
      for (let i = 0; i < count; i++) {
        const app = (await buildTestApp(database, { env })) as TestApp;
        apps.push(app);
        bases.push(await listening(app));
      }
    },
    /** `GET <path>` on instance `i` (round robin) with the key. */
    async open(i: number, path: string, key: string) {
      const sse = await openSse(`${bases[i % bases.length]}${path}`, {
        authorization: `Bearer ${key}`,
      });
      opened.push(sse);
      return sse;
    },
    async close() {
      for (const sse of opened) {
        sse.close();
      }
      for (const app of apps) {
        await app.close();
      }
    },
  };
}

/**
 * The push tests' world: the matches fixture listening on a loopback port (`env` for the app),
 * two finished matches (one to follow, one not) and a live one.
 */
export async function pushFixture(database: Database, env: Record<string, string>) {
  const { app, key } = await setUpMatches(database, env);
  const base = await listening(app);
  const finished = await database.prisma.match.findMany({
    where: { status: 'finished' },
    take: 2,
    orderBy: { id: 'asc' },
  });
  const [followed, other] = finished.map((m) => m.id) as [number, number];
  const live = await database.prisma.match.findFirstOrThrow({ where: { status: 'live' } });
  return { app, pro: key, base, followed, other, liveMatch: live.id };
}

/**
 * What a writer does: a corner event of the match in one transaction, then the data-changed
 * event saying what changed, on `events` (one instance's bus). Answers the logged changes.
 */
export async function writeCorner(
  database: Database,
  events: Pick<EventBus, 'publish'>,
  record: { matchId: number; seq: number; minute: number; side: 'home' | 'away' },
) {
  const change = checkChange(
    { op: 'upsert', resource: 'events', record: { ...record, type: 'corner' } },
    1,
    'test',
  );
  const logged = await applyChanges(database.prisma, [{ line: 1, change }], 'test', new Date());
  await events.publish({
    type: 'data-changed',
    changes: await summarizeChanges(database.prisma, logged),
  });
  return logged;
}
