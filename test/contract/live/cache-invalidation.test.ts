import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeResource } from '../../../src/football/vocabulary.js';
import { summarizeChanges } from '../../../src/ingest/changes/summary.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { graphql } from '../../helpers/graphql.js';
import { auth, setUpMatches, type TestApp } from '../rest/matches-fixture.js';

interface Picked {
  id: number;
  home: number;
  away: number;
  day: string;
}

/**
 * docs/live.md "Caches under live writes": a change evicts what shows it and nothing else, in the
 * REST response cache and both GraphQL caches. Stale answers prove an entry was kept: the data is
 * changed behind the services' back, so only an evicted entry can show the new value.
 */
describe('caches evict by what changed', () => {
  let database: TestDatabase;
  let app: TestApp;
  let key: string;
  let a: Picked;
  let b: Picked;
  let sameTeam: number;

  const get = async (url: string) => {
    const res = await app.inject({ url: `/v1/football${url}`, headers: auth(key) });
    expect(res.statusCode, url).toBe(200);
    return res.json().data;
  };
  const corners = async (id: number) => (await get(`/matches/${id}`)).corners as string;
  const eventCount = async (id: number) => ((await get(`/matches/${id}/events`)) as []).length;
  const listCorners = async (day: string, id: number) => {
    const page = (await get(`/matches?date=${day}&pageSize=100`)) as Array<{
      id: number;
      corners: string;
    }>;
    return page.find((m) => m.id === id)?.corners;
  };
  /** Behind the services' back: nothing is told, so a kept entry still shows the old value. */
  const bumpCorners = (id: number) =>
    database.prisma.$executeRawUnsafe(
      'UPDATE matches SET home_corners = coalesce(home_corners, 0) + 10 WHERE id = $1',
      id,
    );
  const dropLastEvent = (id: number) =>
    database.prisma.$executeRawUnsafe(
      `DELETE FROM match_events WHERE match_id = $1
         AND seq = (SELECT max(seq) FROM match_events WHERE match_id = $1)`,
      id,
    );
  /** What the writer announces after a write (app/live.ts, touchline feed). */
  const announce = async (...touched: Array<[number, ChangeResource]>) => {
    const at = new Date();
    const logged = touched.map(([matchId, resource], i) => ({
      matchId,
      resource,
      kind: 'upsert' as const,
      seq: BigInt(i + 1),
      at,
    }));
    await app.deps.events.publish({
      type: 'data-changed',
      changes: await summarizeChanges(database.prisma, logged),
    });
  };

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    ({ app, key } = await setUpMatches(database));
    const rows = await database.prisma.$queryRawUnsafe<
      { id: number; home: number; away: number; day: string }[]
    >(
      `SELECT m.id, m.home_team_id AS home, m.away_team_id AS away,
              to_char(m.kickoff_utc AT TIME ZONE 'Asia/Hong_Kong', 'YYYY-MM-DD') AS day
         FROM matches m
        WHERE m.status = 'finished' AND EXISTS (SELECT 1 FROM match_events e WHERE e.match_id = m.id)
        ORDER BY m.kickoff_utc DESC LIMIT 60`,
    );
    const [first] = rows;
    if (!first) {
      throw new Error('no finished match with events');
    }
    a = first;
    const other = rows.find(
      (r) =>
        r.day !== a.day && ![a.home, a.away].includes(r.home) && ![a.home, a.away].includes(r.away),
    );
    if (!other) {
      throw new Error('no match on another day with other teams');
    }
    b = other;
    // The next match of A's home team: its head-to-head shows A in that team's form.
    const aKickoff = (await database.prisma.match.findUniqueOrThrow({ where: { id: a.id } }))
      .kickoffUtc;
    const shared = await database.prisma.match.findFirstOrThrow({
      where: {
        kickoffUtc: { gt: aKickoff },
        OR: [{ homeTeamId: a.home }, { awayTeamId: a.home }],
      },
      orderBy: { kickoffUtc: 'asc' },
    });
    sameTeam = shared.id;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("an events change evicts that match's events only", async () => {
    const before = { aEvents: await eventCount(a.id), bEvents: await eventCount(b.id) };
    const aCorners = await corners(a.id);
    await dropLastEvent(a.id);
    await dropLastEvent(b.id);
    await bumpCorners(a.id);
    await announce([a.id, 'events']);
    expect(await eventCount(a.id)).toBe(before.aEvents - 1);
    expect(await eventCount(b.id), "another match's events stay cached").toBe(before.bEvents);
    expect(await corners(a.id), "the same match's detail stays cached").toBe(aCorners);
    await announce([a.id, 'detail'], [b.id, 'events']);
    expect(await eventCount(b.id)).toBe(before.bEvents - 1);
  });

  it("a detail change evicts the match, the lists of its day, live lists and its teams' head-to-heads", async () => {
    const bCorners = await corners(b.id);
    const aListed = await listCorners(a.day, a.id);
    const bListed = await listCorners(b.day, b.id);
    const live = (await get('/matches/live')) as Array<{ id: number; corners: string }>;
    const [running] = live;
    expect(running, 'the demo has live matches').toBeDefined();
    const h2hShared = await get(`/matches/${sameTeam}/h2h`);
    const h2hB = await get(`/matches/${b.id}/h2h`);
    // Behind the back: both matches' corners, and a score that head-to-heads show.
    await bumpCorners(a.id);
    await bumpCorners(b.id);
    await bumpCorners(running?.id ?? 0);
    await database.prisma.$executeRawUnsafe(
      'UPDATE matches SET home_score = home_score + 7 WHERE id = ANY($1::int[])',
      [a.id, b.id],
    );
    await announce([a.id, 'detail']);
    expect(await corners(a.id)).not.toBe(aListed);
    expect(await listCorners(a.day, a.id), 'the list of its day').toBe(await corners(a.id));
    expect(await corners(b.id), 'another match stays cached').toBe(bCorners);
    const liveNow = (await get('/matches/live')) as Array<{ id: number; corners: string }>;
    expect(liveNow.find((m) => m.id === running?.id)?.corners, 'the live list').not.toBe(
      running?.corners,
    );
    expect(await listCorners(b.day, b.id), 'the list of another day stays cached').toBe(bListed);
    expect(await get(`/matches/${b.id}/h2h`), 'an unrelated head-to-head stays cached').toEqual(
      h2hB,
    );
    expect(await get(`/matches/${sameTeam}/h2h`), 'a head-to-head of its team').not.toEqual(
      h2hShared,
    );
  });

  it('GraphQL: a kept operation survives a change to another match, not one to a match it read', async () => {
    const query = `query One($id: Int!) { match(id: $id) { id corners events { type } } }`;
    const run = async (id: number) => graphql(app, query, { key, variables: { id } });
    await run(a.id);
    const kept = await run(a.id);
    expect(kept.body.extensions?.['cached']).toBe(true);
    await bumpCorners(a.id);
    await announce([b.id, 'detail'], [b.id, 'events']);
    const still = await run(a.id);
    expect(still.body.extensions?.['cached'], 'a change to another match').toBe(true);
    expect(still.body.data).toEqual(kept.body.data);
    await announce([a.id, 'odds']);
    expect((await run(a.id)).body.extensions?.['cached'], 'a resource it did not read').toBe(true);
    await announce([a.id, 'events']);
    const fresh = await run(a.id);
    expect(fresh.body.extensions?.['cached']).not.toBe(true);
    const match = fresh.body.data?.['match'] as { corners: string } | undefined;
    expect(match?.corners).toBe(await corners(a.id));
  });

  it('a deleted match evicts every list of matches (its day is no longer known)', async () => {
    const rows = await database.prisma.$queryRawUnsafe<{ id: number; day: string }[]>(
      `SELECT id, to_char(kickoff_utc AT TIME ZONE 'Asia/Hong_Kong', 'YYYY-MM-DD') AS day
         FROM matches WHERE id NOT IN (${a.id}, ${b.id}, ${sameTeam}) ORDER BY kickoff_utc, id`,
    );
    const byDay = new Map<string, number[]>();
    for (const r of rows) {
      byDay.set(r.day, [...(byDay.get(r.day) ?? []), r.id]);
    }
    const [day, sameDay] = [...byDay].find(([, ids]) => ids.length >= 3) ?? [];
    const gone = sameDay?.[0] as number;
    const page2 = async () =>
      (
        await app.inject({
          url: `/v1/football/matches?date=${day}&pageSize=1&page=2`,
          headers: auth(key),
        })
      ).json() as { data: Array<{ id: number }>; meta: { total: number } };
    const before = await page2();
    expect(before.data.map((m) => m.id)).not.toContain(gone);
    await database.prisma.match.delete({ where: { id: gone } });
    await announce([gone, 'detail']);
    expect((await page2()).meta.total).toBe(before.meta.total - 1);
  });

  it('a reference change or a change that does not say what it touched clears everything', async () => {
    const before = await corners(b.id);
    await bumpCorners(b.id);
    await app.deps.events.publish({
      type: 'data-changed',
      changes: { seq: '9', reference: true, matches: [] },
    });
    const after = await corners(b.id);
    expect(after).not.toBe(before);
    await bumpCorners(b.id);
    await app.deps.events.publish({ type: 'data-changed' });
    expect(await corners(b.id)).not.toBe(after);
  });
});
