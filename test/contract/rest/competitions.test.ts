import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database.js';
import { applyChanges } from '../../../src/ingest/changes/apply.js';
import { checkChange } from '../../../src/ingest/changes/format.js';
import { summarizeChanges } from '../../../src/ingest/changes/summary.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { auth, type TestApp } from './matches-fixture.js';

/**
 * Issue 49: GET /v1/football/competitions and .../{competitionId}/standings behave like the
 * contract's routes: one plan unit, problem+json codes, quota headers, ETag and Last-Modified
 * with their 304s, names in the requested language, a cache a score change clears.
 */

const NOW = '2025-03-01T12:00:00Z';
const LEAGUE = 501;
const CUP = 502;
const EMPTY = 503;
const TEAMS = ['North', 'South', 'East', 'West'].map((name, i) => ({
  id: 5101 + i,
  nameEn: name,
  nameOriginal: name,
  nameZhCn: `${name}队`,
  nameZhHk: `${name}隊`,
}));
const [N, S, E, W] = TEAMS.map((t) => t.id) as [number, number, number, number];

const match = (
  id: number,
  competitionId: number,
  home: number,
  away: number,
  kickoff: string,
  extra: Record<string, unknown> = {},
) => ({
  id,
  competitionId,
  homeTeamId: home,
  awayTeamId: away,
  kickoffUtc: new Date(kickoff),
  status: 'finished' as const,
  ...extra,
});

async function fixture(db: Database) {
  const prisma = db.prisma;
  await prisma.competition.createMany({
    data: [
      {
        id: LEAGUE,
        code: 'TST-L',
        nameEn: 'Test League',
        nameZhCn: '测试联赛',
        nameZhHk: '測試聯賽',
        nameOriginal: 'Liga Prueba',
        region: 'Europe',
        country: 'Spain',
      },
      { id: CUP, code: 'TST-C', nameEn: 'Test Cup', region: 'Asia', type: 'cup' },
      { id: EMPTY, code: 'TST-E', nameEn: 'Empty League', region: 'Asia' },
    ],
  });
  await prisma.team.createMany({ data: TEAMS });
  await prisma.match.createMany({
    data: [
      // 2023-24: one match.
      match(5001, LEAGUE, N, S, '2023-09-01T15:00:00Z', {
        season: '2023-24',
        homeScore: 0,
        awayScore: 1,
      }),
      // 2024-25: North 2-0 South, East 1-1 West, West v North in play 0-3, South v East to come.
      match(5011, LEAGUE, N, S, '2024-08-17T15:00:00Z', {
        season: '2024-25',
        homeScore: 2,
        awayScore: 0,
      }),
      match(5012, LEAGUE, E, W, '2024-08-18T15:00:00Z', {
        season: '2024-25',
        homeScore: 1,
        awayScore: 1,
      }),
      match(5013, LEAGUE, W, N, '2025-03-01T11:30:00Z', {
        season: '2024-25',
        status: 'live',
        minute: '60',
        homeScore: 0,
        awayScore: 3,
      }),
      match(5014, LEAGUE, S, E, '2025-03-08T15:00:00Z', { season: '2024-25', status: 'scheduled' }),
      // A cup: group A and B, and a final decided on penalties (a 1-1 draw for any table).
      match(5021, CUP, N, S, '2024-06-01T10:00:00Z', {
        season: '2024',
        round: 'Group A',
        homeScore: 3,
        awayScore: 0,
      }),
      match(5022, CUP, E, W, '2024-06-01T12:00:00Z', {
        season: '2024',
        round: 'Group B',
        homeScore: 1,
        awayScore: 2,
      }),
      match(5023, CUP, N, W, '2024-06-20T12:00:00Z', {
        season: '2024',
        round: 'Final',
        homeScore: 1,
        awayScore: 1,
        penHomeScore: 4,
        penAwayScore: 3,
      }),
    ],
  });
  await prisma.competitionSource.create({
    data: { competitionId: LEAGUE, resource: 'fixtures', source: 'test', licence: 'CC0-1.0' },
  });
  await prisma.matchStatistic.create({
    data: { matchId: 5011, type: 'shots', home: 10, away: 4 },
  });
}

describeEachDatabase('GET /v1/football/competitions and standings', ({ db }) => {
  let app: TestApp;
  let key: string;
  const clock = createFakeClock(NOW);
  beforeAll(async () => {
    await fixture(db());
    app = (await buildTestApp(db(), { clock })) as TestApp;
    key = (await createAccountWithKey(db(), 'Pro')).key;
  }, 180_000);
  afterAll(() => app?.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ url: `/v1/football${url}`, headers: auth(key, headers) });
  const left = (res: { headers: Record<string, unknown> }) =>
    Number(res.headers['x-quota-remaining']);
  const table = async (url: string, i = 0) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      data: {
        season: number;
        standings: { type: string; group?: string; table: Record<string, unknown>[] }[];
      };
    };
    return body.data.standings[i]?.table.map(
      (r) => `${(r['team'] as { name: string }).name} ${r['played']} ${r['points']}`,
    );
  };

  it('lists every competition with seasons, current season, coverage and source', async () => {
    const res = await get('/competitions');
    expect(res.statusCode, res.body).toBe(200);
    const data = (res.json() as { data: Record<string, unknown>[] }).data;
    expect(data.map((c) => c['id'])).toEqual([LEAGUE, CUP, EMPTY]);
    expect(data[0]).toEqual({
      id: LEAGUE,
      name: 'Test League',
      nameOriginal: 'Liga Prueba',
      code: 'TST-L',
      region: 'Europe',
      country: 'Spain',
      type: 'league',
      seasons: [
        { year: 2023, firstDay: '2023-09-01', lastDay: '2023-09-01' },
        { year: 2024, firstDay: '2024-08-17', lastDay: '2025-03-08' },
      ],
      currentSeason: 2024,
      coverage: expect.objectContaining({ standings: true, statistics: true, events: false }),
      source: 'test',
      licence: 'CC0-1.0',
      sources: [{ resource: 'fixtures', source: 'test', licence: 'CC0-1.0' }],
    });
    expect(data[1]).toMatchObject({ type: 'cup', currentSeason: 2024 });
    expect(data[1]?.['coverage']).toMatchObject({ standings: true, statistics: false });
    // No matches: no seasons, no current season, no table.
    expect(data[2]).toMatchObject({ seasons: [], coverage: { standings: false } });
    expect(data[2]).not.toHaveProperty('currentSeason');
    const zh = await get('/competitions', { 'accept-language': 'zh-HK' });
    expect((zh.json() as { data: { name: string }[] }).data[0]?.name).toBe('測試聯賽');
  });

  it('costs one plan unit; ETag and Last-Modified answer 304 for nothing', async () => {
    for (const url of ['/competitions', `/competitions/${LEAGUE}/standings`]) {
      const first = await get(url);
      const second = await get(url);
      expect(first.statusCode, url).toBe(200);
      expect(left(first) - left(second), `${url}: one unit`).toBe(1);
      expect(first.headers['x-ratelimit-limit'], url).toBeDefined();
      const etag = first.headers.etag as string;
      const lastModified = first.headers['last-modified'] as string;
      expect(etag, url).toMatch(/^(W\/)?"/);
      expect(new Date(lastModified).toUTCString(), url).toBe(lastModified);
      const byTag = await get(url, { 'if-none-match': etag });
      expect(byTag.statusCode, url).toBe(304);
      expect(left(byTag), `${url}: a 304 is free`).toBe(left(second));
      const byDate = await get(url, { 'if-modified-since': lastModified });
      expect(byDate.statusCode, url).toBe(304);
      expect(left(byDate)).toBe(left(second));
    }
  });

  it('standings of the current season: finished matches only, or live ones too', async () => {
    expect(await table(`/competitions/${LEAGUE}/standings`)).toEqual([
      'North 1 3',
      'East 1 1',
      'West 1 1',
      'South 1 0',
    ]);
    expect(await table(`/competitions/${LEAGUE}/standings?live=false&season=2024`)).toEqual(
      await table(`/competitions/${LEAGUE}/standings`),
    );
    expect(await table(`/competitions/${LEAGUE}/standings?live=true`)).toEqual([
      'North 2 6',
      'East 1 1',
      'West 2 1',
      'South 1 0',
    ]);
    expect(await table(`/competitions/${LEAGUE}/standings?season=2023`)).toEqual([
      'South 1 3',
      'North 1 0',
    ]);
    const zh = await get(`/competitions/${LEAGUE}/standings`, { 'accept-language': 'zh-CN' });
    expect(zh.body).toContain('North队');
    expect(zh.headers['content-language']).toBe('zh-CN');
  });

  it('a cup has one table per group; its final on penalties counts in none', async () => {
    const res = await get(`/competitions/${CUP}/standings`);
    const body = res.json() as { data: { standings: { type: string; group?: string }[] } };
    expect(body.data.standings.map((s) => `${s.group} ${s.type}`)).toEqual([
      'Group A total',
      'Group A home',
      'Group A away',
      'Group B total',
      'Group B home',
      'Group B away',
    ]);
    expect(await table(`/competitions/${CUP}/standings`, 0)).toEqual(['North 1 3', 'South 1 0']);
  });

  it('problems: unknown competition or season 404, bad parameters 400, charged as answered', async () => {
    const cases: [string, number, string][] = [
      ['/competitions/999999/standings', 404, 'not_found'],
      [`/competitions/${LEAGUE}/standings?season=2019`, 404, 'not_found'],
      [`/competitions/${EMPTY}/standings`, 404, 'not_found'],
      [`/competitions/${LEAGUE}/standings?season=24-25`, 400, 'invalid_parameter'],
      [`/competitions/${LEAGUE}/standings?season=1066`, 400, 'invalid_parameter'],
      [`/competitions/${LEAGUE}/standings?live=maybe`, 400, 'invalid_parameter'],
      ['/competitions/0/standings', 400, 'invalid_parameter'],
      ['/competitions/abc/standings', 400, 'invalid_parameter'],
    ];
    for (const [url, status, code] of cases) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
      expect(res.headers['content-type'], url).toMatch(/^application\/problem\+json/);
      expect((res.json() as { code: string }).code, url).toBe(code);
      expect(res.headers['x-quota-remaining'], url).toBeDefined();
    }
    const season = await get(`/competitions/${LEAGUE}/standings?season=2019`);
    expect((season.json() as { detail: string }).detail).toContain('2023, 2024');
    const unkeyed = await app.inject({ url: `/v1/football/competitions/${LEAGUE}/standings` });
    expect(unkeyed.statusCode).toBe(401);
  });

  it('answers that follow the date (the current season) follow it when sent again from memory', async () => {
    const url = `/competitions/${LEAGUE}/standings`;
    const seasonOf = async () =>
      ((await get(url)).json() as { data: { season: number } }).data.season;
    const currentOf = async () =>
      (
        (await get('/competitions')).json() as { data: { id: number; currentSeason: number }[] }
      ).data.find((c) => c.id === LEAGUE)?.currentSeason;
    try {
      // The day before 2024-25's first match: 2023-24 is the current season.
      clock.set('2024-08-16T12:00:00Z');
      for (let i = 0; i < 3; i += 1) {
        expect(await seasonOf()).toBe(2023);
        expect(await currentOf()).toBe(2023);
      }
      clock.set('2024-08-18T12:00:00Z');
      expect(await seasonOf()).toBe(2024);
      expect(await currentOf()).toBe(2024);
    } finally {
      clock.set(NOW);
    }
  });

  it('a score change written by the writer clears the cached table and moves Last-Modified', async () => {
    const url = `/competitions/${LEAGUE}/standings`;
    const before = await get(url);
    expect(await table(url)).toEqual(['North 1 3', 'East 1 1', 'West 1 1', 'South 1 0']);
    const at = new Date(Date.parse(before.headers['last-modified'] as string) + 5000);
    // HTTP dates have whole seconds: the write must land in a later second than the table read.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const record = {
      id: 5012,
      competitionId: LEAGUE,
      homeTeamId: E,
      awayTeamId: W,
      status: 'finished',
      kickoffUtc: '2024-08-18T15:00:00Z',
      season: '2024-25',
      homeScore: 2,
      awayScore: 1,
    };
    const logged = await applyChanges(
      db().prisma,
      [{ line: 1, change: checkChange({ op: 'upsert', resource: 'matches', record }, 1, 'test') }],
      'test',
      at,
    );
    await app.deps.events.publish({
      type: 'data-changed',
      changes: await summarizeChanges(db().prisma, logged),
    });
    expect(await table(url)).toEqual(['North 1 3', 'East 1 3', 'West 1 0', 'South 1 0']);
    const after = await get(url, {
      'if-modified-since': before.headers['last-modified'] as string,
    });
    expect(after.statusCode).toBe(200);
    expect(Date.parse(after.headers['last-modified'] as string)).toBeGreaterThan(
      Date.parse(before.headers['last-modified'] as string),
    );
  });
});
