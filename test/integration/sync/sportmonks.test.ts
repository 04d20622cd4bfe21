import { afterEach, beforeEach, expect, it } from 'vitest';
import { SportmonksSource } from '../../../src/ingest/sync/sources/sportmonks/index.js';
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
import { sportmonksLiveDay } from '../../helpers/sync-sessions.js';

const LIVE_MATCH = '19134520';
const DAY = { competitions: ['8'], from: '2024-10-27', to: '2024-10-27', paths: [] };
const MATCHDAY_1 = { competitions: ['8'], from: '2024-08-16', to: '2024-08-24', paths: [] };
const at = (time: string) => `2024-10-27T${time}Z`;

describeEachDatabase('touchline sync sportmonks against its stand-in', ({ db }) => {
  let standIn: ProviderStandIn;
  let lines: string[];
  /** One adapter per test, as one `touchline sync` run has (it remembers its last live pass). */
  let source: SportmonksSource;
  const prisma = () => db().prisma;
  const runner = (now: string, options: TestRunnerOptions = {}) => {
    lines = [];
    return syncRunner(prisma(), source, {
      standIn,
      lines,
      scope: DAY,
      now: () => new Date(now),
      ...options,
    });
  };
  const liveMatch = () => matchBySourceId(prisma(), 'sportmonks', LIVE_MATCH);
  const liveMatchId = () => entityOf(prisma(), 'sportmonks', 'match', LIVE_MATCH);
  const eventsOf = async (matchId: number) =>
    (await prisma().matchEvent.findMany({ where: { matchId }, orderBy: { seq: 'asc' } })).map(
      (e) => [e.seq, e.minute, e.extraMinute, e.type, e.side, e.player],
    );

  beforeEach(async () => {
    source = new SportmonksSource();
    await truncateSyncTables(prisma());
  });
  afterEach(async () => {
    await standIn?.stop();
  });

  it('fills a fresh store in one pass, and a second pass writes nothing', async () => {
    standIn = await startStandIn(loadSession('sportmonks', 'season'));
    const options = { scope: MATCHDAY_1 };
    const first = await runner('2024-08-20T09:00:00Z', options).pass('full');
    expect(first).toMatchObject({ ok: true, requests: 1 });
    expect(await prisma().match.count()).toBe(9);
    expect(await prisma().match.count({ where: { status: 'finished' } })).toBe(7);
    expect(await prisma().team.count()).toBe(15);
    const competition = await prisma().competition.findFirstOrThrow();
    expect([competition.nameEn, competition.code]).toEqual(['Premier League', 'UK PL']);
    const opener = await matchBySourceId(prisma(), 'sportmonks', '19134454');
    expect(opener).toMatchObject({ status: 'finished', home: 1, away: 0 });
    const openerId = await entityOf(prisma(), 'sportmonks', 'match', '19134454');
    expect(await prisma().lineupTeam.count({ where: { matchId: openerId } })).toBe(2);
    expect(await prisma().matchStatistic.count({ where: { matchId: openerId } })).toBeGreaterThan(
      5,
    );
    expect(await prisma().matchEvent.count()).toBe(23);
    const again = await runner('2024-08-20T09:00:00Z', options).pass('full');
    expect(again).toMatchObject({ ok: true, changes: 0 });
  });

  it('follows the live match pass by pass to full time', async () => {
    standIn = await startStandIn(sportmonksLiveDay());
    expect((await runner(at('10:00:00')).pass('full')).ok).toBe(true);
    const seen: unknown[] = [];
    const passes = [
      ['scheduled', '16:15:00'],
      ['kick-off', '16:31:00'],
      ['goal', '16:40:00'],
      ['stoppage-time', '17:18:00'],
      ['half-time', '17:20:00'],
      // Five seconds on, the same run reads only what changed (livescores/latest).
      ['half-time', '17:20:05'],
      ['second-goal', '17:48:00'],
      ['goal-withdrawn', '17:52:00'],
      ['full-time', '18:25:00'],
    ] as const;
    let withdrawn: unknown[] = [];
    for (const [step, time] of passes) {
      standIn.step(step);
      const report = await runner(at(time)).pass('live');
      expect(report.ok, report.error).toBe(true);
      // The same answers read again write nothing (another run reads inplay; this one, within
      // the reach of latest, reads latest again).
      const adapter = time === '17:20:05' ? source : new SportmonksSource();
      const again = await runner(at(time), { adapter }).pass('live');
      expect([again.ok, again.changes], step).toEqual([true, 0]);
      const match = await prisma().match.findUniqueOrThrow({
        where: { id: await liveMatchId() },
      });
      seen.push([
        step,
        match.status,
        match.minute,
        match.homeScore,
        match.awayScore,
        match.awayCorners,
      ]);
      if (step === 'second-goal') {
        withdrawn = (await eventsOf(match.id)).at(-1) ?? [];
      }
    }
    expect(seen).toEqual([
      ['scheduled', 'scheduled', null, null, null, null],
      ['kick-off', 'live', '1', 0, 0, null],
      ['goal', 'live', '10', 1, 0, 0],
      ['stoppage-time', 'live', '45+2', 1, 1, 2],
      ['half-time', 'live', 'HT', 1, 1, 2],
      ['half-time', 'live', 'HT', 1, 1, 3],
      ['second-goal', 'live', '58', 2, 1, 3],
      ['goal-withdrawn', 'live', '62', 1, 1, 3],
      ['full-time', 'finished', null, 1, 2, expect.any(Number)],
    ]);
    expect(
      standIn.requests.map((r) => r.path).filter((p) => p.startsWith('/livescores/latest')),
    ).toHaveLength(2);
    const matchId = await liveMatchId();
    const events = await eventsOf(matchId);
    // Havertz's goal ruled out by VAR is gone; every other event kept its number.
    expect(withdrawn).toEqual([2, 58, null, 'goal', 'home', 'Kai Havertz']);
    expect(events.map((e) => e[0])).not.toContain(2);
    expect(events.slice(0, 2)).toEqual([
      [0, 9, null, 'goal', 'home', 'Bukayo Saka'],
      [1, 45, 2, 'goal', 'away', 'Virgil van Dijk'],
    ]);
    expect(events.at(-1)).toEqual([expect.any(Number), 90, 3, 'yellow', 'home', 'Thomas Partey']);
    const sheets = await prisma().lineupTeam.findMany({
      where: { matchId },
      orderBy: { side: 'asc' },
    });
    expect(sheets.map((s) => [s.side, s.formation, s.published])).toEqual([
      ['home', '4-3-3', true],
      ['away', '4-2-3-1', true],
    ]);
    expect(await prisma().lineupPlayer.count({ where: { matchId } })).toBe(32);
    const possession = await prisma().matchStatistic.findUniqueOrThrow({
      where: { matchId_type: { matchId, type: 'possession' } },
    });
    expect((possession.home ?? 0) + (possession.away ?? 0)).toBe(100);
  });

  it('catches up by id on a match the livescores no longer list', async () => {
    standIn = await startStandIn(sportmonksLiveDay());
    await runner(at('10:00:00')).pass('full');
    standIn.step('goal-withdrawn');
    await runner(at('17:52:00')).pass('live');
    // The full-time pass was missed; 20 minutes later inplay has dropped the match.
    standIn.step('gone-from-livescores');
    const report = await runner(at('18:45:00')).pass('live');
    expect(report).toMatchObject({ ok: true, requests: 2 });
    expect(await liveMatch()).toMatchObject({ status: 'finished', home: 1, away: 2 });
  });

  it('keeps a match id when the match is postponed and re-dated', async () => {
    standIn = await startStandIn(loadSession('sportmonks', 'postponed'));
    const scope = { competitions: ['8'], from: '2024-12-01', to: '2025-02-28', paths: [] };
    const seen = [];
    for (const [step, now] of [
      ['scheduled', '2024-12-05T09:00:00Z'],
      ['postponed', '2024-12-07T09:00:00Z'],
      ['re-dated', '2025-01-10T09:00:00Z'],
    ] as const) {
      standIn.step(step);
      expect((await runner(now, { scope }).pass('full')).ok).toBe(true);
      const match = await matchBySourceId(prisma(), 'sportmonks', '19134568');
      seen.push([step, match?.id, match?.status, match?.kickoff.toISOString()]);
    }
    const id = seen[0]?.[1];
    expect(id).toEqual(expect.any(Number));
    expect(seen).toEqual([
      ['scheduled', id, 'scheduled', '2024-12-07T12:30:00.000Z'],
      ['postponed', id, 'postponed', '2024-12-07T12:30:00.000Z'],
      ['re-dated', id, 'scheduled', '2025-02-12T19:30:00.000Z'],
    ]);
    expect(await prisma().match.count()).toBe(1);
  });

  it('a pass that fails on a 500, a timeout, a long 429 or malformed JSON writes nothing', async () => {
    standIn = await startStandIn(sportmonksLiveDay());
    await runner(at('10:00:00')).pass('full');
    standIn.step('kick-off');
    const before = await storeSnapshot(prisma());
    const once = { http: { ...TEST_HTTP, retries: 0 } };
    const faults = [
      [{ status: 500, json: { message: 'Server Error' } }, /HTTP 500/],
      [{ delayMs: 1_000, json: {} }, /no answer within 300 ms/],
      [{ status: 429, headers: { 'retry-after': '120' }, json: {} }, /rate limited \(429\)/],
      [{ text: '{"data":[{"id":19134520,"state"' }, /not valid JSON/],
      [{ json: { data: [{ id: 19134520 }] } }, /refused/],
    ] as const;
    for (const [answer, reason] of faults) {
      standIn.queue(answer);
      const report = await runner(at('16:31:00'), once).pass('live');
      expect(report.ok).toBe(false);
      expect(report.error).toMatch(reason);
      expect(await storeSnapshot(prisma())).toEqual(before);
    }
    standIn.queue(
      { status: 500, json: { message: 'Server Error' } },
      { delayMs: 1_000, json: {} },
      { status: 429, headers: { 'retry-after': '1' }, json: {} },
    );
    const report = await runner(at('16:31:00'), { http: { ...TEST_HTTP, retries: 3 } }).pass(
      'live',
    );
    expect(report.error).toBeUndefined();
    expect(await liveMatch()).toMatchObject({ status: 'live', minute: '1' });
  });

  it('a bad token fails the pass with the provider words, writing nothing', async () => {
    standIn = await startStandIn(loadSession('sportmonks', 'season'));
    const key = 'a-wrong-sportmonks-token-0123456789';
    const report = await runner('2024-08-20T09:00:00Z', { key, scope: MATCHDAY_1 }).pass('full');
    expect(report.ok).toBe(false);
    expect(report.error).toMatch(/HTTP 401.*Please provide a valid API token/);
    expect(lines.join('\n')).not.toContain(key);
    expect(await prisma().match.count()).toBe(0);
    expect(await prisma().sourceResourceState.count({ where: { refusedAt: { not: null } } })).toBe(
      0,
    );
  });
});
