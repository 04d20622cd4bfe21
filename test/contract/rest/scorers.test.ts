import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database.js';
import { applyChanges } from '../../../src/ingest/changes/apply.js';
import { checkChange } from '../../../src/ingest/changes/format.js';
import { summarizeChanges } from '../../../src/ingest/changes/summary.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { countingDatabase, graphql } from '../../helpers/graphql.js';
import { expectSameAsRest, fullSelection } from '../../helpers/graphql-parity.js';
import { auth, type TestApp } from './matches-fixture.js';

/**
 * Issue 49: GET /v1/football/competitions/{competitionId}/scorers counts goals by player id
 * (penalties apart, own goals and goals without a player id for nobody), ranks ties together,
 * and GraphQL's `competition(id) { scorers }` says the same, batched.
 */

const NOW = '2025-03-01T12:00:00Z';
const LEAGUE = 601;
const OTHER = 602;
const TEAMS = ['North', 'South', 'East', 'West'].map((name, i) => ({
  id: 6101 + i,
  nameEn: name,
  nameOriginal: name,
  nameZhHk: `${name}隊`,
}));
const [N, S, E, W] = TEAMS.map((t) => t.id) as [number, number, number, number];
const P = {
  striker: 6201,
  winger: 6202,
  bruno: 6203,
  defender: 6204,
  aaron: 6205,
  andre: 6206,
};
const PLAYERS = [
  { id: P.striker, nameEn: 'Zed Striker', nameZhHk: '射手', teamId: N },
  { id: P.winger, nameEn: 'Wim Winger', teamId: N },
  { id: P.bruno, nameEn: 'Bruno Alves', teamId: S },
  { id: P.defender, nameEn: 'Dan Defender', teamId: S },
  { id: P.aaron, nameEn: 'Aaron Spot', teamId: E },
  { id: P.andre, nameEn: 'Andre Silva', teamId: W },
];

const match = (id: number, competitionId: number, home: number, away: number, at: string) => ({
  id,
  competitionId,
  homeTeamId: home,
  awayTeamId: away,
  kickoffUtc: new Date(at),
  status: 'finished' as const,
  season: at < '2024-07-01' ? '2023-24' : '2024-25',
});

type Side = 'home' | 'away';
const event = (
  matchId: number,
  seq: number,
  type: 'goal' | 'penalty' | 'own_goal' | 'yellow' | 'substitution',
  side: Side,
  playerId: number | null,
  relatedPlayerId: number | null = null,
) => ({
  matchId,
  seq,
  minute: 10 * seq,
  type,
  side,
  player: `#${playerId}`,
  playerId,
  relatedPlayerId,
});

async function fixture(db: Database) {
  const prisma = db.prisma;
  await prisma.competition.createMany({
    data: [
      { id: LEAGUE, code: 'SCR-L', nameEn: 'Scorers League', region: 'Europe' },
      { id: OTHER, code: 'SCR-O', nameEn: 'Other League', region: 'Asia' },
    ],
  });
  await prisma.team.createMany({ data: TEAMS });
  await prisma.player.createMany({ data: PLAYERS });
  await prisma.match.createMany({
    data: [
      match(6001, LEAGUE, N, S, '2024-08-17T15:00:00Z'),
      match(6002, LEAGUE, E, W, '2024-08-18T15:00:00Z'),
      match(6003, LEAGUE, S, N, '2023-09-01T15:00:00Z'),
      match(6004, OTHER, N, E, '2024-09-01T15:00:00Z'),
    ],
  });
  await prisma.matchEvent.createMany({
    data: [
      event(6001, 1, 'goal', 'home', P.striker, P.winger),
      event(6001, 2, 'penalty', 'home', P.striker),
      event(6001, 3, 'goal', 'away', P.bruno),
      // An own goal by South's defender: North's goal, nobody's in the table.
      event(6001, 4, 'own_goal', 'home', P.defender),
      // A goal whose source named no player id: counted for nobody.
      event(6001, 5, 'goal', 'home', null),
      event(6001, 6, 'yellow', 'away', P.bruno),
      event(6002, 1, 'penalty', 'home', P.aaron),
      event(6002, 2, 'goal', 'away', P.andre, P.striker),
      event(6003, 1, 'goal', 'home', P.bruno),
      event(6003, 2, 'goal', 'home', P.bruno),
      event(6004, 1, 'goal', 'home', P.winger),
      // Andre came on: an appearance without a sheet.
      event(6002, 4, 'substitution', 'away', P.andre),
    ],
  });
  // North's published sheet names the striker (started) and the winger (on the bench, unused);
  // South's unpublished one names Bruno: it does not count.
  await prisma.lineupTeam.createMany({
    data: [
      { matchId: 6001, side: 'home', published: true },
      { matchId: 6001, side: 'away', published: false },
    ],
  });
  const sheetPlayer = (side: Side, seq: number, playerId: number, starter: boolean) => ({
    matchId: 6001,
    side,
    seq,
    name: `#${playerId}`,
    playerId,
    starter,
  });
  await prisma.lineupPlayer.createMany({
    data: [
      sheetPlayer('home', 0, P.striker, true),
      sheetPlayer('home', 1, P.winger, false),
      sheetPlayer('away', 0, P.bruno, true),
    ],
  });
}

interface Line {
  rank: number;
  player: { id: number; name: string };
  team: { id: number; name: string };
  goals: number;
  penalties: number;
  assists?: number;
  played?: number;
}

describeEachDatabase('GET /v1/football/competitions/{id}/scorers', ({ db }) => {
  let app: TestApp;
  let key: string;
  let statements: string[];
  beforeAll(async () => {
    await fixture(db());
    const counting = countingDatabase(db());
    statements = counting.statements;
    app = (await buildTestApp(counting.database, { clock: createFakeClock(NOW) })) as TestApp;
    key = (await createAccountWithKey(db(), 'Pro')).key;
  }, 180_000);
  afterAll(() => app?.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ url: `/v1/football${url}`, headers: auth(key, headers) });
  const lines = async (url: string, headers: Record<string, string> = {}) => {
    const res = await get(url, headers);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { season: number; scorers: Line[] } }).data;
  };
  const short = (l: Line) =>
    `${l.rank} ${l.player.name} (${l.team.name}) ${l.goals}/${l.penalties}/${l.assists ?? '-'}/${l.played ?? '-'}`;

  it('counts goals and penalties by player id; own goals and goals without an id for nobody', async () => {
    const data = await lines(`/competitions/${LEAGUE}/scorers`);
    expect(data.season).toBe(2024);
    expect(data.scorers.map(short)).toEqual([
      '1 Zed Striker (North) 2/1/1/1',
      '2 Andre Silva (West) 1/0/0/1',
      '2 Bruno Alves (South) 1/0/0/-',
      '4 Aaron Spot (East) 1/1/0/-',
    ]);
    expect(data.scorers[0]).toEqual({
      rank: 1,
      player: { id: P.striker, name: 'Zed Striker' },
      team: { id: N, name: 'North' },
      goals: 2,
      penalties: 1,
      assists: 1,
      played: 1,
    });
    const older = await lines(`/competitions/${LEAGUE}/scorers?season=2023`);
    // No goal of 2023-24 names an assisting player: `assists` is not known, so absent.
    expect(older.scorers).toEqual([
      {
        rank: 1,
        player: { id: P.bruno, name: 'Bruno Alves' },
        team: { id: S, name: 'South' },
        goals: 2,
        penalties: 0,
      },
    ]);
    const zh = await lines(`/competitions/${LEAGUE}/scorers`, { 'accept-language': 'zh-HK' });
    expect(zh.scorers[0]?.player.name).toBe('射手');
    expect(zh.scorers[0]?.team.name).toBe('North隊');
  });

  it('one plan unit; ETag and Last-Modified answer 304', async () => {
    const url = `/competitions/${LEAGUE}/scorers?season=2024`;
    const first = await get(url);
    const second = await get(url);
    const left = (res: { headers: Record<string, unknown> }) =>
      Number(res.headers['x-quota-remaining']);
    expect(left(first) - left(second)).toBe(1);
    const lastModified = first.headers['last-modified'] as string;
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    const byTag = await get(url, { 'if-none-match': first.headers.etag as string });
    expect(byTag.statusCode).toBe(304);
    const byDate = await get(url, { 'if-modified-since': lastModified });
    expect(byDate.statusCode).toBe(304);
    expect(left(byDate)).toBe(left(second));
  });

  it('problems: unknown competition or season 404, a malformed season 400', async () => {
    const cases: [string, number, string][] = [
      ['/competitions/999999/scorers', 404, 'not_found'],
      [`/competitions/${LEAGUE}/scorers?season=2019`, 404, 'not_found'],
      [`/competitions/${LEAGUE}/scorers?season=24-25`, 400, 'invalid_parameter'],
      ['/competitions/abc/scorers', 400, 'invalid_parameter'],
    ];
    for (const [url, status, code] of cases) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
      expect(res.headers['content-type'], url).toMatch(/^application\/problem\+json/);
      expect((res.json() as { code: string }).code, url).toBe(code);
    }
  });

  it('GraphQL competition(id) { scorers }: as REST, several competitions in one statement', async () => {
    const selection = fullSelection('CompetitionScorers');
    const query = `{ a: competition(id: ${LEAGUE}) { scorers { ${selection} } }
      b: competition(id: ${OTHER}) { scorers(season: 2024) { ${selection} } }
      c: competition(id: ${LEAGUE}) { scorers(season: 2023) { ${selection} } } }`;
    await graphql(app, '{ usage { rate { used } } }', { key });
    statements.length = 0;
    const res = await graphql(app, query, { key });
    expect(res.body.errors).toBeUndefined();
    expect(statements.filter((sql) => /match_events/.test(sql))).toHaveLength(1);
    const data = res.body.data as Record<string, { scorers: unknown }>;
    expectSameAsRest(await lines(`/competitions/${LEAGUE}/scorers`), data['a']?.scorers);
    expectSameAsRest(await lines(`/competitions/${OTHER}/scorers?season=2024`), data['b']?.scorers);
    expectSameAsRest(
      await lines(`/competitions/${LEAGUE}/scorers?season=2023`),
      data['c']?.scorers,
    );
    const unknown = await graphql(
      app,
      `{ competition(id: ${LEAGUE}) { scorers(season: 1900) { season } } }`,
      { key },
    );
    expect(
      (unknown.body.errors as { extensions: { code: string } }[] | undefined)?.[0]?.extensions.code,
    ).toBe('not_found');
  });

  it('GraphQL competition(id) { matches(from, to) }: as GET /matches?competitionId', async () => {
    const res = await graphql(
      app,
      `{ competition(id: ${LEAGUE}) { matches(from: "2024-08-17", to: "2024-08-18", tz: 0) { items { id } pageInfo { total } } } }`,
      { key },
    );
    expect(res.body.errors).toBeUndefined();
    const page = (res.body.data as { competition: { matches: { items: { id: number }[] } } })
      .competition.matches;
    const rest = await get(`/matches?competitionId=${LEAGUE}&from=2024-08-17&to=2024-08-18&tz=0`);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(page.items.map((m) => m.id)).toEqual(
      (rest.json() as { data: { id: number }[] }).data.map((m) => m.id),
    );
    expect(page.items.map((m) => m.id).sort()).toEqual([6001, 6002]);
  });

  it('a goal written by the writer clears the cached table and moves Last-Modified', async () => {
    const url = `/competitions/${LEAGUE}/scorers`;
    const before = await get(url);
    const at = new Date(Date.parse(before.headers['last-modified'] as string) + 5000);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const record = event(6002, 3, 'goal', 'away', P.andre);
    const logged = await applyChanges(
      db().prisma,
      [{ line: 1, change: checkChange({ op: 'upsert', resource: 'events', record }, 1, 'test') }],
      'test',
      at,
    );
    await app.deps.events.publish({
      type: 'data-changed',
      changes: await summarizeChanges(db().prisma, logged),
    });
    expect((await lines(url)).scorers.map(short)).toEqual([
      '1 Andre Silva (West) 2/0/0/1',
      '2 Zed Striker (North) 2/1/1/1',
      '3 Bruno Alves (South) 1/0/0/-',
      '4 Aaron Spot (East) 1/1/0/-',
    ]);
    const after = await get(url, {
      'if-modified-since': before.headers['last-modified'] as string,
    });
    expect(after.statusCode).toBe(200);
  });
});
