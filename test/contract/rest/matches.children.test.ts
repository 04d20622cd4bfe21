import Value from 'typebox/value';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HeadToHead, Lineups, MatchEvent } from '../../../src/wire/schemas/match-details.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { auth, LATE_MATCH_ID, nullPaths, setUpMatches, type TestApp } from './matches-fixture.js';

describeEachDatabase('GET /v1/football/matches/{id}/events|statistics|lineups|h2h', ({ db }) => {
  let app: TestApp;
  let key: string;
  beforeAll(async () => {
    ({ app, key } = await setUpMatches(db()));
  }, 180_000);
  afterAll(() => app?.close());

  const get = async (url: string, status = 200) => {
    const res = await app.inject({ url: `/v1/football/matches/${url}`, headers: auth(key) });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
    expect(res.headers['content-language']).toBe('en');
    return res.json();
  };
  const finishedWith = async (where: object) =>
    db().prisma.match.findFirstOrThrow({
      where: { status: 'finished', ...where },
      orderBy: { id: 'asc' },
      include: { events: { orderBy: { seq: 'asc' } } },
    });

  it('events: source order, minute + extraMinute + clock, scoring events carry the score', async () => {
    const match = await finishedWith({ events: { some: { extraMinute: { not: null } } } });
    const { data } = await get(`${match.id}/events`);
    expect(data.length).toBe(match.events.length);
    for (const event of data) {
      expect(Value.Check(MatchEvent, event), JSON.stringify(event)).toBe(true);
      expect(nullPaths(event)).toEqual([]);
    }
    const stoppage = data.find((e: { extraMinute?: number }) => e.extraMinute !== undefined);
    expect(stoppage.clock).toBe(`${stoppage.minute}+${stoppage.extraMinute}`);
    const goals = data.filter((e: { score?: string }) => e.score !== undefined);
    const last = goals.at(-1)?.score ?? '0-0';
    expect(last).toBe(`${match.homeScore}-${match.awayScore}`);
    expect(data.map((e: { seq: number }) => e.seq)).toEqual(match.events.map((e) => e.seq));
  });

  it('a match without events is data: []', async () => {
    expect(await get(`${LATE_MATCH_ID}/events`)).toEqual({ data: [] });
    expect(await get(`${LATE_MATCH_ID}/statistics`)).toEqual({ data: [] });
  });

  it('statistics: ordered {type, home, away} rows', async () => {
    const match = await finishedWith({ statistics: { some: {} } });
    const { data } = await get(`${match.id}/statistics`);
    const rows = await db().prisma.matchStatistic.findMany({
      where: { matchId: match.id },
      orderBy: { sort: 'asc' },
    });
    expect(data).toEqual(rows.map((r) => ({ type: r.type, home: r.home, away: r.away })));
    expect(data.map((s: { type: string }) => s.type)).toContain('possession');
  });

  it('lineups: formation, coach, 11 starters and the bench, per side', async () => {
    const match = await finishedWith({ lineupTeams: { every: { published: true }, some: {} } });
    const { data } = await get(`${match.id}/lineups`);
    expect(Value.Check(Lineups, data)).toBe(true);
    expect(nullPaths(data)).toEqual([]);
    for (const side of [data.home, data.away]) {
      expect(side.formation).toMatch(/^\d(-\d)+$/);
      expect(side.starters.length).toBe(11);
      expect(side.substitutes.length).toBeGreaterThan(0);
      expect(side.starters[0]).toMatchObject({
        position: 'GK',
        x: 5,
        captain: expect.any(Boolean),
      });
      expect(side.starters.filter((p: { captain: boolean }) => p.captain).length).toBeLessThan(2);
    }
    const subbedOff = [...data.home.starters, ...data.away.starters].find(
      (p: { subbedOutMinute?: number }) => p.subbedOutMinute !== undefined,
    );
    expect(subbedOff?.cards).toEqual({ yellow: expect.any(Number), red: expect.any(Number) });
  });

  it('lineups: unpublished sheets and missing sheets are 404', async () => {
    const hidden = await db().prisma.lineupTeam.findFirstOrThrow({ where: { published: false } });
    expect((await get(`${hidden.matchId}/lineups`, 404)).code).toBe('not_found');
    expect((await get(`${LATE_MATCH_ID}/lineups`, 404)).code).toBe('not_found');
  });

  it('h2h on demo data: valid shape, earlier meetings only', async () => {
    const match = await finishedWith({ kickoffUtc: { gte: new Date('2026-11-20T00:00:00Z') } });
    const { data } = await get(`${match.id}/h2h`);
    expect(Value.Check(HeadToHead, data), JSON.stringify(data)).toBe(true);
    expect(nullPaths(data)).toEqual([]);
    for (const m of data.matches) {
      expect(new Date(m.kickoffUtc).getTime()).toBeLessThan(match.kickoffUtc.getTime());
    }
    expect(data.form.home.length).toBeLessThanOrEqual(5);
    expect(data.summary.played).toBe(data.matches.length);
  });
});
