import type { Database } from '../../src/db/database.js';
import type { PrismaClient } from '../../src/db/generated/client.js';
import { HONG_KONG_TZ, todayIn } from '../../src/football/match-day.js';
import { analyzeAll } from '../../src/ingest/analyze/analyze.js';
import { runDemo } from '../../src/ingest/demo/index.js';

/** "Now" of the demo data: 12:00 in Hong Kong on 2026-11-22 (live matches are relative to it). */
export const DEMO_NOW = new Date('2026-11-22T04:00:00.000Z');
export const DEMO_MATCHES = 300;
export const DEMO_SEED = 11;

/** A matchId no demo match has (int32, so it is a 404, not a malformed id). */
export const UNKNOWN_MATCH_ID = 2_147_483_000;

/** Rows of the demo data that exercise each kind of answer; every id found by a query. */
export interface DemoCases {
  /** `date` (Hong Kong) of DEMO_NOW, and the ids kicking off on it. */
  today: { date: string; matchIds: number[] };
  liveMatchId: number;
  /** A finished match with events, statistics, published lineups and odds. */
  finishedMatchId: number;
  /** The `seq` of an event of that match. */
  finishedEventSeq: number;
  /** The home team of that match (issue 49's team routes). */
  teamId: number;
  lineups: { publishedMatchId: number; unpublishedMatchId: number };
  exchange: { goodMatchId: number; malformedMatchId: number; missingMatchId: number };
  regional: { withPoolsMatchId: number; withoutPoolsMatchId: number; missingMatchId: number };
  /** A movement reachable by bookmaker id, and one by a raw name holding `*`. */
  movement: { matchId: number; market: 'had' | 'hdp' | 'hilo'; bookmakerId: number };
  starredMovement: { matchId: number; market: 'had' | 'hdp' | 'hilo'; bookmakerName: string };
  aiReports: Record<'basic' | 'deep', { publishedMatchId: number; unpublishedMatchId: number }>;
  /** A match with more than ten tips on some bet type and line. */
  tipsMatchId: number;
  /** A match with stored handicap, over-under and corner analyses. */
  analysedMatchId: number;
}

export interface DemoFixture {
  now: Date;
  cases: DemoCases;
}

const found = <T>(value: T | null | undefined, what: string): T => {
  if (value === null || value === undefined) {
    throw new Error(`demo data (seed ${DEMO_SEED}) has no ${what}`);
  }
  return value;
};

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

async function aiReportCases(prisma: PrismaClient, kind: 'basic' | 'deep') {
  const published = await prisma.aiReport.findFirst({
    where: { kind, published: true, language: 'en' },
    orderBy: { matchId: 'asc' },
  });
  const unpublished = await prisma.match.findFirst({
    where: { aiReports: { none: { kind, published: true } } },
    orderBy: { id: 'asc' },
  });
  return {
    publishedMatchId: found(published, `published ${kind} AI report`).matchId,
    unpublishedMatchId: found(unpublished, `match without a published ${kind} report`).id,
  };
}

async function exchangeCases(prisma: PrismaClient) {
  const rows = await prisma.exchangeOdds.findMany({ orderBy: { matchId: 'asc' } });
  const missing = await prisma.match.findFirst({
    where: { exchange: { is: null } },
    orderBy: { id: 'asc' },
  });
  return {
    goodMatchId: found(
      rows.find((r) => parses(r.payload)),
      'parsable exchange odds',
    ).matchId,
    malformedMatchId: found(
      rows.find((r) => !parses(r.payload)),
      'malformed exchange odds',
    ).matchId,
    missingMatchId: found(missing, 'match without exchange odds').id,
  };
}

async function regionalCases(prisma: PrismaClient) {
  const withPools = await prisma.regionalBoard.findFirst({
    where: { match: { regionalPools: { some: {} } } },
    orderBy: { matchId: 'asc' },
  });
  const withoutPools = await prisma.regionalBoard.findFirst({
    where: { match: { regionalPools: { none: {} } } },
    orderBy: { matchId: 'asc' },
  });
  const missing = await prisma.match.findFirst({
    where: { regionalBoard: { is: null } },
    orderBy: { id: 'asc' },
  });
  return {
    withPoolsMatchId: found(withPools, 'regional board with pools').matchId,
    withoutPoolsMatchId: found(withoutPools, 'regional board without pools').matchId,
    missingMatchId: found(missing, 'match without a regional board').id,
  };
}

async function movementCases(prisma: PrismaClient) {
  const byId = found(
    await prisma.oddsMovement.findFirst({
      where: { bookmaker: { isAggregate: false } },
      orderBy: [{ matchId: 'asc' }, { market: 'asc' }, { bookmakerId: 'asc' }],
    }),
    'odds movement',
  );
  const starred = found(
    await prisma.oddsMovement.findFirst({
      where: { bookmaker: { name: { contains: '*' } } },
      include: { bookmaker: true },
      orderBy: [{ matchId: 'asc' }, { market: 'asc' }, { bookmakerId: 'asc' }],
    }),
    'movement of a bookmaker with `*` in its name',
  );
  return {
    movement: { matchId: byId.matchId, market: byId.market, bookmakerId: byId.bookmakerId },
    starredMovement: {
      matchId: starred.matchId,
      market: starred.market,
      bookmakerName: starred.bookmaker.name,
    },
  };
}

/** Finds one row per kind of answer in whatever the demo generated (no hard-coded ids). */
export async function findDemoCases(prisma: PrismaClient, now = DEMO_NOW): Promise<DemoCases> {
  const date = todayIn(HONG_KONG_TZ, now);
  const dayStart = new Date(`${date}T00:00:00+08:00`);
  const today = await prisma.match.findMany({
    where: { kickoffUtc: { gte: dayStart, lt: new Date(dayStart.getTime() + 86_400_000) } },
    orderBy: [{ kickoffUtc: 'asc' }, { id: 'asc' }],
    select: { id: true },
  });
  const live = await prisma.match.findFirst({ where: { status: 'live' }, orderBy: { id: 'asc' } });
  const finished = await prisma.match.findFirst({
    where: {
      status: 'finished',
      events: { some: {} },
      statistics: { some: {} },
      odds: { some: {} },
      lineupTeams: { every: { published: true }, some: {} },
    },
    orderBy: { id: 'asc' },
  });
  const unpublishedLineups = await prisma.lineupTeam.findFirst({
    where: { published: false },
    orderBy: { matchId: 'asc' },
  });
  const tips = await prisma.customerTip.groupBy({
    by: ['matchId', 'betType', 'line'],
    _count: { _all: true },
    orderBy: { matchId: 'asc' },
  });
  const analysed = await prisma.match.findFirst({
    where: {
      cornerAnalysis: { isNot: null },
      AND: [
        { marketAnalyses: { some: { market: 'hdp' } } },
        { marketAnalyses: { some: { market: 'hilo' } } },
      ],
    },
    orderBy: { id: 'asc' },
  });
  const finishedMatchId = found(finished, 'finished match with events, lineups and odds').id;
  const event = await prisma.matchEvent.findFirst({
    where: { matchId: finishedMatchId },
    orderBy: { seq: 'desc' },
  });
  return {
    today: { date, matchIds: today.map((m) => m.id) },
    liveMatchId: found(live, 'live match').id,
    finishedMatchId,
    finishedEventSeq: found(event, 'event of the finished match').seq,
    teamId: found(finished, 'finished match').homeTeamId,
    lineups: {
      publishedMatchId: finishedMatchId,
      unpublishedMatchId: found(unpublishedLineups, 'unpublished lineup').matchId,
    },
    exchange: await exchangeCases(prisma),
    regional: await regionalCases(prisma),
    ...(await movementCases(prisma)),
    aiReports: {
      basic: await aiReportCases(prisma, 'basic'),
      deep: await aiReportCases(prisma, 'deep'),
    },
    tipsMatchId: found(
      tips.find((t) => t._count._all > 10),
      'tips sample of more than ten',
    ).matchId,
    analysedMatchId: found(analysed, 'match with handicap, over-under and corner analyses').id,
  };
}

/**
 * The shared demo data of contract tests: `runDemo` (300 matches, seed 11, DEMO_NOW) plus
 * `analyzeAll`, then the interesting rows. Call it once per database per test file (beforeAll).
 */
export async function loadDemo(db: Database): Promise<DemoFixture> {
  await runDemo(db.prisma, { matches: DEMO_MATCHES, seed: DEMO_SEED, now: DEMO_NOW });
  await analyzeAll(db.prisma);
  return { now: DEMO_NOW, cases: await findDemoCases(db.prisma) };
}

/** The Hong Kong day `gatherOnOneDay` moves matches onto. */
export const GATHERED_DAY = '2026-11-20';

/**
 * The demo spreads matches over weeks: moves its first `count` matches (by id) onto
 * GATHERED_DAY, a minute apart, for a page of that many (the GraphQL page tests).
 */
export async function gatherOnOneDay(db: Database, count: number): Promise<void> {
  await db.prisma.$executeRaw`
    UPDATE matches SET kickoff_utc = timestamp '2026-11-20 02:00:00' + (id % 600) * interval '1 minute'
    WHERE id IN (SELECT id FROM matches ORDER BY id LIMIT ${count})`;
}
