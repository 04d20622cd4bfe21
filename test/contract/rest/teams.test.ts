import Value from 'typebox/value';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MatchPageEnvelope } from '../../../src/wire/schemas/matches.js';
import { Team } from '../../../src/wire/schemas/team.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { auth, NOW, setUpMatches, type TestApp } from './matches-fixture.js';

type Page = { data: { id: number; status: string }[]; meta: Record<string, number> };

/** Issue 49: GET /v1/football/teams/{teamId} and /teams/{teamId}/matches. */
describeEachDatabase('GET /v1/football/teams/{teamId} and its matches', ({ db }) => {
  let app: TestApp;
  let key: string;
  let teamId: number;
  beforeAll(async () => {
    ({ app, key } = await setUpMatches(db()));
    // A team with finished and scheduled matches around "now".
    const [finished, scheduled] = await Promise.all([
      db().prisma.match.findFirstOrThrow({ where: { status: 'finished' }, orderBy: { id: 'asc' } }),
      db().prisma.match.findMany({ where: { status: 'scheduled' }, select: { homeTeamId: true } }),
    ]);
    teamId = scheduled.some((m) => m.homeTeamId === finished.homeTeamId)
      ? finished.homeTeamId
      : (scheduled[0]?.homeTeamId ?? finished.homeTeamId);
  }, 180_000);
  afterAll(() => app?.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ url: `/v1/football${url}`, headers: auth(key, headers) });
  const page = async (query: string) => {
    const res = await get(`/teams/${teamId}/matches?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Page;
    expect(Value.Check(MatchPageEnvelope, body), res.body).toBe(true);
    return body;
  };
  /** The team's matches straight from the database. */
  const teamMatches = async (where: object = {}, order: 'asc' | 'desc' = 'asc') =>
    (
      await db().prisma.match.findMany({
        where: { OR: [{ homeTeamId: teamId }, { awayTeamId: teamId }], ...where },
        orderBy: [{ kickoffUtc: order }, { id: order }],
        select: { id: true, competitionId: true },
      })
    ).map((m) => m.id);

  it('the team: names by Accept-Language, original name, logo, its competitions', async () => {
    const row = await db().prisma.team.findUniqueOrThrow({ where: { id: teamId } });
    const comps = await db().prisma.match.findMany({
      where: { OR: [{ homeTeamId: teamId }, { awayTeamId: teamId }] },
      distinct: ['competitionId'],
      select: { competitionId: true },
    });
    const res = await get(`/teams/${teamId}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(Value.Check(Team, data), res.body).toBe(true);
    expect(data).toMatchObject({ id: teamId, name: row.nameEn, nameOriginal: row.nameOriginal });
    expect(
      data.logo.endsWith(`/UploadFolder/Teams/${encodeURIComponent(`${row.nameOriginal}.png`)}`),
    ).toBe(true);
    expect(data.competitionIds).toEqual(comps.map((c) => c.competitionId).sort((a, b) => a - b));
    if (row.nameZhCn) {
      const zh = await get(`/teams/${teamId}`, { 'accept-language': 'zh-CN' });
      expect(zh.json().data.name).toBe(row.nameZhCn);
    }
  });

  it('404 not_found for an unknown id, 400 naming teamId for a malformed one, on both routes', async () => {
    for (const path of ['/teams/2147483000', '/teams/2147483000/matches']) {
      const res = await get(path);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json().code).toBe('not_found');
    }
    for (const path of ['/teams/abc', '/teams/0/matches', '/teams/2147483648']) {
      const res = await get(path);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ code: 'invalid_parameter', parameter: 'teamId' });
    }
  });

  it('one plan unit each; ETag and Last-Modified 304s cost none', async () => {
    for (const path of [`/teams/${teamId}`, `/teams/${teamId}/matches?last=5`]) {
      const first = await get(path);
      const second = await get(path);
      const left = (r: typeof first) => Number(r.headers['x-quota-remaining']);
      expect(left(second), path).toBe(left(first) - 1);
      expect(second.headers['x-matches-bonus-remaining'], path).toBeUndefined();
      const etag = first.headers.etag as string;
      const lastModified = first.headers['last-modified'] as string;
      expect(etag, path).toBeTruthy();
      expect(new Date(lastModified).toUTCString(), path).toBe(lastModified);
      const byEtag = await get(path, { 'if-none-match': etag });
      expect(byEtag.statusCode, path).toBe(304);
      const byDate = await get(path, { 'if-modified-since': lastModified });
      expect(byDate.statusCode, path).toBe(304);
      expect(left(byDate), path).toBe(left(second));
    }
  });

  it('the list: every match of the team by kick-off, paginated as /matches', async () => {
    const all = await teamMatches();
    expect(all.length).toBeGreaterThan(3);
    const first = await page('pageSize=3');
    expect(first.data.map((m) => m.id)).toEqual(all.slice(0, 3));
    expect(first.meta).toEqual({
      page: 1,
      pageSize: 3,
      total: all.length,
      totalPages: Math.ceil(all.length / 3),
    });
    expect((await page('pageSize=3&page=2')).data.map((m) => m.id)).toEqual(all.slice(3, 6));
    const finished = await teamMatches({ status: 'finished' });
    expect((await page('status=finished&pageSize=100')).data.map((m) => m.id)).toEqual(
      finished.slice(0, 100),
    );
  });

  it('last=N: the N latest finished, newest first; next=N: the N next scheduled', async () => {
    const last = await teamMatches({ status: 'finished' }, 'desc');
    const body = await page('last=3');
    expect(body.data.map((m) => m.id)).toEqual(last.slice(0, 3));
    expect(body.meta).toEqual({
      page: 1,
      pageSize: 3,
      total: Math.min(3, last.length),
      totalPages: last.length ? 1 : 0,
    });
    const next = await teamMatches({ status: 'scheduled' });
    expect((await page('next=2')).data.map((m) => m.id)).toEqual(next.slice(0, 2));
  });

  it('from..to: days in tz, both included; a named zone is its offset', async () => {
    const ids = await teamMatches({
      kickoffUtc: { gte: new Date('2026-11-01T00:00:00Z'), lt: new Date('2026-12-01T00:00:00Z') },
    });
    expect(
      (await page('from=2026-11-01&to=2026-11-30&tz=0&pageSize=100')).data.map((m) => m.id),
    ).toEqual(ids);
    expect(
      (await page('from=2026-11-01&to=2026-11-30&tz=Europe/London&pageSize=100')).data.map(
        (m) => m.id,
      ),
    ).toEqual(ids);
  });

  it.each([
    ['last=3&next=3', 'next'],
    ['last=3&from=2026-11-01&to=2026-11-02', 'from'],
    ['next=3&status=scheduled', 'status'],
    ['last=3&page=2', 'page'],
    ['next=2&pageSize=10', 'pageSize'],
    ['last=0', 'last'],
    ['next=101', 'next'],
    ['from=2026-11-01', 'to'],
    ['from=2026-11-02&to=2026-11-01', 'to'],
    ['tz=Mars/Olympus', 'tz'],
    ['status=done', 'status'],
  ])('?%s is 400 invalid_parameter naming %s', async (query, parameter) => {
    const res = await get(`/teams/${teamId}/matches?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_parameter', parameter });
  });

  it('a change of one of its matches evicts the cached list (any status)', async () => {
    const before = await page('next=1');
    const target = before.data[0];
    expect(target).toBeDefined();
    const match = await db().prisma.match.update({
      where: { id: target!.id },
      data: { kickoffUtc: new Date('2030-01-01T00:00:00Z') },
    });
    const stale = await page('next=1');
    expect(stale.data[0]?.id, 'cached until told').toBe(target!.id);
    await app.deps.events.publish({
      type: 'data-changed',
      changes: {
        seq: '1',
        reference: false,
        matches: [
          {
            id: match.id,
            resources: ['detail'],
            day: '2030-01-01',
            teams: [match.homeTeamId, match.awayTeamId],
            status: 'scheduled',
          },
        ],
      },
    });
    const fresh = await page('next=1');
    expect(fresh.data[0]?.id).not.toBe(target!.id);
    expect(new Date(NOW).getTime()).toBeLessThan(Date.parse('2030-01-01'));
  });
});
