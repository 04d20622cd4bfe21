import { afterAll, beforeAll, expect, it } from 'vitest';
import { summarizeChanges } from '../../../src/ingest/changes/summary.js';
import {
  clockAt,
  clockToTime,
  elapsedOf,
  FULL_TIME_ELAPSED,
  MINUTE_MS,
} from '../../../src/ingest/demo/clock.js';
import { runDemo } from '../../../src/ingest/demo/index.js';
import { createLiveEngine, type LiveEngine } from '../../../src/ingest/live/engine.js';
import {
  MatchScripts,
  type StoredFixture,
  storedFixtureOf,
} from '../../../src/ingest/live/script.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';

const SEED = 11;
const NOW = new Date('2026-11-22T04:00:00.000Z');

type App = Awaited<ReturnType<typeof buildTestApp>>;

describeEachDatabase('the live engine drives a match through the fake clock', ({ db }) => {
  let app: App;
  let key: string;
  let engine: LiveEngine;
  const clock = createFakeClock(NOW);
  const prisma = () => db().prisma;

  beforeAll(async () => {
    await runDemo(prisma(), { matches: 300, seed: SEED, now: NOW });
    app = await buildTestApp(db(), { clock });
    ({ key } = await createAccountWithKey(db(), 'Pro'));
    engine = createLiveEngine(prisma(), SEED);
  }, 180_000);
  afterAll(() => app?.close());

  const get = async (url: string) => {
    const res = await app.inject({
      url: `/v1/football${url}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().data;
  };

  /** A tick at `at`, then the caches hear of it as the server's runner tells them. */
  const tickAt = async (at: number) => {
    clock.set(new Date(at).toISOString());
    const result = await engine.tick(new Date(at));
    const changes = await summarizeChanges(prisma(), result.changes);
    await app.deps.events.publish({ type: 'data-changed', changes });
    return result;
  };

  type Change = Record<string, number | string | undefined> & { liveMinute?: string };

  /**
   * Watches a match's in-play market through REST: a tracked bookmaker's movement gains in-play
   * rows (live score and minute, never ahead of the clock) whose latest prices are the odds'
   * closing prices; the exchange book trades in play; the operator's board sells in play only
   * 1X2 and goals, and everything is closed at the end.
   */
  async function inPlayProbe(matchId: number) {
    const tracked = await prisma().oddsMovement.findFirstOrThrow({
      where: { matchId, liveScore: null, market: 'had' },
    });
    // As a provider would have sent them before kick-off: an exchange book and a board.
    await prisma().exchangeOdds.upsert({
      where: { matchId },
      create: { matchId, payload: '{"marketId":"1.1","status":"OPEN","inplay":false}' },
      update: { payload: '{"marketId":"1.1","status":"OPEN","inplay":false}' },
    });
    await prisma().regionalBoard.upsert({
      where: { matchId },
      create: { matchId, operator: 'HKJC', reference: 'SAT 1' },
      update: {},
    });
    await prisma().regionalPool.deleteMany({ where: { matchId } });
    await prisma().regionalPool.createMany({
      data: ['HAD', 'HDC', 'HIL', 'CHL'].map((pool) => ({ matchId, pool, home: 2, away: 2 })),
    });
    const hasExchange = true;
    const hasBoard = true;
    const movementUrl = `/matches/${matchId}/odds/had/${tracked.bookmakerId}`;
    let inPlay: Change[] = [];
    const exchange = async () =>
      JSON.parse(await await rawGet(`/matches/${matchId}/odds/exchange`));
    return {
      moves: () => inPlay.length,
      async check(minute: number) {
        const changes: Change[] = (await get(movementUrl)).changes;
        inPlay = changes.filter((c) => c.liveMinute !== undefined);
        for (const c of inPlay) {
          const at = clockToTime(c.liveMinute as string);
          expect(elapsedOf(at), `minute ${minute}: ${c.liveMinute}`).toBeLessThanOrEqual(minute);
          expect(c['liveScore']).toMatch(/^[0-9]+-[0-9]+$/);
        }
        const latest = inPlay[inPlay.length - 1];
        if (!latest) {
          return;
        }
        const odds: Array<{ bookmaker: { id: number }; had?: { closing?: Change } }> = await get(
          `/matches/${matchId}/odds`,
        );
        const closing = odds.find((o) => o.bookmaker.id === tracked.bookmakerId)?.had?.closing;
        expect(closing?.['home'], `minute ${minute}`).toBe(latest['home']);
        if (hasExchange) {
          expect((await exchange()).inplay, `minute ${minute}`).toBe(true);
        }
        if (hasBoard) {
          const board = await get(`/matches/${matchId}/odds/regional`);
          for (const pool of board?.pools ?? []) {
            const sold = ['HAD', 'HIL'].includes(pool.pool) ? ['selling', 'suspended'] : ['closed'];
            expect(sold, `${pool.pool} at minute ${minute}`).toContain(pool.sellingStatus);
          }
        }
      },
      async checkClosed() {
        if (hasExchange) {
          expect((await exchange()).status).toBe('CLOSED');
        }
        if (hasBoard) {
          const board = await get(`/matches/${matchId}/odds/regional`);
          expect(new Set((board?.pools ?? []).map((p: Change) => p['sellingStatus']))).toEqual(
            new Set(['closed']),
          );
        }
      },
    };
  }

  const rawGet = async (url: string) => {
    const res = await app.inject({
      url: `/v1/football${url}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.body;
  };

  /** The first upcoming match whose script has a goal that VAR withdraws. */
  async function matchWithCorrection(): Promise<StoredFixture> {
    const scripts = new MatchScripts(SEED);
    const rows = await prisma().match.findMany({
      where: { status: 'scheduled', kickoffUtc: { gt: new Date(NOW.getTime() + 2 * 3600_000) } },
      orderBy: { kickoffUtc: 'asc' },
    });
    for (const row of rows) {
      const f = storedFixtureOf(row);
      if (scripts.postponed(f)) {
        continue;
      }
      const seen = new Set<number>();
      for (let minute = 0; minute <= FULL_TIME_ELAPSED; minute++) {
        const events = scripts.stateAt(f, f.kickoffMs + minute * MINUTE_MS)?.events ?? [];
        const now = new Set(events.map((e) => e.seq));
        if ([...seen].some((seq) => !now.has(seq))) {
          return f;
        }
        for (const seq of now) {
          seen.add(seq);
        }
      }
    }
    throw new Error('no upcoming demo match has a disallowed goal');
  }

  it('lineups an hour before, live minute by minute, a goal withdrawn, finished; every route agrees', async () => {
    const f = await matchWithCorrection();
    const kickoff = f.kickoffMs;
    const before = await tickAt(kickoff - 61 * MINUTE_MS);
    expect(before.changes.some((c) => c.matchId === f.id)).toBe(false);
    const sheets = await tickAt(kickoff - 59 * MINUTE_MS);
    expect(sheets.changes.filter((c) => c.matchId === f.id).map((c) => c.resource)).toEqual([
      'lineups',
    ]);
    const lineups = await get(`/matches/${f.id}/lineups`);
    expect(lineups.home.starters).toHaveLength(11);

    // The next match of its home team: its head-to-head, read (and cached) before kick-off.
    const next = await prisma().match.findFirstOrThrow({
      where: {
        kickoffUtc: { gt: new Date(kickoff) },
        OR: [{ homeTeamId: f.homeTeamId }, { awayTeamId: f.homeTeamId }],
      },
      orderBy: { kickoffUtc: 'asc' },
    });
    const formOf = async () => {
      const h2h = await get(`/matches/${next.id}/h2h`);
      return [...h2h.form.home, ...h2h.form.away].map((e: { matchId: number }) => e.matchId);
    };
    expect(await formOf()).not.toContain(f.id);

    let withdrawn = 0;
    let previous = new Map<number, string>();
    let shots = 0;
    const market = await inPlayProbe(f.id);
    for (let minute = 0; minute < FULL_TIME_ELAPSED; minute++) {
      const tick = await tickAt(kickoff + minute * MINUTE_MS);
      const mine = tick.changes.filter((c) => c.matchId === f.id);
      const match = await get(`/matches/${f.id}`);
      expect(match.status, `minute ${minute}`).toBe('live');
      expect(match.minute).toBe(clockAt(minute));
      if (minute === 0) {
        expect(mine.map((c) => c.resource)).toContain('detail');
      }
      const events: Array<{ seq?: number; type: string; side: string; minute: number }> = await get(
        `/matches/${f.id}/events`,
      );
      const goals = { home: 0, away: 0 };
      for (const e of events) {
        if (e.type === 'goal' || e.type === 'penalty' || e.type === 'own_goal') {
          goals[e.side as 'home' | 'away']++;
        }
      }
      expect(match.score?.current ?? '0-0', `minute ${minute}`).toBe(`${goals.home}-${goals.away}`);
      const keys = new Map(events.map((e) => [e.minute * 1000 + events.indexOf(e), e.type]));
      if (events.length < previous.size) {
        withdrawn++;
        expect(mine.some((c) => c.resource === 'events' && c.kind === 'delete')).toBe(true);
      }
      previous = keys;
      const live = await get('/matches/live');
      expect(live.find((m: { id: number }) => m.id === f.id)).toEqual(match);
      // The list of its day shows it as the detail does (the caches were told only what changed).
      const day = new Date(kickoff + 8 * 3600_000).toISOString().slice(0, 10);
      const listed = (await get(`/matches?date=${day}&pageSize=100`)) as Array<{ id: number }>;
      expect(
        listed.find((m) => m.id === f.id),
        `minute ${minute}`,
      ).toEqual(match);
      const stats: Array<{ type: string; home: number; away: number }> = await get(
        `/matches/${f.id}/statistics`,
      );
      const total = stats.find((s) => s.type === 'shots');
      const now = (total?.home ?? 0) + (total?.away ?? 0);
      expect(now, `shots never go down (minute ${minute})`).toBeGreaterThanOrEqual(shots);
      shots = now;
      await market.check(minute);
    }
    expect(withdrawn).toBe(1);
    expect(market.moves(), 'in-play prices moved through the match').toBeGreaterThan(5);

    const end = await tickAt(kickoff + FULL_TIME_ELAPSED * MINUTE_MS);
    expect(end.finished).toContain(f.id);
    const match = await get(`/matches/${f.id}`);
    expect(match.status).toBe('finished');
    expect(match.minute).toBeUndefined();
    expect((await get('/matches/live')).some((m: { id: number }) => m.id === f.id)).toBe(false);
    await market.checkClosed();
    expect(await formOf(), 'the head-to-head of its team shows it once finished').toContain(f.id);
    expect(await get(`/matches/${f.id}/odds/kelly`)).toBeDefined();
    // Only the upcoming matches of the teams that finished at this tick were analysed again.
    const finishedNow = await prisma().match.findMany({ where: { id: { in: end.finished } } });
    const teams = finishedNow.flatMap((m) => [m.homeTeamId, m.awayTeamId]);
    expect(teams).toContain(f.homeTeamId);
    const upcoming = await prisma().match.findMany({
      where: {
        status: 'scheduled',
        kickoffUtc: { gt: new Date(kickoff + FULL_TIME_ELAPSED * MINUTE_MS) },
        OR: [{ homeTeamId: { in: teams } }, { awayTeamId: { in: teams } }],
      },
      select: { id: true },
    });
    expect(upcoming.length).toBeGreaterThan(0);
    expect(new Set(end.reanalysed)).toEqual(new Set(upcoming.map((m) => m.id)));
    const logged = await prisma().changeLogEntry.findMany({
      where: { resource: 'analysis', matchId: { in: end.reanalysed } },
    });
    expect(new Set(logged.map((e) => e.matchId))).toEqual(new Set(end.reanalysed));
    // A tick with nothing new writes nothing.
    const again = await tickAt(kickoff + FULL_TIME_ELAPSED * MINUTE_MS + 1000);
    expect(again.changes.filter((c) => c.matchId === f.id)).toEqual([]);
  }, 300_000);

  it("rolling fixtures: days of the coming week without matches get the calendar's fixtures, once", async () => {
    const later = NOW.getTime() + 3 * 24 * 3600_000;
    const before = await prisma().match.count();
    const pastDays = await prisma().match.count({ where: { kickoffUtc: { lt: NOW } } });
    const tick = await tickAt(later);
    expect(tick.scheduled.length).toBeGreaterThan(0);
    expect(await prisma().match.count()).toBe(before + tick.scheduled.length);
    expect(await prisma().match.count({ where: { kickoffUtc: { lt: NOW } } })).toBe(pastDays);
    const added = await prisma().match.findMany({
      where: { id: { in: tick.scheduled } },
      include: { odds: true },
    });
    for (const m of added) {
      expect(m.status).toBe('scheduled');
      expect(m.kickoffUtc.getTime()).toBeGreaterThan(later);
      expect(m.kickoffUtc.getTime()).toBeLessThan(later + 9 * 24 * 3600_000);
      expect(m.odds.length).toBeGreaterThan(0);
    }
    const match = await get(`/matches/${added[0]?.id}`);
    expect(match.status).toBe('scheduled');
    // Each (competition, season, round, teams) once, whatever moved before.
    const keys = (await prisma().match.findMany()).map(
      (m) => `${m.competitionId}|${m.season}|${m.round}|${m.homeTeamId}|${m.awayTeamId}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
    // The same day again adds nothing.
    expect((await tickAt(later + 60_000)).scheduled).toEqual([]);
  }, 300_000);
});
