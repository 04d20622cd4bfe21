import type { Static } from 'typebox';
import type { CornerAnalysis } from '../../src/wire/schemas/analysis-corners.js';
import type {
  HandicapAnalysis,
  OverUnderAnalysis,
  TeamHistory,
} from '../../src/wire/schemas/analysis-market.js';

/**
 * Examples of the market analysis routes' 200 bodies for match 1000042, Arsenal v Chelsea (rest/
 * examples). The handicap and over-under documents follow docs/analysis.md "Shape": Arsenal's
 * last three matches, Chelsea's last two, one bookmaker (Macau); their statistics, rates and
 * cumulative series are worked out from the lines and scores shown.
 */
const PREMIER_LEAGUE = { id: 1, name: 'Premier League' };
const ARSENAL = 19;
const CHELSEA = 25;

/** The two teams' shared history rows, latest first (`score` is home-away as played). */
const HOME_HISTORY: Static<typeof TeamHistory> = {
  teamId: ARSENAL,
  history: [
    {
      matchId: 1000031,
      kickoffUtc: '2026-11-08T17:30:00.000Z',
      competition: PREMIER_LEAGUE,
      opponent: { id: 30, name: 'Tottenham Hotspur' },
      venue: 'home',
      score: '3-1',
    },
    {
      matchId: 1000020,
      kickoffUtc: '2026-11-04T20:00:00.000Z',
      competition: { id: 12, name: 'UEFA Champions League' },
      opponent: { id: 88, name: 'Inter' },
      venue: 'away',
      score: '1-1',
    },
    {
      matchId: 1000009,
      kickoffUtc: '2026-10-25T16:30:00.000Z',
      competition: PREMIER_LEAGUE,
      opponent: { id: 22, name: 'Liverpool' },
      venue: 'away',
      score: '1-0',
    },
  ],
};
const AWAY_HISTORY: Static<typeof TeamHistory> = {
  teamId: CHELSEA,
  history: [
    {
      matchId: 1000033,
      kickoffUtc: '2026-11-08T15:00:00.000Z',
      competition: PREMIER_LEAGUE,
      opponent: { id: 11, name: 'Everton' },
      venue: 'home',
      score: '2-0',
    },
    {
      matchId: 1000018,
      kickoffUtc: '2026-11-01T17:30:00.000Z',
      competition: PREMIER_LEAGUE,
      opponent: { id: 33, name: 'Manchester United' },
      venue: 'away',
      score: '1-1',
    },
  ],
};

const rate = (part: number, matches: number) =>
  matches === 0 ? 0 : Math.round((10_000 * part) / matches) / 100;

/** Level-stake results: +1, +0.5, 0, -0.5, -1 (docs/analysis.md). */
const hdp = (win: number, halfWin: number, push: number, halfLoss: number, loss: number) => {
  const matches = win + halfWin + push + halfLoss + loss;
  return {
    matches,
    win,
    halfWin,
    push,
    halfLoss,
    loss,
    winRate: rate(win + halfWin, matches),
    pushRate: rate(push, matches),
    lossRate: rate(loss + halfLoss, matches),
    net: win + halfWin / 2 - halfLoss / 2 - loss,
  };
};
const hilo = (over: number, halfOver: number, push: number, halfUnder: number, under: number) => {
  const matches = over + halfOver + push + halfUnder + under;
  return {
    matches,
    over,
    halfOver,
    push,
    halfUnder,
    under,
    overRate: rate(over + halfOver, matches),
    pushRate: rate(push, matches),
    underRate: rate(under + halfUnder, matches),
    net: over + halfOver / 2 - halfUnder / 2 - under,
  };
};

const evaluation = <S>(statistics: S, cumulative: number[]) => ({ statistics, cumulative });

/**
 * Arsenal at Macau: opening lines -1.25, 0, +0.25 against 3-1, 1-1, 0-1 (win, push, loss);
 * closing -1.5 and +0.5 where quoted (win, loss). Only the Inter match is outside the league.
 */
const ARSENAL_HDP_LEAGUE = {
  openingOnly: { opening: evaluation(hdp(1, 0, 0, 0, 1), [-1, 0]) },
  openingAndClosing: {
    opening: evaluation(hdp(1, 0, 0, 0, 1), [-1, 0]),
    closing: evaluation(hdp(1, 0, 0, 0, 1), [-1, 0]),
  },
};
/** Chelsea at Macau: opening -1, +0.25 against 2-0, 1-1 (win, halfWin); closing -1.25, 0. */
const CHELSEA_HDP = {
  openingOnly: { opening: evaluation(hdp(1, 1, 0, 0, 0), [0.5, 1.5]) },
  openingAndClosing: {
    opening: evaluation(hdp(1, 1, 0, 0, 0), [0.5, 1.5]),
    closing: evaluation(hdp(1, 0, 1, 0, 0), [0, 1]),
  },
};

export const HANDICAP_ANALYSIS = {
  matchId: 1000042,
  market: 'hdp',
  competitionId: PREMIER_LEAGUE.id,
  sampleLimit: 10,
  home: HOME_HISTORY,
  away: AWAY_HISTORY,
  bookmakers: [
    {
      bookmakerId: 1,
      bookmakerName: 'Macau',
      home: {
        openingLines: [-1.25, 0, 0.25],
        openingResults: ['win', 'push', 'loss'],
        closingLines: [-1.5, null, 0.5],
        closingResults: ['win', null, 'loss'],
        all: {
          openingOnly: { opening: evaluation(hdp(1, 0, 1, 0, 1), [-1, -1, 0]) },
          openingAndClosing: ARSENAL_HDP_LEAGUE.openingAndClosing,
        },
        sameCompetition: ARSENAL_HDP_LEAGUE,
      },
      away: {
        openingLines: [-1, 0.25],
        openingResults: ['win', 'halfWin'],
        closingLines: [-1.25, 0],
        closingResults: ['win', 'push'],
        all: CHELSEA_HDP,
        sameCompetition: CHELSEA_HDP,
      },
    },
  ],
} satisfies Static<typeof HandicapAnalysis>;

/** Arsenal at Macau: goal lines 3, 2.5, 2.5 against 4, 2 and 1 goals; closing 3.25 and 2.25. */
const ARSENAL_HILO_LEAGUE = {
  openingOnly: { opening: evaluation(hilo(1, 0, 0, 0, 1), [-1, 0]) },
  openingAndClosing: {
    opening: evaluation(hilo(1, 0, 0, 0, 1), [-1, 0]),
    closing: evaluation(hilo(1, 0, 0, 0, 1), [-1, 0]),
  },
};
/** Chelsea at Macau: goal lines 2.75, 2.5 against 2 goals each; closing 2.5, 2.25. */
const CHELSEA_HILO = {
  openingOnly: { opening: evaluation(hilo(0, 0, 0, 0, 2), [-1, -2]) },
  openingAndClosing: {
    opening: evaluation(hilo(0, 0, 0, 0, 2), [-1, -2]),
    closing: evaluation(hilo(0, 0, 0, 1, 1), [-0.5, -1.5]),
  },
};

export const OVER_UNDER_ANALYSIS = {
  matchId: 1000042,
  market: 'hilo',
  competitionId: PREMIER_LEAGUE.id,
  sampleLimit: 10,
  home: HOME_HISTORY,
  away: AWAY_HISTORY,
  bookmakers: [
    {
      bookmakerId: 1,
      bookmakerName: 'Macau',
      home: {
        openingLines: [3, 2.5, 2.5],
        openingResults: ['over', 'under', 'under'],
        closingLines: [3.25, null, 2.25],
        closingResults: ['over', null, 'under'],
        all: {
          openingOnly: { opening: evaluation(hilo(1, 0, 0, 0, 2), [-1, -2, -1]) },
          openingAndClosing: ARSENAL_HILO_LEAGUE.openingAndClosing,
        },
        sameCompetition: ARSENAL_HILO_LEAGUE,
      },
      away: {
        openingLines: [2.75, 2.5],
        openingResults: ['under', 'under'],
        closingLines: [2.5, 2.25],
        closingResults: ['under', 'halfUnder'],
        all: CHELSEA_HILO,
        sameCompetition: CHELSEA_HILO,
      },
    },
  ],
} satisfies Static<typeof OverUnderAnalysis>;

/** A minute map in the order of `buckets`: 0-15, 16-30, 31-45+, 46-60, 61-75, 76-90+. */
const minutes = (...counts: [number, number, number, number, number, number]) => ({
  '0-15': counts[0],
  '16-30': counts[1],
  '31-45+': counts[2],
  '46-60': counts[3],
  '61-75': counts[4],
  '76-90+': counts[5],
});

/**
 * Arsenal: two home matches with corner minutes; away matches without any (every field null,
 * spec 2.10: missing, not zero). Chelsea: one match with corner minutes at each venue.
 */
export const CORNER_ANALYSIS = {
  matchId: 1000042,
  buckets: ['0-15', '16-30', '31-45+', '46-60', '61-75', '76-90+'],
  sampleLimit: 10,
  home: {
    teamId: ARSENAL,
    home: {
      matches: 2,
      firstCorners: minutes(2, 0, 0, 0, 0, 0),
      cornersFor: minutes(2, 1, 3, 2, 2, 3),
      cornersAgainst: minutes(1, 0, 1, 1, 1, 2),
      matchCornerDistributions: [minutes(2, 1, 2, 1, 2, 3), minutes(1, 0, 2, 2, 1, 2)],
    },
    away: {
      matches: null,
      firstCorners: null,
      cornersFor: null,
      cornersAgainst: null,
      matchCornerDistributions: null,
    },
    totalCorners: minutes(3, 1, 4, 3, 3, 5),
  },
  away: {
    teamId: CHELSEA,
    home: {
      matches: 1,
      firstCorners: minutes(1, 0, 0, 0, 0, 0),
      cornersFor: minutes(1, 1, 1, 0, 1, 1),
      cornersAgainst: minutes(0, 1, 0, 0, 1, 0),
      matchCornerDistributions: [minutes(1, 2, 1, 0, 2, 1)],
    },
    away: {
      matches: 1,
      firstCorners: minutes(0, 1, 0, 0, 0, 0),
      cornersFor: minutes(0, 0, 1, 1, 0, 1),
      cornersAgainst: minutes(0, 1, 0, 1, 1, 1),
      matchCornerDistributions: [minutes(0, 1, 1, 2, 1, 2)],
    },
    totalCorners: minutes(1, 3, 2, 2, 3, 3),
  },
} satisfies Static<typeof CornerAnalysis>;
