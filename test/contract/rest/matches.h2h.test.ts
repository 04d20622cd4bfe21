import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { auth, createMiniLeague, playMatch, type TestApp } from './matches-fixture.js';

const [A, B, C, D] = [7701, 7702, 7703, 7704];
const LEAGUE = { name: 'Test League', nameOriginal: '測試聯賽' };

describeEachDatabase('GET /v1/football/matches/{id}/h2h on a hand-made history', ({ db }) => {
  let app: TestApp;
  let key: string;
  let target: number;
  let fresh: number;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    await createMiniLeague(db());
    ids['a-b-1001'] = await playMatch(db(), A, B, '2026-10-01T12:00:00Z', [2, 1]);
    ids['b-a-1015'] = await playMatch(db(), B, A, '2026-10-15T12:00:00Z', [3, 0]);
    ids['a-b-1101'] = await playMatch(db(), A, B, '2026-11-01T12:00:00Z', [1, 1]);
    ids['a-c-1105'] = await playMatch(db(), A, C, '2026-11-05T12:00:00Z', [0, 1]);
    ids['b-a-1110'] = await playMatch(db(), B, A, '2026-11-10T12:00:00Z', [0, 2]);
    await playMatch(db(), A, B, '2026-11-12T12:00:00Z', [1, 0], 'abandoned');
    ids['c-a-1115'] = await playMatch(db(), C, A, '2026-11-15T12:00:00Z', [2, 2]);
    ids['b-c-1118'] = await playMatch(db(), B, C, '2026-11-18T12:00:00Z', [4, 0]);
    ids['d-a-1120'] = await playMatch(db(), D, A, '2026-11-20T12:00:00Z', [0, 3]);
    target = await playMatch(db(), A, B, '2026-12-01T12:00:00Z', null, 'scheduled');
    // Played after the target's kick-off: not part of its head-to-head.
    await playMatch(db(), B, A, '2026-12-08T12:00:00Z', [5, 0]);
    fresh = await playMatch(db(), C, D, '2026-12-01T12:00:00Z', null, 'scheduled');
    app = (await buildTestApp(db())) as TestApp;
    ({ key } = await createAccountWithKey(db(), 'Plus'));
  }, 120_000);
  afterAll(() => app?.close());

  const h2h = async (id: number, language?: string) => {
    const res = await app.inject({
      url: `/v1/football/matches/${id}/h2h`,
      headers: auth(key, language ? { 'accept-language': language } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('meetings before the match, latest first, summarised from the home team side', async () => {
    const data = await h2h(target);
    expect(data.home).toEqual({ name: 'Team A' });
    expect(data.away).toEqual({ name: 'Team B' });
    expect(data.summary).toEqual({
      played: 4,
      homeWins: 2,
      draws: 1,
      awayWins: 1,
      homeGoals: 5,
      awayGoals: 5,
    });
    expect(data.matches).toEqual([
      {
        id: ids['b-a-1110'],
        competition: LEAGUE,
        kickoffUtc: '2026-11-10T12:00:00Z',
        home: { name: 'Team B' },
        away: { name: 'Team A' },
        score: '0-2',
        result: 'W',
      },
      expect.objectContaining({ id: ids['a-b-1101'], score: '1-1', result: 'D' }),
      expect.objectContaining({ id: ids['b-a-1015'], score: '3-0', result: 'L' }),
      expect.objectContaining({ id: ids['a-b-1001'], score: '2-1', result: 'W' }),
    ]);
  });

  it('recent form: the last five results of each team, W/D/L with the score as played', async () => {
    const { form } = await h2h(target);
    const brief = (e: { matchId: number; venue: string; score: string; result: string }) => [
      e.matchId,
      e.venue,
      e.score,
      e.result,
    ];
    expect(form.home.map(brief)).toEqual([
      [ids['d-a-1120'], 'away', '0-3', 'W'],
      [ids['c-a-1115'], 'away', '2-2', 'D'],
      [ids['b-a-1110'], 'away', '0-2', 'W'],
      [ids['a-c-1105'], 'home', '0-1', 'L'],
      [ids['a-b-1101'], 'home', '1-1', 'D'],
    ]);
    expect(form.away.map(brief)).toEqual([
      [ids['b-c-1118'], 'home', '4-0', 'W'],
      [ids['b-a-1110'], 'home', '0-2', 'L'],
      [ids['a-b-1101'], 'away', '1-1', 'D'],
      [ids['b-a-1015'], 'home', '3-0', 'W'],
      [ids['a-b-1001'], 'away', '2-1', 'L'],
    ]);
    expect(form.home[0]).toEqual({
      matchId: ids['d-a-1120'],
      competition: LEAGUE,
      kickoffUtc: '2026-11-20T12:00:00Z',
      venue: 'away',
      opponent: { name: 'Team D' },
      score: '0-3',
      result: 'W',
    });
  });

  it('from the other side: the reverse fixture mirrors the summary', async () => {
    const reverse = await playMatch(db(), B, A, '2026-12-02T12:00:00Z', null, 'scheduled');
    const data = await h2h(reverse);
    expect(data.summary).toMatchObject({ played: 4, homeWins: 1, draws: 1, awayWins: 2 });
    expect(data.matches.map((m: { result: string }) => m.result)).toEqual(['L', 'D', 'W', 'L']);
  });

  it('names follow Accept-Language', async () => {
    const data = await h2h(target, 'zh-HK');
    expect(data.home).toEqual({ name: '甲隊' });
    expect(data.matches[0].competition).toEqual({ name: '測試聯賽', nameOriginal: '測試聯賽' });
    expect(data.form.home[0].opponent).toEqual({ name: '丁隊' });
  });

  it('no history: an empty summary and empty lists, not a 404', async () => {
    const data = await h2h(fresh);
    expect(data.summary).toEqual({
      played: 0,
      homeWins: 0,
      draws: 0,
      awayWins: 0,
      homeGoals: 0,
      awayGoals: 0,
    });
    expect(data.matches).toEqual([]);
    expect(data.form.home.length).toBe(3);
  });
});
