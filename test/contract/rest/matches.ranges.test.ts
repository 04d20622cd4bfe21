import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/db.js';
import { auth, setUpMatches, type TestApp } from './matches-fixture.js';

type Page = { data: { id: number }[]; meta: { total: number } };

/** Issue 49: /matches gains from/to, competitionId, teamId; tz and league take more forms. */
describeEachDatabase('GET /v1/football/matches: ranges, zones, competition and team', ({ db }) => {
  let app: TestApp;
  let key: string;
  beforeAll(async () => {
    ({ app, key } = await setUpMatches(db()));
  }, 180_000);
  afterAll(() => app?.close());

  const get = (query: string) =>
    app.inject({ url: `/v1/football/matches?${query}`, headers: auth(key) });
  const ids = async (query: string) => {
    const res = await get(query);
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    return (res.json() as Page).data.map((m) => m.id);
  };
  const between = async (from: string, to: string, where: object = {}) =>
    (
      await db().prisma.match.findMany({
        where: { kickoffUtc: { gte: new Date(from), lt: new Date(to) }, ...where },
        orderBy: [{ kickoffUtc: 'asc' }, { id: 'asc' }],
        select: { id: true },
      })
    ).map((m) => m.id);

  it('from..to: every day of the range in tz, both included, one list', async () => {
    const expected = await between('2026-11-20T00:00:00Z', '2026-11-23T00:00:00Z');
    expect(expected.length).toBeGreaterThan(0);
    expect(await ids('from=2026-11-20&to=2026-11-22&tz=0&pageSize=100')).toEqual(
      expected.slice(0, 100),
    );
    const res = await get('from=2026-11-20&to=2026-11-22&tz=0');
    expect(res.json().meta.total).toBe(expected.length);
  });

  it('tz takes an IANA zone: Asia/Hong_Kong is 480, Europe/London in November is 0', async () => {
    expect(await ids('date=2026-11-22&tz=Asia/Hong_Kong&pageSize=100')).toEqual(
      await ids('date=2026-11-22&tz=480&pageSize=100'),
    );
    expect(await ids('date=2026-11-22&tz=europe/london&pageSize=100')).toEqual(
      await ids('date=2026-11-22&tz=0&pageSize=100'),
    );
  });

  it('competitionId, teamId; league by code or id as by name', async () => {
    const range = 'from=2026-11-16&to=2026-11-29&tz=0&pageSize=100';
    const window = ['2026-11-16T00:00:00Z', '2026-11-30T00:00:00Z'] as const;
    const epl = await db().prisma.competition.findUniqueOrThrow({ where: { code: 'ENG-PL' } });
    const byComp = await between(...window, { competitionId: epl.id });
    expect(byComp.length).toBeGreaterThan(0);
    expect(await ids(`${range}&competitionId=${epl.id}`)).toEqual(byComp);
    expect(await ids(`${range}&league=eng-pl`)).toEqual(byComp);
    expect(await ids(`${range}&league=${epl.id}`)).toEqual(byComp);
    expect(await ids(`date=2026-11-22&tz=0&league=ENG-PL`)).toEqual(
      await ids(`date=2026-11-22&tz=0&league=${encodeURIComponent(epl.nameEn)}`),
    );
    const match = await db().prisma.match.findFirstOrThrow({ where: { id: byComp[0] as number } });
    const team = match.homeTeamId;
    const byTeam = await between(...window, {
      OR: [{ homeTeamId: team }, { awayTeamId: team }],
    });
    expect(await ids(`${range}&teamId=${team}`)).toEqual(byTeam);
  });

  it('without the new parameters an unknown league is still []; with them it is 400', async () => {
    expect((await get('date=2026-11-22&league=Nowhere')).json().data).toEqual([]);
    const res = await get('from=2026-11-22&to=2026-11-22&league=Nowhere');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_parameter', parameter: 'league' });
    expect(res.json().detail).toContain('Nowhere');
  });

  it.each([
    ['from=2026-11-01', 'to'],
    ['to=2026-11-01', 'from'],
    ['from=2026-11-02&to=2026-11-01', 'to'],
    ['from=2026-11-01&to=2026-12-02', 'to'],
    ['from=2026-11-31&to=2026-12-02', 'from'],
    ['date=2026-11-01&from=2026-11-01&to=2026-11-02', 'date'],
    ['tz=Mars/Olympus', 'tz'],
    ['tz=Hong%20Kong', 'tz'],
    ['competitionId=99999', 'competitionId'],
    ['teamId=99999999', 'teamId'],
    ['competitionId=abc', 'competitionId'],
  ])('/matches?%s is 400 invalid_parameter naming %s', async (query, parameter) => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_parameter', parameter });
    expect(res.json().detail).toContain(parameter);
  });

  it('31 days is the longest range', async () => {
    expect((await get('from=2026-11-01&to=2026-12-01&tz=0')).statusCode).toBe(200);
  });

  it('a cached range is evicted by a change on any of its days, not only its first and last', async () => {
    const query = 'from=2026-11-20&to=2026-11-24&tz=0&pageSize=100';
    const before = await ids(query);
    const middle = await between('2026-11-22T00:00:00Z', '2026-11-23T00:00:00Z');
    const gone = middle[0];
    expect(gone).toBeDefined();
    const moved = await db().prisma.match.update({
      where: { id: gone! },
      data: { kickoffUtc: new Date('2030-01-01T00:00:00Z') },
    });
    expect(await ids(query), 'cached until told').toEqual(before);
    await app.deps.events.publish({
      type: 'data-changed',
      changes: {
        seq: '1',
        reference: false,
        matches: [
          {
            id: moved.id,
            resources: ['detail'],
            day: '2026-11-22',
            teams: [moved.homeTeamId, moved.awayTeamId],
            status: moved.status,
          },
        ],
      },
    });
    expect(await ids(query)).not.toContain(gone);
  });
});
