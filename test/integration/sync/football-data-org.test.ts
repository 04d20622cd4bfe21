import { afterEach, beforeEach, expect, it } from 'vitest';
import type { SyncOptions } from '../../../src/ingest/sync/runner.js';
import { footballDataOrgSource } from '../../../src/ingest/sync/sources/football-data-org/index.js';
import { describeEachDatabase } from '../../helpers/db.js';
import {
  loadSession,
  type ProviderStandIn,
  startStandIn,
} from '../../helpers/provider-stand-in.js';
import { entityOf, matchBySourceId, syncRunner, truncateSyncTables } from '../../helpers/sync.js';

describeEachDatabase('touchline sync football-data-org against its stand-in', ({ db }) => {
  let standIn: ProviderStandIn;
  let lines: string[];
  const prisma = () => db().prisma;

  function runner(options: Partial<SyncOptions> = {}, key?: string) {
    lines = [];
    return syncRunner(prisma(), footballDataOrgSource, {
      standIn,
      lines,
      scope: { competitions: ['PL'], paths: [] },
      ...(key ? { key } : {}),
      ...options,
    });
  }

  const matchRow = (sourceId: string) => matchBySourceId(prisma(), 'football-data-org', sourceId);
  const goalsOf = async () =>
    prisma().matchEvent.findMany({
      where: { matchId: await entityOf(prisma(), 'football-data-org', 'match', '497499') },
      orderBy: { seq: 'asc' },
    });

  beforeEach(async () => {
    await truncateSyncTables(prisma());
  });
  afterEach(async () => {
    await standIn?.stop();
  });

  it('fills a fresh store in one pass, and a second pass writes nothing', async () => {
    standIn = await startStandIn(loadSession('football-data-org', 'season'));
    // Between matchdays 1 and 2: the results re-analyse the two matches still to play.
    const now = () => new Date('2024-08-20T12:00:00Z');
    const first = await runner({ now }).pass('full');
    expect(first).toMatchObject({ ok: true, requests: 1, reanalysed: 2 });
    const analysed = await prisma().$queryRawUnsafe<{ id: string }[]>(
      `SELECT e.source_id AS id FROM corner_analyses c
         JOIN external_ids e ON e.entity_id = c.match_id AND e.kind = 'match' ORDER BY 1`,
    );
    expect(analysed.map((a) => a.id)).toEqual(['497420', '497421']);
    expect(await prisma().match.count()).toBe(12);
    expect(await prisma().team.count()).toBe(20);
    const finished = await prisma().match.count({ where: { status: 'finished' } });
    expect(finished).toBe(10);
    const competition = await prisma().competition.findFirstOrThrow();
    expect([competition.code, competition.nameEn, competition.country]).toEqual([
      'PL',
      'Premier League',
      'England',
    ]);
    const again = await runner({ now }).pass('full');
    expect(again).toMatchObject({ ok: true, changes: 0, reanalysed: 0 });
    standIn.step('round-2-played');
    const next = await runner().pass('full');
    expect(next.changes).toBeGreaterThan(0);
    expect(await matchRow('497420')).toEqual(
      expect.objectContaining({ status: 'finished', home: 2, away: 1, ht: 1 }),
    );
    const state = await prisma().sourceState.findUniqueOrThrow({
      where: { source: 'football-data-org' },
    });
    expect(state.lastSuccessAt).not.toBeNull();
    expect(state.requests).toBe(3);
  });

  it('follows a live match to full time, a withdrawn goal included', async () => {
    standIn = await startStandIn(loadSession('football-data-org', 'live'));
    // The match kicks off at 16:30: a live pass polls what is live or about to start.
    const now = () => new Date('2024-11-10T16:20:00Z');
    await runner({ now }).pass('full');
    const seen: unknown[] = [];
    for (const step of [
      'kick-off',
      'goal',
      'stoppage',
      'half-time',
      'second-goal',
      'goal-withdrawn',
      'full-time',
    ]) {
      standIn.step(step);
      const report = await runner({ now }).pass('live');
      expect(report.ok).toBe(true);
      const row = await matchRow('497499');
      seen.push([step, row?.status, row?.minute, row?.home, row?.away]);
      if (step === 'second-goal') {
        expect(await goalsOf(), step).toHaveLength(2);
      }
    }
    expect(seen).toEqual([
      ['kick-off', 'live', '1', 0, 0],
      ['goal', 'live', '23', 1, 0],
      ['stoppage', 'live', '45+2', 1, 0],
      ['half-time', 'live', 'HT', 1, 0],
      ['second-goal', 'live', '60', 2, 0],
      ['goal-withdrawn', 'live', '63', 1, 0],
      ['full-time', 'finished', null, 1, 0],
    ]);
    // Issue 49: the goals (`goals[]`) as events naming scorer and assist by person id; the
    // goal withdrawn is gone.
    const goals = await goalsOf();
    expect(goals.map((e) => [e.minute, e.type, e.side, e.player, e.relatedPlayer])).toEqual([
      [23, 'goal', 'home', 'Cole Palmer', 'Nicolas Jackson'],
    ]);
    const [goal] = goals;
    const scorer = await prisma().player.findUniqueOrThrow({
      where: { id: goal?.playerId as number },
    });
    expect(scorer.nameEn).toBe('Cole Palmer');
    const match = await prisma().match.findUniqueOrThrow({
      where: { id: goal?.matchId as number },
    });
    expect(scorer.teamId).toBe(match.homeTeamId);
    expect(goal?.relatedPlayerId).toBe(
      await entityOf(prisma(), 'football-data-org', 'player', '176213'),
    );
    // The live pass asked for the match by id, one request each.
    expect(
      standIn.requests.filter((r) => r.path === '/matches').map((r) => r.query),
    ).toContainEqual({
      ids: '497499',
    });
  });

  it('keeps a match id when the match is postponed and re-dated', async () => {
    standIn = await startStandIn(loadSession('football-data-org', 'postponed'));
    await runner().pass('full');
    const before = await matchRow('497520');
    for (const step of ['postponed', 're-dated', 'played']) {
      standIn.step(step);
      await runner().pass('full');
    }
    const after = await matchRow('497520');
    expect(after?.id).toBe(before?.id);
    expect(after).toMatchObject({ status: 'finished', home: 2, away: 2 });
    expect(after?.kickoff.toISOString()).toBe('2025-02-12T19:30:00.000Z');
    expect(await prisma().match.count()).toBe(1);
  });

  it('retries a 500, a timeout and a 429, and loses nothing', async () => {
    standIn = await startStandIn(loadSession('football-data-org', 'season'));
    standIn.queue(
      { status: 500, text: 'Internal Server Error' },
      { delayMs: 1_000, json: {} },
      {
        status: 429,
        headers: { 'retry-after': '1' },
        json: { message: 'You reached your request limit. Wait 1 seconds.', errorCode: 429 },
      },
    );
    const http = { timeoutMs: 300, retries: 3, maxRetryAfterMs: 2_000, maxBudgetWaitMs: 0 };
    const report = await runner({ http }).pass('full');
    expect(report.error).toBeUndefined();
    // Four attempts, each taken from the budget and reported.
    expect(report).toMatchObject({ ok: true, requests: 4 });
    expect(standIn.requests.length).toBe(4);
    expect(await prisma().match.count()).toBe(12);
  });

  it('refuses a malformed answer whole and keeps what it would have replaced', async () => {
    standIn = await startStandIn(loadSession('football-data-org', 'season'));
    await runner().pass('full');
    const before = await prisma().match.findMany({ orderBy: { id: 'asc' } });
    standIn.queue({ text: '{"matches": [{"id": 1, "utcDate"' });
    const broken = await runner().pass('full');
    expect(broken.ok).toBe(false);
    expect(broken.error).toMatch(
      /refused the answer of .*competitions\/PL\/matches: not valid JSON/,
    );
    standIn.step('round-2-played');
    standIn.queue({ json: { matches: [{ id: 497420, status: 'FINISHED' }] } });
    const shape = await runner().pass('full');
    expect(shape.error).toMatch(/refused/);
    expect(await prisma().match.findMany({ orderBy: { id: 'asc' } })).toEqual(before);
    const resource = await prisma().sourceResourceState.findUniqueOrThrow({
      where: { source_resource: { source: 'football-data-org', resource: 'matches' } },
    });
    expect(resource.refusedAt).not.toBeNull();
    const state = await prisma().sourceState.findUniqueOrThrow({
      where: { source: 'football-data-org' },
    });
    expect(state.refused).toBe(2);
    await runner().pass('full');
    const cleared = await prisma().sourceResourceState.findUniqueOrThrow({
      where: { source_resource: { source: 'football-data-org', resource: 'matches' } },
    });
    expect(cleared.refusedAt).toBeNull();
  });

  it('says a bad key is refused, never printing it', async () => {
    standIn = await startStandIn(loadSession('football-data-org', 'season'));
    const report = await runner({}, 'a-wrong-token-0123456789').pass('full');
    expect(report.ok).toBe(false);
    expect(report.error).toMatch(/not within your permissions/);
    expect(lines.join('\n')).not.toContain('a-wrong-token-0123456789');
    expect(await prisma().match.count()).toBe(0);
  });

  it('never exceeds its budget', async () => {
    standIn = await startStandIn(loadSession('football-data-org', 'season'));
    const report = await runner({
      budget: '2/day',
      scope: { competitions: ['PL', 'PL', 'PL'], paths: [] },
    }).pass('full');
    expect(report.ok).toBe(false);
    expect(report.error).toMatch(/budget 2\/day used up until/);
    expect(standIn.requests.length).toBe(2);
    expect(await prisma().match.count()).toBe(0);
  });
});
