import Value from 'typebox/value';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMatchesService } from '../../../src/football/matches.js';
import { Match } from '../../../src/wire/schemas/matches.js';
import { TEST_BASE_URL } from '../../helpers/app.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { auth, LATE_MATCH_ID, nullPaths, setUpMatches, type TestApp } from './matches-fixture.js';

type Item = {
  id: number;
  status: string;
  kickoffUtc: string;
  score?: { current: string };
  competition: { name: string | null };
} & Record<string, unknown>;
type Meta = { page: number; pageSize: number; total: number; totalPages: number };

describeEachDatabase('GET /v1/football/matches (list, live, detail)', ({ db }) => {
  let app: TestApp;
  let key: string;
  beforeAll(async () => {
    ({ app, key } = await setUpMatches(db()));
  }, 180_000);
  afterAll(() => app?.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ url: `/v1/football${url}`, headers: auth(key, headers) });
  const list = async (query: string, headers: Record<string, string> = {}) => {
    const res = await get(`/matches?${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Item[]; meta: Meta };
  };
  /** Ids kicking off in [from, to), in list order, straight from the database. */
  const idsBetween = async (from: string, to: string, where: object = {}) =>
    (
      await db().prisma.match.findMany({
        where: { kickoffUtc: { gte: new Date(from), lt: new Date(to) }, ...where },
        orderBy: [{ kickoffUtc: 'asc' }, { id: 'asc' }],
        select: { id: true },
      })
    ).map((m) => m.id);

  it('defaults: today in Hong Kong, page 1 of 25, envelope with meta', async () => {
    const body = await list('');
    const expected = await idsBetween('2026-11-21T16:00:00Z', '2026-11-22T16:00:00Z');
    expect(expected.length).toBeGreaterThan(0);
    expect(body.data.map((m) => m.id)).toEqual(expected.slice(0, 25));
    expect(body.meta).toEqual({
      page: 1,
      pageSize: 25,
      total: expected.length,
      totalPages: Math.ceil(expected.length / 25),
    });
    expect(Object.keys(body).sort()).toEqual(['data', 'meta']);
  });

  it('every Match has the spec 2.3 shape: no nulls where omitted, strings for scores', async () => {
    const statuses = new Set<string>();
    for (const date of ['2026-11-21', '2026-11-22', '2026-11-23']) {
      for (const match of (await list(`date=${date}&pageSize=100`)).data) {
        statuses.add(match.status);
        expect(Value.Check(Match, match), JSON.stringify(match)).toBe(true);
        expect(nullPaths(match), JSON.stringify(match)).toEqual([]);
        expect(match.kickoffUtc).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
        expect('minute' in match).toBe(match.status === 'live');
        if (match.status === 'scheduled') {
          expect(match.score).toBeUndefined();
        }
      }
    }
    expect([...statuses]).toEqual(expect.arrayContaining(['finished', 'live', 'scheduled']));
  });

  it('a finished match shows score, half time, corners and cards as the database has them', async () => {
    const row = await db().prisma.match.findFirstOrThrow({
      where: { status: 'finished', homeYellow: { not: null } },
      include: { homeTeam: true, awayTeam: true, competition: true },
    });
    const res = await get(`/matches/${row.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: row.id,
      competition: { name: row.competition.nameEn, nameOriginal: row.competition.nameOriginal },
      home: { name: row.homeTeam.nameEn },
      away: { name: row.awayTeam.nameEn },
      status: 'finished',
      score: {
        current: `${row.homeScore}-${row.awayScore}`,
        halfTime: `${row.htHomeScore}-${row.htAwayScore}`,
      },
      corners: `${row.homeCorners}-${row.awayCorners}`,
      cards: {
        home: { yellow: row.homeYellow, red: row.homeRed },
        away: { yellow: row.awayYellow, red: row.awayRed },
      },
      kickoffUtc: row.kickoffUtc.toISOString().replace('.000Z', 'Z'),
    });
    expect(Object.keys(res.json())).toEqual(['data']);
  });

  it('cards not reported upstream: the cards object is omitted', async () => {
    const row = await db().prisma.match.findFirst({
      where: { status: 'finished', homeYellow: null, awayYellow: null, homeRed: null },
    });
    expect(row).not.toBeNull();
    const { data } = (await get(`/matches/${row?.id}`)).json();
    expect(data.cards).toBeUndefined();
    expect(data.score.current).toMatch(/^\d+-\d+$/);
  });

  it('pagination: pages partition the day; pageSize above 100 is capped; past the end is []', async () => {
    const { meta } = await list('date=2026-11-22');
    const pages = [];
    for (let page = 1; page <= Math.ceil(meta.total / 3); page++) {
      pages.push(...(await list(`date=2026-11-22&pageSize=3&page=${page}`)).data.map((m) => m.id));
    }
    expect(pages).toEqual((await list('date=2026-11-22&pageSize=100')).data.map((m) => m.id));
    const capped = await list('date=2026-11-22&pageSize=5000');
    expect(capped.meta).toMatchObject({ pageSize: 100, total: meta.total, totalPages: 1 });
    const past = await list('date=2026-11-22&page=999');
    expect(past).toEqual({
      data: [],
      meta: { page: 999, pageSize: 25, total: meta.total, totalPages: meta.totalPages },
    });
    const far = await list('date=2026-11-22&page=2147483647&pageSize=100');
    expect(far.data).toEqual([]);
    const empty = await list('date=2020-01-01');
    expect(empty).toEqual({ data: [], meta: { page: 1, pageSize: 25, total: 0, totalPages: 0 } });
  });

  it('tz: a 16:30 UTC kick-off belongs to the next Hong Kong date', async () => {
    const ids = async (q: string) => (await list(`${q}&pageSize=100`)).data.map((m) => m.id);
    expect(await ids('date=2026-11-24&tz=480')).toContain(LATE_MATCH_ID);
    expect(await ids('date=2026-11-23&tz=480')).not.toContain(LATE_MATCH_ID);
    expect(await ids('date=2026-11-23&tz=0')).toContain(LATE_MATCH_ID);
    expect(await ids('date=2026-11-23&tz=-300')).toContain(LATE_MATCH_ID);
    const hkDay = await idsBetween('2026-11-23T16:00:00Z', '2026-11-24T16:00:00Z');
    expect(await ids('date=2026-11-24&tz=480')).toEqual(hkDay);
    const utcDay = await idsBetween('2026-11-23T00:00:00Z', '2026-11-24T00:00:00Z');
    expect(await ids('date=2026-11-23&tz=0')).toEqual(utcDay);
  });

  it('league: English, Chinese and original names, case-insensitive, comma lists; unknown is []', async () => {
    const q = 'date=2026-11-22&tz=0&pageSize=100';
    const all = (await list(q)).data;
    const byCompetition = (en: string) =>
      all.filter((m) => m.competition.name === en).map((m) => m.id);
    const epl = byCompetition('Premier League');
    const liga = byCompetition('La Liga');
    expect(epl.length + liga.length).toBeGreaterThan(0);
    const ids = async (league: string) =>
      (await list(`${q}&league=${encodeURIComponent(league)}`)).data.map((m) => m.id);
    expect(await ids('premier league')).toEqual(epl);
    expect(await ids('PREMIER LEAGUE')).toEqual(epl);
    expect(await ids('英格兰足球超级联赛')).toEqual(epl);
    expect(await ids('英格蘭超級聯賽')).toEqual(epl);
    expect(await ids('laliga')).toEqual(liga);
    expect((await ids('Premier League, LaLiga')).sort()).toEqual([...epl, ...liga].sort());
    expect(await list(`${q}&league=Nowhere%20League`)).toEqual({
      data: [],
      meta: { page: 1, pageSize: 100, total: 0, totalPages: 0 },
    });
  });

  it('status: one value or a comma list', async () => {
    const q = 'date=2026-11-22&pageSize=100';
    const all = (await list(q)).data;
    const finished = all.filter((m) => m.status === 'finished').map((m) => m.id);
    const live = all.filter((m) => m.status === 'live').map((m) => m.id);
    expect(finished.length).toBeGreaterThan(0);
    expect((await list(`${q}&status=finished`)).data.map((m) => m.id)).toEqual(finished);
    const both = (await list(`${q}&status=live,finished`)).data.map((m) => m.id);
    expect(both).toEqual(
      all.filter((m) => ['live', 'finished'].includes(m.status)).map((m) => m.id),
    );
    expect(both.length).toBe(finished.length + live.length);
  });

  it('live: every running match, by kick-off then id, not paginated; filters narrow it', async () => {
    const res = await get('/matches/live');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Item[] };
    expect(Object.keys(body)).toEqual(['data']);
    const expected = await db().prisma.match.findMany({
      where: { status: 'live' },
      orderBy: [{ kickoffUtc: 'asc' }, { id: 'asc' }],
    });
    expect(body.data.map((m) => m.id)).toEqual(expected.map((m) => m.id));
    expect(body.data.every((m) => m.status === 'live' && typeof m['minute'] === 'string')).toBe(
      true,
    );
    expect(body.data.map((m) => m['minute'])).toContain('HT');
    const first = body.data[0]!;
    const sameLeague = (
      await get(`/matches/live?league=${encodeURIComponent(first.competition.name!)}`)
    ).json();
    expect(sameLeague.data.map((m: Item) => m.id)).toContain(first.id);
    expect((await get('/matches/live?status=finished')).json()).toEqual({ data: [] });
    expect((await get('/matches/live?league=nowhere')).json()).toEqual({ data: [] });
  });

  it('logos: {assets_url}/UploadFolder/Teams/ + the percent-encoded original name', async () => {
    const { data } = (await get(`/matches/${LATE_MATCH_ID}`)).json();
    const match = await db().prisma.match.findUniqueOrThrow({
      where: { id: LATE_MATCH_ID },
      include: { homeTeam: true, awayTeam: true },
    });
    expect(match.homeTeam.nameOriginal).toMatch(/[\u4e00-\u9fff]/);
    const logo = (name: string) =>
      `${TEST_BASE_URL}/assets/UploadFolder/Teams/${encodeURIComponent(`${name}.png`)}`;
    expect(data.homeLogo).toBe(logo(match.homeTeam.nameOriginal));
    expect(data.awayLogo).toBe(logo(match.awayTeam.nameOriginal));
    expect(data.homeLogo).toMatch(/\/Teams\/(%[0-9A-F]{2})+\.png$/);
  });

  it('Accept-Language: names translated, Content-Language and Vary on every response', async () => {
    const match = await db().prisma.match.findUniqueOrThrow({
      where: { id: LATE_MATCH_ID },
      include: { homeTeam: true, competition: true },
    });
    const cases = [
      [undefined, 'en', match.homeTeam.nameEn, match.competition.nameEn],
      ['zh-HK', 'zh-HK', match.homeTeam.nameZhHk, match.competition.nameZhHk],
      ['zh-TW', 'zh-HK', match.homeTeam.nameZhHk, match.competition.nameZhHk],
      ['zh-CN,zh;q=0.9', 'zh-CN', match.homeTeam.nameZhCn, match.competition.nameZhCn],
    ] as const;
    for (const [header, served, team, competition] of cases) {
      for (const url of [`/matches/${LATE_MATCH_ID}`, '/matches?date=2026-11-24']) {
        const res = await get(url, header ? { 'accept-language': header } : {});
        expect(res.headers['content-language'], url).toBe(served);
        expect(res.headers.vary).toMatch(/Accept-Language/);
        const data = res.json().data;
        const found = Array.isArray(data) ? data.find((m: Item) => m.id === LATE_MATCH_ID) : data;
        expect(found.home.name).toBe(team);
        expect(found.competition).toEqual({
          name: competition,
          nameOriginal: match.competition.nameOriginal,
        });
      }
    }
    const gzipped = await get('/matches?date=2026-11-22', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gzipped.headers.vary).toMatch(/Accept-Language/);
    const errorRes = await app.inject({
      url: '/v1/football/matches/live',
      headers: { 'accept-language': 'zh-HK' },
    });
    expect(errorRes.statusCode).toBe(401);
    expect(errorRes.headers['content-language']).toBe('zh-HK');
  });

  it('detail equals the list item', async () => {
    const { data } = await list('date=2026-11-22');
    for (const item of data.slice(0, 5)) {
      expect((await get(`/matches/${item.id}`)).json()).toEqual({ data: item });
    }
  });

  it('one SQL round trip per list page (past the end included) and per live list', async () => {
    const calls: string[] = [];
    const service = createMatchesService({
      read: (sql) => {
        calls.push(sql.text);
        return db().read(sql);
      },
    });
    const query = { date: '2026-11-22', tz: 480, pageSize: 25 };
    const page = await service.list({
      ...query,
      page: 1,
      leagues: ['Serie A'],
      statuses: ['finished'],
    });
    expect(calls).toHaveLength(1);
    const past = await service.list({ ...query, page: 50 });
    expect(past.items).toEqual([]);
    expect(past.total).toBeGreaterThanOrEqual(page.total);
    await service.listLive({ leagues: ['serie a'] });
    expect(calls).toHaveLength(3);
  });
});
