import { afterEach, beforeEach, expect, it } from 'vitest';
import { apiFootballSource } from '../../../src/ingest/sync/sources/api-football/index.js';
import { describeEachDatabase } from '../../helpers/db.js';
import {
  loadSession,
  type ProviderStandIn,
  startStandIn,
} from '../../helpers/provider-stand-in.js';
import {
  entityOf,
  matchBySourceId,
  storeSnapshot,
  syncRunner,
  TEST_HTTP,
  type TestRunnerOptions,
  truncateSyncTables,
} from '../../helpers/sync.js';
import { apiFootballLiveDay as liveDay, recordedAnswer } from '../../helpers/sync-sessions.js';

const LIVE_MATCH = '1208029';
/** The live session's steps, each read at the time it stands for (18 August 2024, UTC). */
const LIVE_STEPS = [
  ['kick-off', '2024-08-18T15:31:30Z'],
  ['goal', '2024-08-18T15:49:40Z'],
  ['half-time', '2024-08-18T16:20:00Z'],
  ['equaliser', '2024-08-18T16:52:10Z'],
  ['goal-withdrawn', '2024-08-18T16:55:30Z'],
  ['full-time', '2024-08-18T17:27:00Z'],
] as const;
const ROUND_1_MORNING = '2024-08-18T10:00:00Z';

describeEachDatabase('touchline sync api-football against its stand-in', ({ db }) => {
  let standIn: ProviderStandIn;
  let lines: string[];
  const prisma = () => db().prisma;
  const runner = (at: string, options: TestRunnerOptions = {}) => {
    lines = [];
    return syncRunner(prisma(), apiFootballSource, {
      standIn,
      lines,
      scope: { competitions: ['PL'], paths: [] },
      now: () => new Date(at),
      ...options,
    });
  };
  const liveMatch = () => matchBySourceId(prisma(), 'api-football', LIVE_MATCH);
  const liveMatchId = () => entityOf(prisma(), 'api-football', 'match', LIVE_MATCH);

  beforeEach(async () => {
    await truncateSyncTables(prisma());
  });
  afterEach(async () => {
    await standIn?.stop();
  });

  it('fills a fresh store in one pass, and a second pass writes nothing', async () => {
    standIn = await startStandIn(loadSession('api-football', 'season'));
    const first = await runner(ROUND_1_MORNING).pass('full');
    // The fixtures and two pages of pre-match odds.
    expect(first).toMatchObject({ ok: true, requests: 3 });
    expect(first.changes).toBeGreaterThan(0);
    expect(await prisma().match.count()).toBe(10);
    expect(await prisma().match.count({ where: { status: 'finished' } })).toBe(7);
    expect(await prisma().team.count()).toBe(20);
    const competition = await prisma().competition.findFirstOrThrow();
    expect([competition.code, competition.nameEn, competition.country]).toEqual([
      'PL',
      'Premier League',
      'England',
    ]);
    const played = await matchBySourceId(prisma(), 'api-football', '1208021');
    expect(played).toMatchObject({ status: 'finished', home: 1, away: 0 });
    // Three matches to come, each with 1X2, handicap and totals; Pinnacle prices one of them.
    expect(await prisma().odds.count()).toBe(12);
    expect(
      (await prisma().bookmaker.findMany({ orderBy: { name: 'asc' } })).map((b) => b.name),
    ).toEqual(['Bet365', 'Pinnacle']);
    const again = await runner(ROUND_1_MORNING).pass('full');
    expect(again).toMatchObject({ ok: true, changes: 0 });
    expect(again.records).toBeGreaterThan(0);
  });

  it('follows the live match pass by pass to full time', async () => {
    standIn = await startStandIn(liveDay());
    await runner(ROUND_1_MORNING).pass('full');
    const seqOf = new Map<string, number>();
    const seen: unknown[] = [];
    for (const [step, at] of LIVE_STEPS) {
      standIn.step(step);
      const report = await runner(at).pass('live');
      expect(report.ok, report.error).toBe(true);
      // The same answers again: nothing new (prices seen, events numbered, sheets stored).
      expect((await runner(at).pass('live')).changes, step).toBe(0);
      const match = await liveMatch();
      seen.push([step, match?.status, match?.minute, match?.home, match?.away]);
      const matchId = await liveMatchId();
      for (const e of await prisma().matchEvent.findMany({ where: { matchId } })) {
        const key = `${e.type} ${e.minute} ${e.player}`;
        // An event keeps the number it was first given, whatever else comes or goes.
        expect(seqOf.get(key) ?? e.seq, `${step}: ${key}`).toBe(e.seq);
        seqOf.set(key, e.seq);
      }
    }
    expect(seen).toEqual([
      ['kick-off', 'live', '1', 0, 0],
      ['goal', 'live', '18', 0, 1],
      ['half-time', 'live', 'HT', 0, 1],
      ['equaliser', 'live', '63', 1, 1],
      ['goal-withdrawn', 'live', '66', 0, 1],
      ['full-time', 'finished', null, 0, 2],
    ]);
    const match = await prisma().match.findUniqueOrThrow({
      where: { id: await liveMatchId() },
    });
    expect(match).toMatchObject({ htHomeScore: 0, htAwayScore: 1, homeCorners: 5, awayCorners: 6 });
    expect([match.homeYellow, match.homeRed, match.awayYellow, match.awayRed]).toEqual([
      3, 0, 0, 0,
    ]);
    await expectFullTimeChildren(match.id);
  });

  async function expectFullTimeChildren(matchId: number) {
    const events = await prisma().matchEvent.findMany({
      where: { matchId },
      orderBy: { seq: 'asc' },
    });
    // The equaliser ruled out by VAR (seq 4) is gone; the VAR decision and the rest stay.
    expect(events.map((e) => [e.seq, e.minute, e.type, e.side, e.player])).toEqual([
      [0, 18, 'goal', 'away', 'E. Haaland'],
      [1, 32, 'yellow', 'home', 'M. Caicedo'],
      [2, 45, 'yellow', 'home', 'Enzo'],
      [3, 60, 'substitution', 'home', 'P. Neto'],
      [5, 64, 'var', 'home', 'N. Jackson'],
      [6, 72, 'substitution', 'away', 'J. Grealish'],
      [7, 84, 'goal', 'away', 'M. Kovačić'],
      [8, 88, 'yellow', 'home', 'C. Palmer'],
    ]);
    const sheets = await prisma().lineupTeam.findMany({
      where: { matchId },
      orderBy: { side: 'asc' },
    });
    expect(sheets.map((s) => [s.side, s.formation, s.coach, s.published])).toEqual([
      ['home', '4-2-3-1', 'E. Maresca', true],
      ['away', '4-1-4-1', 'Guardiola', true],
    ]);
    const keeper = await prisma().lineupPlayer.findFirstOrThrow({
      where: { matchId, side: 'home', seq: 0 },
    });
    expect(keeper).toMatchObject({ name: 'Robert Sánchez', position: 'G', x: 5, y: 50 });
    expect(await prisma().lineupPlayer.count({ where: { matchId } })).toBe(30);
    const statistics = await prisma().matchStatistic.findMany({
      where: { matchId },
      orderBy: { sort: 'asc' },
    });
    expect(statistics).toHaveLength(16);
    expect(statistics.slice(0, 2).map((s) => [s.type, s.home, s.away])).toEqual([
      ['possession', 45, 55],
      ['shots', 10, 15],
    ]);
    await expectOddsMovement(matchId);
  }

  async function expectOddsMovement(matchId: number) {
    const inPlay = await prisma().bookmaker.findUniqueOrThrow({
      where: { name: 'API-Football in-play' },
    });
    const moves = await prisma().oddsMovement.findMany({
      where: { matchId, bookmakerId: inPlay.id, market: 'had' },
      orderBy: { seq: 'asc' },
    });
    // Every change while in play, with the score and clock; none while bets were blocked (VAR).
    expect(
      moves.map((m) => [
        m.seq,
        m.changedAt.toISOString(),
        m.home,
        m.draw,
        m.away,
        m.liveScore,
        m.liveMinute,
      ]),
    ).toEqual([
      [0, '2024-08-18T15:31:20.000Z', 4.6, 4, 1.7, '0-0', '1'],
      [1, '2024-08-18T15:49:30.000Z', 8.5, 5, 1.3, '0-1', '18'],
      [2, '2024-08-18T16:19:50.000Z', 9, 4.75, 1.3, '0-1', 'HT'],
      [3, '2024-08-18T16:52:00.000Z', 3.6, 2.55, 2.6, '1-1', '63'],
    ]);
    const opened = await prisma().odds.findUniqueOrThrow({
      where: { matchId_bookmakerId_market: { matchId, bookmakerId: inPlay.id, market: 'had' } },
    });
    // Opened at the first in-play price; no closing price, as it was first seen after kick-off.
    expect([opened.openHome, opened.openedAt?.toISOString(), opened.closeHome]).toEqual([
      4.6,
      '2024-08-18T15:31:20.000Z',
      null,
    ]);
    const bet365 = await prisma().bookmaker.findUniqueOrThrow({ where: { name: 'Bet365' } });
    const preMatch = await prisma().odds.findUniqueOrThrow({
      where: { matchId_bookmakerId_market: { matchId, bookmakerId: bet365.id, market: 'had' } },
    });
    expect([preMatch.openHome, preMatch.closeHome, preMatch.closedAt?.toISOString()]).toEqual([
      4.5,
      4.5,
      '2024-08-18T07:00:09.000Z',
    ]);
  }

  it('keeps a match id when the match is postponed and re-dated', async () => {
    standIn = await startStandIn(loadSession('api-football', 'postponed'));
    const passes = [
      ['postponed', '2024-12-06T10:00:00Z'],
      ['re-dated', '2024-12-10T10:00:00Z'],
      ['played', '2025-02-13T10:00:00Z'],
    ] as const;
    const seen = [];
    for (const [step, at] of passes) {
      standIn.step(step);
      expect((await runner(at).pass('full')).ok).toBe(true);
      const match = await matchBySourceId(prisma(), 'api-football', '1208156');
      seen.push([step, match?.id, match?.status, match?.kickoff.toISOString(), match?.home]);
    }
    const id = seen[0]?.[1];
    expect(seen).toEqual([
      ['postponed', id, 'postponed', '2024-12-07T12:30:00.000Z', null],
      ['re-dated', id, 'scheduled', '2025-02-12T19:30:00.000Z', null],
      ['played', id, 'finished', '2025-02-12T19:30:00.000Z', 2],
    ]);
    expect(await prisma().match.count()).toBe(2);
  });

  it('a pass that fails on a 500, a timeout, a long 429 or malformed JSON writes nothing', async () => {
    const session = liveDay();
    standIn = await startStandIn(session);
    await runner(ROUND_1_MORNING).pass('full');
    standIn.step('kick-off');
    const before = await storeSnapshot(prisma());
    const once = { http: { ...TEST_HTTP, retries: 0 } };
    const fixtures = recordedAnswer(session, 'kick-off', '/fixtures', { ids: LIVE_MATCH });
    const faults = [
      [[{ status: 500, text: 'Internal Server Error' }], /HTTP 500/],
      [[{ delayMs: 1_000, json: {} }], /no answer within 300 ms/],
      [[{ status: 429, headers: { 'retry-after': '120' }, text: '' }], /rate limited \(429\)/],
      // The fixture answer is good; the in-play odds after it are not: the whole pass is dropped.
      [[fixtures, { text: '{"get":"odds/live","response":[{"fixture"' }], /not valid JSON/],
    ] as const;
    for (const [answers, reason] of faults) {
      standIn.queue(...answers);
      const report = await runner(LIVE_STEPS[0][1], once).pass('live');
      expect(report.ok).toBe(false);
      expect(report.error).toMatch(reason);
      expect(await storeSnapshot(prisma())).toEqual(before);
    }
    const odds = { source: 'api-football', resource: 'odds' };
    const refused = await prisma().sourceResourceState.findUniqueOrThrow({
      where: { source_resource: odds },
    });
    expect(refused.refusedAt).not.toBeNull();
    // Retried within the pass: the same faults lose nothing.
    standIn.queue(
      { status: 500, text: 'Internal Server Error' },
      { delayMs: 1_000, json: {} },
      { status: 429, headers: { 'retry-after': '1' }, text: '' },
    );
    const http = { http: { ...TEST_HTTP, retries: 3 } };
    const report = await runner(LIVE_STEPS[0][1], http).pass('live');
    expect(report.error).toBeUndefined();
    expect(await liveMatch()).toMatchObject({ status: 'live', minute: '1' });
    expect(await prisma().oddsMovement.count({ where: { liveMinute: '1' } })).toBe(3);
    const cleared = await prisma().sourceResourceState.findUniqueOrThrow({
      where: { source_resource: odds },
    });
    expect(cleared.refusedAt).toBeNull();
  });

  it('a bad key (HTTP 200 with errors.token) fails the pass as refused credentials', async () => {
    standIn = await startStandIn(loadSession('api-football', 'season'));
    const key = 'a-wrong-api-football-key-0123456789';
    const report = await runner(ROUND_1_MORNING, { key }).pass('full');
    expect(report.ok).toBe(false);
    expect(report.error).toMatch(/API-Football says token: Error\/Missing application key/);
    expect(lines.join('\n')).not.toContain(key);
    expect(await prisma().match.count()).toBe(0);
    // Its own words about the key, not an answer that broke its shape: nothing marked refused.
    expect(await prisma().sourceResourceState.count({ where: { refusedAt: { not: null } } })).toBe(
      0,
    );
    const state = await prisma().sourceState.findUniqueOrThrow({
      where: { source: 'api-football' },
    });
    expect([state.errors, state.refused, state.lastSuccessAt]).toEqual([1, 0, null]);
  });

  it('a spent daily quota (HTTP 200 with errors.requests) waits for the next day', async () => {
    standIn = await startStandIn(loadSession('api-football', 'season'));
    standIn.step('daily-limit');
    const report = await runner(ROUND_1_MORNING).pass('full');
    expect(report.ok).toBe(false);
    expect(report.error).toMatch(/API-Football says requests: You have reached the request limit/);
    expect(report.retryAt?.getTime()).toBeGreaterThan(Date.now());
    expect(await prisma().match.count()).toBe(0);
  });
});
