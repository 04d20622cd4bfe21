import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyChanges } from '../../../src/ingest/changes/apply.js';
import { checkChange } from '../../../src/ingest/changes/format.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { auth, setUpMatches, type TestApp } from './matches-fixture.js';

/** DECISIONS.md "Live data": `Last-Modified` per match resource, `If-Modified-Since` 304. */
describeEachDatabase('Last-Modified and If-Modified-Since on match resources', ({ db }) => {
  let app: TestApp;
  let key: string;
  let matchId: number;
  beforeAll(async () => {
    ({ app, key } = await setUpMatches(db()));
    const match = await db().prisma.match.findFirstOrThrow({
      where: { status: 'finished', events: { some: {} } },
      orderBy: { id: 'asc' },
    });
    matchId = match.id;
  }, 180_000);
  afterAll(() => app?.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    app.inject({ url: `/v1/football/matches/${matchId}${path}`, headers: auth(key, headers) });
  const dailyLeft = (res: { headers: Record<string, unknown> }) =>
    Number(res.headers['x-quota-remaining']);

  it('every match resource answers with Last-Modified; at or after it, 304 without daily quota', async () => {
    for (const path of ['', '/events', '/statistics', '/lineups', '/odds', '/odds/kelly']) {
      const first = await get(path);
      expect(first.statusCode, path).toBe(200);
      const lastModified = first.headers['last-modified'] as string;
      expect(new Date(lastModified).toUTCString(), path).toBe(lastModified);
      const again = await get(path, { 'if-modified-since': lastModified });
      expect(again.statusCode, path).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers['last-modified']).toBe(lastModified);
      expect(Number.isFinite(dailyLeft(first)), path).toBe(true);
      expect(dailyLeft(again), `${path}: a 304 costs no daily quota`).toBe(dailyLeft(first));
      const earlier = new Date(new Date(lastModified).getTime() - 1000).toUTCString();
      expect((await get(path, { 'if-modified-since': earlier })).statusCode, path).toBe(200);
    }
  });

  it('If-None-Match wins over If-Modified-Since; a malformed date is ignored', async () => {
    const first = await get('/events');
    const lastModified = first.headers['last-modified'] as string;
    const mismatched = await get('/events', {
      'if-modified-since': lastModified,
      'if-none-match': '"not-the-etag"',
    });
    expect(mismatched.statusCode).toBe(200);
    expect((await get('/events', { 'if-modified-since': 'yesterday-ish' })).statusCode).toBe(200);
  });

  it('a change moves the changed resource only: its If-Modified-Since gets 200, the others 304', async () => {
    const events = await get('/events');
    const detail = await get('');
    const eventsSince = events.headers['last-modified'] as string;
    const detailSince = detail.headers['last-modified'] as string;
    const later = new Date(Math.max(Date.parse(eventsSince), Date.parse(detailSince)) + 5000);
    const goal = {
      op: 'upsert',
      resource: 'events',
      record: { matchId, seq: 900, minute: 90, extraMinute: 4, type: 'corner', side: 'home' },
    };
    await applyChanges(
      db().prisma,
      [{ line: 1, change: checkChange(goal, 1, 'test') }],
      'test',
      later,
    );
    await app.deps.events.publish({ type: 'data-changed' });
    const moved = await get('/events', { 'if-modified-since': eventsSince });
    expect(moved.statusCode).toBe(200);
    expect(moved.headers['last-modified']).toBe(later.toUTCString());
    expect((await get('', { 'if-modified-since': detailSince })).statusCode).toBe(304);
  });

  it('a match that does not exist is a 404 without Last-Modified', async () => {
    const res = await app.inject({
      url: '/v1/football/matches/2147483000/events',
      headers: auth(key, { 'if-modified-since': new Date().toUTCString() }),
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['last-modified']).toBeUndefined();
  });
});
