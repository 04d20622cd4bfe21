import { describe, expect, it } from 'vitest';
import { analyzeTeamMarket } from '../../../src/analysis/market-analysis.js';
import { buildHandicapAnalysis, buildTotalAnalysis } from '../../../src/analysis/market-payload.js';
import { HANDICAP_RULES, TOTAL_RULES } from '../../../src/analysis/market-rules.js';
import { selectionMatchIds } from '../../../src/analysis/market-selection.js';
import type {
  SelectionGroup,
  SelectionName,
  TeamHistoryEntry,
} from '../../../src/analysis/market-types.js';

type Lines = { openLine?: number | null; closeLine?: number | null };

/** One earlier match with ONE bookmaker's lines (`openLine` / `closeLine`). */
const entry = (
  e: Partial<Omit<TeamHistoryEntry, 'openLines' | 'closeLines'>> &
    Pick<TeamHistoryEntry, 'matchId'> &
    Lines,
): TeamHistoryEntry => {
  const { openLine = null, closeLine = null, ...rest } = e;
  return {
    kickoffUtc: '2024-01-01T00:00:00.000Z',
    competition: { id: 1, name: 'League' },
    opponent: { id: 9, name: 'Other' },
    venue: 'home',
    homeScore: 0,
    awayScore: 0,
    ...rest,
    openLines: [openLine],
    closeLines: [closeLine],
  };
};

const withLines = (e: TeamHistoryEntry, lines: Lines): TeamHistoryEntry => ({
  ...e,
  openLines: [lines.openLine ?? null],
  closeLines: [lines.closeLine ?? null],
});

const one = <R extends string, S>(
  rules: Parameters<typeof analyzeTeamMarket<R, S>>[0],
  entries: Iterable<TeamHistoryEntry>,
  sampleSize = 10,
) => {
  const result = analyzeTeamMarket(rules, {
    teamId: 7,
    competitionId: 1,
    bookmakers: 1,
    entries,
    sampleSize,
  });
  return { history: result.team.history, ...result.bookmakers[0]! };
};

/**
 * Team 7, latest first. Stored hdp lines are the HOME team's handicap.
 * - e3 League, home, 1-0, -0.75 / -1: opening half win (-0.5 wins, -1 pushes); closing push
 * - e2 Cup, away, 1-1, 0.25 / none: team line -0.25, opening half loss (0 push, -0.5 loses)
 * - e1 League, home, 0-2, 0 / 0.25: opening loss; closing loss (-2 + 0.25)
 */
const e3 = entry({
  matchId: 3,
  kickoffUtc: '2024-03-01T00:00:00.000Z',
  homeScore: 1,
  awayScore: 0,
  openLine: -0.75,
  closeLine: -1,
});
const e2 = entry({
  matchId: 2,
  kickoffUtc: '2024-02-01T00:00:00.000Z',
  competition: { id: 2, name: 'Cup' },
  venue: 'away',
  homeScore: 1,
  awayScore: 1,
  openLine: 0.25,
});
const e1 = entry({
  matchId: 1,
  kickoffUtc: '2024-01-01T00:00:00.000Z',
  homeScore: 0,
  awayScore: 2,
  openLine: 0,
  closeLine: 0.25,
});
const noLine = entry({ matchId: 4, homeScore: 5, awayScore: 0 });

const hdpDoc = (history: TeamHistoryEntry[], sampleSize = 10) =>
  buildHandicapAnalysis({
    matchId: 50,
    competitionId: 1,
    bookmakers: [{ id: 3, name: 'Bet C' }],
    sampleSize,
    home: { teamId: 7, history },
    away: { teamId: 8, history: [] },
  });

describe('handicap, one bookmaker', () => {
  const doc = hdpDoc([e3, noLine, e2, e1]);
  const team = doc.bookmakers[0]!.home;
  const ids = (group: SelectionGroup, name: SelectionName) =>
    selectionMatchIds(doc, 3, 'home', group, name);

  it('shares the history rows and aligns the bookmaker lines and results with them', () => {
    expect(doc.home.history.map((r) => [r.matchId, r.venue, r.score])).toEqual([
      [3, 'home', '1-0'],
      [2, 'away', '1-1'],
      [1, 'home', '0-2'],
    ]);
    expect(doc.home.history[1]).toEqual({
      matchId: 2,
      kickoffUtc: '2024-02-01T00:00:00.000Z',
      competition: { id: 2, name: 'Cup' },
      opponent: { id: 9, name: 'Other' },
      venue: 'away',
      score: '1-1',
    });
    // Lines are the team's own handicap: e2 was played away at home line 0.25.
    expect(team.openingLines).toEqual([-0.75, -0.25, 0]);
    expect(team.openingResults).toEqual(['halfWin', 'halfLoss', 'loss']);
    // The row carries the closing line when the bookmaker had one, whatever the selection.
    expect(team.closingLines).toEqual([-1, null, 0.25]);
    expect(team.closingResults).toEqual(['push', null, 'loss']);
  });

  it('all / opening line only: every match with an opening line, latest first', () => {
    const s = team.all.openingOnly;
    expect(s.matchIds).toBeUndefined();
    expect(ids('all', 'openingOnly')).toEqual([3, 2, 1]);
    expect(s.opening.statistics).toEqual({
      matches: 3,
      win: 0,
      halfWin: 1,
      push: 0,
      halfLoss: 1,
      loss: 1,
      winRate: 33.33,
      pushRate: 0,
      lossRate: 66.67,
      net: -1,
    });
    expect(s.closing).toBeUndefined();
    // Oldest first: e1 -1, e2 -1.5, e3 -1.
    expect(s.opening.cumulative).toEqual([-1, -1.5, -1]);
  });

  it('all / opening and closing: only matches with both lines, judged against each', () => {
    const s = team.all.openingAndClosing;
    expect(ids('all', 'openingAndClosing')).toEqual([3, 1]);
    expect(s.opening.statistics).toMatchObject({ matches: 2, halfWin: 1, loss: 1, winRate: 50 });
    expect(s.closing?.statistics).toMatchObject({
      matches: 2,
      push: 1,
      loss: 1,
      winRate: 0,
      pushRate: 50,
      lossRate: 50,
      net: -1,
    });
    expect(s.closing?.cumulative).toEqual([-1, -1]);
  });

  it('same competition keeps the league matches only', () => {
    expect(ids('sameCompetition', 'openingOnly')).toEqual([3, 1]);
    expect(ids('sameCompetition', 'openingAndClosing')).toEqual([3, 1]);
  });

  it('keeps the latest N per selection and stops reading history once all four are full', () => {
    let pulled = 0;
    function* lazy() {
      for (const e of [e3, e1, e2]) {
        pulled += 1;
        yield e;
      }
    }
    const limited = one(HANDICAP_RULES, lazy(), 1);
    expect(limited.history.map((r) => r.matchId)).toEqual([3]);
    expect(limited.all.openingOnly.matchIds).toBeUndefined();
    expect(pulled).toBe(1);
  });

  it('lists matchIds when the latest-N cut leaves history rows out of a selection', () => {
    const cut = hdpDoc([e3, { ...e2, competition: { id: 1, name: 'League' } }, e1], 2);
    // all / opening only is full after e3, e2; same competition / opening and closing needs e1.
    expect(cut.home.history.map((r) => r.matchId)).toEqual([3, 2, 1]);
    expect(cut.bookmakers[0]!.home.all.openingOnly.matchIds).toEqual([3, 2]);
    expect(cut.bookmakers[0]!.home.sameCompetition.openingAndClosing.matchIds).toBeUndefined();
    expect(selectionMatchIds(cut, 3, 'home', 'sameCompetition', 'openingAndClosing')).toEqual([
      3, 1,
    ]);
  });

  it('a team without earlier matches gets empty selections, zero statistics', () => {
    const empty = hdpDoc([]).bookmakers[0]!.home;
    expect(hdpDoc([]).home.history).toEqual([]);
    expect(empty.openingLines).toEqual([]);
    expect(empty.all.openingOnly.matchIds).toBeUndefined();
    expect(empty.all.openingOnly.opening.statistics).toMatchObject({
      matches: 0,
      winRate: 0,
      net: 0,
    });
    expect(empty.all.openingOnly.opening.cumulative).toEqual([]);
  });
});

describe('several bookmakers share one history', () => {
  // Bookmaker 3 priced e3 and e1, bookmaker 4 only e2: one walk, three shared rows.
  const twoBooks = (e: TeamHistoryEntry, a: Lines, b: Lines): TeamHistoryEntry => ({
    ...e,
    openLines: [a.openLine ?? null, b.openLine ?? null],
    closeLines: [a.closeLine ?? null, b.closeLine ?? null],
  });
  const doc = buildHandicapAnalysis({
    matchId: 50,
    competitionId: 1,
    bookmakers: [
      { id: 3, name: 'Bet C' },
      { id: 4, name: 'Bet D' },
    ],
    sampleSize: 10,
    home: {
      teamId: 7,
      history: [
        twoBooks(e3, { openLine: -0.75, closeLine: -1 }, {}),
        twoBooks(e2, {}, { openLine: 0.25 }),
        twoBooks(e1, { openLine: 0 }, {}),
      ],
    },
    away: { teamId: 8, history: [] },
  });

  it('keeps each row once and null where a bookmaker had no line', () => {
    expect(doc.home.history.map((r) => r.matchId)).toEqual([3, 2, 1]);
    expect(doc.bookmakers.map((b) => [b.bookmakerId, b.bookmakerName])).toEqual([
      [3, 'Bet C'],
      [4, 'Bet D'],
    ]);
    expect(doc.bookmakers[0]!.home.openingLines).toEqual([-0.75, null, 0]);
    expect(doc.bookmakers[1]!.home.openingLines).toEqual([null, -0.25, null]);
    expect(doc.bookmakers[1]!.home.openingResults).toEqual([null, 'halfLoss', null]);
    expect(selectionMatchIds(doc, 3, 'home', 'all', 'openingOnly')).toEqual([3, 1]);
    expect(selectionMatchIds(doc, 4, 'home', 'all', 'openingOnly')).toEqual([2]);
    expect(doc.bookmakers[1]!.home.all.openingOnly.opening.statistics.halfLoss).toBe(1);
  });
});

describe('over-under', () => {
  // Totals: 1 goal at 1.25 -> half under (1 push, 1.5 under); 2 at 1.75 -> half over; 2 at 2.5 -> under.
  const history = [
    withLines(e3, { openLine: 1.25 }),
    withLines(e2, { openLine: 1.75 }),
    withLines(e1, { openLine: 2.5, closeLine: 2.5 }),
  ];

  it('settles goal lines from the over side, quarter lines in halves', () => {
    const team = one(TOTAL_RULES, history);
    expect(team.openingLines).toEqual([1.25, 1.75, 2.5]);
    expect(team.openingResults).toEqual(['halfUnder', 'halfOver', 'under']);
    expect(team.all.openingOnly.opening.statistics).toEqual({
      matches: 3,
      over: 0,
      halfOver: 1,
      push: 0,
      halfUnder: 1,
      under: 1,
      overRate: 33.33,
      pushRate: 0,
      underRate: 66.67,
      net: -1,
    });
  });

  it('builds the document for both teams of a match', () => {
    const payload = buildTotalAnalysis({
      matchId: 50,
      competitionId: 1,
      bookmakers: [{ id: 3, name: 'Bet C' }],
      sampleSize: 10,
      home: { teamId: 7, history },
      away: { teamId: 8, history: [] },
    });
    expect(payload).toMatchObject({
      matchId: 50,
      market: 'hilo',
      competitionId: 1,
      sampleLimit: 10,
    });
    expect(payload.bookmakers[0]?.home.all.openingAndClosing.closing?.statistics.under).toBe(1);
    expect(payload.away).toEqual({ teamId: 8, history: [] });
  });
});
