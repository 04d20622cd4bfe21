import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeysService } from '../../../src/accounts/keys.js';
import { appendChanges } from '../../../src/changes/change-log.js';
import { summarizeChanges } from '../../../src/ingest/changes/summary.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { listening, pushFixture, writeCorner as writeCornerOf } from '../../helpers/push.js';
import { openSse, type SseEvent } from '../../helpers/sse.js';
import { auth, type TestApp } from '../rest/matches-fixture.js';

/** DECISIONS.md "Push": GET /v1/football/stream. */
describe('GET /v1/football/stream', () => {
  let database: TestDatabase;
  let app: TestApp;
  let base: string;
  let pro: string;
  let followed: number;
  let other: number;
  let liveMatch: number;
  let seq = 5000;
  const opened: Array<{ close: () => void }> = [];

  const stream = async (query: string, key: string, headers: Record<string, string> = {}) => {
    const sse = await openSse(`${base}/v1/football/stream${query}`, auth(key, headers));
    opened.push(sse);
    return sse;
  };
  /** What a writer does: the change in one transaction, then the event saying what changed. */
  const writeCorner = async (matchId: number) => {
    seq += 1;
    return writeCornerOf(database, app.deps.events, { matchId, seq, minute: 50, side: 'home' });
  };
  const isChange = (e: SseEvent) => e.event === 'change';
  const dataOf = (e: SseEvent) => JSON.parse(e.data) as Record<string, unknown>;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    ({ app, pro, base, followed, other, liveMatch } = await pushFixture(database, {
      STREAM_MAX_MS: '600000',
    }));
  }, 180_000);
  afterAll(async () => {
    for (const sse of opened) {
      sse.close();
    }
    await app?.close();
    await database?.close();
  });

  it('streams the changes of the followed match, with the new value in the contract shape', async () => {
    const sse = await stream(`?matchId=${followed}`, pro);
    expect(sse.response.status).toBe(200);
    expect(sse.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // Its socket closes with it: a shutdown need not wait for an idle keep-alive timeout.
    expect(sse.response.headers.get('connection')).toBe('close');
    await writeCorner(other);
    const [logged] = await writeCorner(followed);
    const event = await sse.next(isChange);
    expect(event.id).toBe(String(logged?.seq));
    const data = dataOf(event);
    expect(data).toMatchObject({ matchId: followed, resource: 'events', kind: 'upsert' });
    const rest = await app.inject({
      url: `/v1/football/matches/${followed}/events`,
      headers: auth(pro),
    });
    expect(data['value']).toEqual(rest.json().data);
    expect(sse.events.filter(isChange).map((e) => dataOf(e)['matchId'])).toEqual([followed]);
  });

  it('resumes from Last-Event-ID: what was missed, in order, once', async () => {
    const first = await stream(`?matchId=${followed}`, pro);
    const [seen] = await writeCorner(followed);
    await first.next(isChange);
    first.close();
    const missed = [...(await writeCorner(followed)), ...(await writeCorner(followed))];
    const again = await stream(`?matchId=${followed}`, pro, { 'last-event-id': String(seen?.seq) });
    const replayed = [await again.next(isChange), await again.next(isChange)];
    expect(replayed.map((e) => e.id)).toEqual(missed.map((c) => String(c.seq)));
    const [after] = await writeCorner(followed);
    expect((await again.next(isChange)).id).toBe(String(after?.seq));
    const ids = again.events.filter(isChange).map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('says reset when the log no longer holds what was missed', async () => {
    const oldest = await database.prisma.changeLogEntry.findFirstOrThrow({
      orderBy: { seq: 'asc' },
    });
    await database.prisma.changeLogEntry.delete({ where: { seq: oldest.seq } });
    const sse = await stream(`?matchId=${followed}`, pro, { 'last-event-id': '0' });
    const reset = await sse.next();
    expect(reset.event).toBe('reset');
    const [next] = await writeCorner(followed);
    expect((await sse.next(isChange)).id).toBe(String(next?.seq));
  });

  it('says reset, not 500, when what was missed is more than a stream replays (1 MiB)', async () => {
    // Ten exchange changes of about 300 KB each: a backlog of 3 MB.
    const document = JSON.stringify({ marketId: '1.1', runners: ['x'.repeat(300 * 1024)] });
    await database.prisma.exchangeOdds.upsert({
      where: { matchId: other },
      create: { matchId: other, payload: document },
      update: { payload: document },
    });
    const [before] = await writeCorner(other);
    for (let i = 0; i < 10; i++) {
      await database.prisma.$transaction((tx) =>
        appendChanges(tx, [{ matchId: other, resource: 'exchange', kind: 'upsert' }], new Date()),
      );
    }
    // An instance whose hub listens to nobody yet: its first stream starts at the log's end, so
    // the whole gap is a backlog to replay.
    const fresh = (await buildTestApp(database, { env: { STREAM_MAX_MS: '600000' } })) as TestApp;
    try {
      const url = `${await listening(fresh)}/v1/football/stream?matchId=${other}`;
      for (let attempt = 0; attempt < 2; attempt++) {
        const sse = await openSse(url, auth(pro, { 'last-event-id': String(before?.seq) }));
        opened.push(sse);
        expect(sse.response.status).toBe(200);
        const reset = await sse.next();
        expect(reset.event).toBe('reset');
        expect(JSON.parse(reset.data)).toMatchObject({ reason: expect.stringMatching(/1 MiB/) });
        const [next] = await writeCorner(other);
        expect((await sse.next(isChange)).id).toBe(String(next?.seq));
        sse.close();
      }
    } finally {
      await fresh.close();
    }
  });

  it('ends after STREAM_MAX_MS; the client resumes where it was', async () => {
    const short = await buildTestApp(database, { env: { STREAM_MAX_MS: '300' } });
    try {
      const res = await short.inject({
        url: `/v1/football/stream?matchId=${followed}`,
        headers: auth(pro),
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('retry: 3000\n\n');
    } finally {
      await short.close();
    }
  });

  it('a server that shuts down ends its open streams (nothing holds the shutdown)', async () => {
    const other = (await buildTestApp(database, { env: { STREAM_MAX_MS: '600000' } })) as TestApp;
    const sse = await openSse(`${await listening(other)}/v1/football/stream`, auth(pro));
    opened.push(sse);
    expect(sse.response.status).toBe(200);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(5000);
    await expect.poll(() => sse.ended(), { timeout: 2000 }).toBe(true);
  });

  it('a malformed exchange document is a null value, and the stream goes on', async () => {
    const sse = await stream(`?matchId=${other}`, pro);
    await database.prisma.exchangeOdds.upsert({
      where: { matchId: other },
      create: { matchId: other, payload: '{"marketId":' },
      update: { payload: '{"marketId":' },
    });
    const logged = await database.prisma.$transaction((tx) =>
      appendChanges(tx, [{ matchId: other, resource: 'exchange', kind: 'upsert' }], new Date()),
    );
    await app.deps.events.publish({
      type: 'data-changed',
      changes: await summarizeChanges(database.prisma, logged),
    });
    const exchange = await sse.next(isChange);
    expect(dataOf(exchange)).toMatchObject({ resource: 'exchange', value: null });
    const [next] = await writeCorner(other);
    expect((await sse.next(isChange)).id).toBe(String(next?.seq));
  });

  it("a stream opened after a quiet spell starts at the log's end, not where the last one left", async () => {
    const quiet = (await buildTestApp(database, { env: { STREAM_MAX_MS: '600000' } })) as TestApp;
    try {
      const url = `${await listening(quiet)}/v1/football/stream?matchId=${followed}`;
      const first = await openSse(url, auth(pro));
      opened.push(first);
      first.close();
      // Give the server a moment to see the client go (its listener leaves the hub).
      await new Promise((r) => setTimeout(r, 300));
      await writeCorner(followed);
      await writeCorner(followed);
      const second = await openSse(url, auth(pro));
      opened.push(second);
      const [now] = await writeCorner(followed);
      expect((await second.next(isChange)).id).toBe(String(now?.seq));
    } finally {
      await quiet.close();
    }
  });

  it('refuses bad input with problem+json before the stream opens', async () => {
    const ids = Array.from({ length: 51 }, (_, i) => followed + i).join(',');
    for (const [query, headers] of [
      [`?matchId=${ids}`, {}],
      ['?matchId=2147480000', {}],
      ['?matchId=abc', {}],
      [`?matchId=${followed}`, { 'last-event-id': 'yesterday' }],
    ] as const) {
      const res = await app.inject({
        url: `/v1/football/stream${query}`,
        headers: auth(pro, headers),
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json().code).toBe('invalid_parameter');
    }
  });

  it('costs one request and one unit of the day to open; its events are free', async () => {
    const { key } = await createAccountWithKey(database, 'Plus');
    const remaining = async () =>
      Number(
        (await app.inject({ url: '/v1/football/odds/bookmakers', headers: auth(key) })).headers[
          'x-quota-remaining'
        ],
      );
    const before = await remaining();
    const sse = await stream(`?matchId=${followed}`, key);
    expect(Number(sse.response.headers.get('x-quota-remaining'))).toBe(before - 1);
    await writeCorner(followed);
    await writeCorner(followed);
    await sse.next(isChange);
    await sse.next(isChange);
    expect(await remaining()).toBe(before - 2);
  });

  it('delivers analysis changes to Plus and Pro only', async () => {
    const { key: free } = await createAccountWithKey(database, 'Free');
    const freeStream = await stream(`?matchId=${followed}`, free);
    const proStream = await stream(`?matchId=${followed}`, pro);
    const analysis = await database.prisma.$transaction((tx) =>
      appendChanges(tx, [{ matchId: followed, resource: 'analysis', kind: 'upsert' }], new Date()),
    );
    await app.deps.events.publish({
      type: 'data-changed',
      changes: await summarizeChanges(database.prisma, analysis),
    });
    const [corner] = await writeCorner(followed);
    expect(dataOf(await proStream.next(isChange))['resource']).toBe('analysis');
    expect((await freeStream.next(isChange)).id).toBe(String(corner?.seq));
  });

  it('without matchId: the changes of every live match, not of the others', async () => {
    const sse = await stream('', pro);
    await writeCorner(followed);
    const [live] = await writeCorner(liveMatch);
    const event = await sse.next(isChange);
    expect(event.id).toBe(String(live?.seq));
    expect(dataOf(event)['matchId']).toBe(liveMatch);
  });

  it("ends a revoked key's stream within 5 s with an error event naming the code", async () => {
    const { key, keyId } = await createAccountWithKey(database, 'Pro');
    const sse = await stream(`?matchId=${followed}`, key);
    await createKeysService({ db: database.prisma, events: app.deps.events }).revokeKey(keyId);
    const error = await sse.next((e) => e.event === 'error', 5000);
    expect(dataOf(error)['code']).toMatch(/revoked|invalid/);
    await expect.poll(() => sse.ended(), { timeout: 2000 }).toBe(true);
  });
});
