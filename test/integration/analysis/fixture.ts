import type { PrismaClient } from '../../../src/db/generated/client.js';

const day = (d: number) => new Date(Date.UTC(2024, 0, d, 15, 0, 0));

/**
 * Four teams, two competitions, two real bookmakers and one aggregate. Match 104 (Alpha v Beta,
 * scheduled) is the one whose analysis the test checks by hand:
 * - 101 Alpha 2-1 Gamma (League), corners h5, a20, h45+2, h90+3; hdp -0.75/-1, hilo 2.5/-
 * - 102 Delta 0-0 Alpha (Cup), corner totals only (4-5, no minutes); hdp 0.25/-
 * - 103 Beta 1-1 Gamma (League), corner a10; hdp 0/0
 * - 105 Alpha v Delta (League), postponed: never in a sample
 */
export async function insertAnalysisFixture(db: PrismaClient): Promise<void> {
  await db.competition.createMany({
    data: [
      { id: 1, code: 'LGA', nameEn: 'League A', region: 'Europe' },
      { id: 2, code: 'CPB', nameEn: 'Cup B', region: 'Europe' },
    ],
  });
  await db.team.createMany({
    data: ['Alpha', 'Beta', 'Gamma', 'Delta'].map((name, k) => ({
      id: k + 1,
      nameEn: name,
      nameOriginal: name,
    })),
  });
  await db.bookmaker.createMany({
    data: [
      { id: 10, name: 'Bet A', nameEn: 'Bet A' },
      { id: 11, name: 'Bet*B', nameEn: 'Bet B' },
      { id: 90, name: 'Max', nameEn: 'Max', isAggregate: true },
    ],
  });
  const finished = { status: 'finished' as const };
  await db.match.createMany({
    data: [
      {
        id: 101,
        competitionId: 1,
        homeTeamId: 1,
        awayTeamId: 3,
        kickoffUtc: day(1),
        ...finished,
        homeScore: 2,
        awayScore: 1,
        homeCorners: 3,
        awayCorners: 1,
      },
      {
        id: 102,
        competitionId: 2,
        homeTeamId: 4,
        awayTeamId: 1,
        kickoffUtc: day(8),
        ...finished,
        homeScore: 0,
        awayScore: 0,
        homeCorners: 4,
        awayCorners: 5,
      },
      {
        id: 103,
        competitionId: 1,
        homeTeamId: 2,
        awayTeamId: 3,
        kickoffUtc: day(15),
        ...finished,
        homeScore: 1,
        awayScore: 1,
        homeCorners: 0,
        awayCorners: 1,
      },
      {
        id: 105,
        competitionId: 1,
        homeTeamId: 1,
        awayTeamId: 4,
        kickoffUtc: day(20),
        status: 'postponed',
      },
      {
        id: 104,
        competitionId: 1,
        homeTeamId: 1,
        awayTeamId: 2,
        kickoffUtc: day(22),
        status: 'scheduled',
      },
    ],
  });
  await db.matchEvent.createMany({
    data: [
      { matchId: 101, seq: 1, minute: 5, type: 'corner', side: 'home' },
      { matchId: 101, seq: 2, minute: 20, type: 'corner', side: 'away' },
      { matchId: 101, seq: 3, minute: 30, type: 'goal', side: 'home' },
      { matchId: 101, seq: 4, minute: 45, extraMinute: 2, type: 'corner', side: 'home' },
      { matchId: 101, seq: 5, minute: 90, extraMinute: 3, type: 'corner', side: 'home' },
      { matchId: 103, seq: 1, minute: 10, type: 'corner', side: 'away' },
    ],
  });
  await db.odds.createMany({
    data: [
      { matchId: 101, bookmakerId: 10, market: 'hdp', openLine: -0.75, closeLine: -1 },
      { matchId: 101, bookmakerId: 90, market: 'hdp', openLine: -0.5, closeLine: -0.5 },
      { matchId: 101, bookmakerId: 11, market: 'hilo', openLine: 2.5 },
      { matchId: 102, bookmakerId: 10, market: 'hdp', openLine: 0.25 },
      { matchId: 103, bookmakerId: 10, market: 'hdp', openLine: 0, closeLine: 0 },
      { matchId: 104, bookmakerId: 10, market: 'hdp', openLine: -0.5, closeLine: -0.25 },
      { matchId: 104, bookmakerId: 90, market: 'hdp', openLine: -0.5 },
      { matchId: 104, bookmakerId: 11, market: 'hilo', openLine: 2.5 },
      {
        matchId: 104,
        bookmakerId: 10,
        market: 'had',
        openHome: 2,
        openDraw: 3.5,
        openAway: 4,
        closeHome: 1.9,
        closeDraw: 3.6,
        closeAway: 4.2,
      },
      { matchId: 104, bookmakerId: 11, market: 'had', openHome: 2.1, openDraw: 3.4, openAway: 3.8 },
      { matchId: 104, bookmakerId: 90, market: 'had', openHome: 2.2, openDraw: 3.7, openAway: 4.4 },
    ],
  });
  await db.customerTip.createMany({
    data: [
      ...Array.from({ length: 11 }, (_, k) => ({
        betType: 'hdp' as const,
        line: -0.5,
        selection: k < 8 ? 'home' : 'away',
      })),
      ...Array.from({ length: 10 }, () => ({
        betType: 'hilo' as const,
        line: 2.5,
        selection: 'over',
      })),
    ].map((tip, seq) => ({ ...tip, matchId: 104, seq, placedAt: day(21) })),
  });
}
