import type { Static } from 'typebox';
import type {
  Bookmaker,
  BookmakerOdds,
  OddsMovement,
  RegionalBoard,
} from '../../src/wire/schemas/odds.js';
import type { KellyIndex } from '../../src/wire/schemas/odds-kelly.js';

/** Examples of the odds routes' 200 bodies for match 1000042, Arsenal v Chelsea (rest/examples). */

const MACAU = { id: 1, name: '澳门*', nameEn: 'Macau', isAggregate: false };
const LADBROKES = { id: 4, name: '立博', nameEn: 'Ladbrokes', isAggregate: false };
const MINIMUM = { id: 9001, name: 'Min', nameEn: 'Minimum', isAggregate: true };

export const BOOKMAKERS = [
  MACAU,
  { id: 3, name: '皇冠*', nameEn: 'Crown', isAggregate: false },
  LADBROKES,
  { id: 8, name: 'Bet365', nameEn: 'Bet365', isAggregate: false },
  { id: 9, name: '威廉希尔', nameEn: 'William Hill', isAggregate: false },
  { id: 35, name: 'Pinnacle', nameEn: 'Pinnacle', isAggregate: false },
  MINIMUM,
  { id: 9002, name: 'Max', nameEn: 'Maximum', isAggregate: true },
] satisfies Static<typeof Bookmaker>[];

const OPENED = '2026-11-19T08:00:05.000Z';
const CLOSED = '2026-11-22T16:25:00.000Z';

/** By bookmaker id; a market, phase or price not offered is omitted. */
export const MATCH_ODDS = [
  {
    bookmaker: MACAU,
    had: {
      opening: { home: 1.9, draw: 3.55, away: 4, at: OPENED },
      closing: { home: 1.85, draw: 3.6, away: 4.2, at: CLOSED },
    },
    hdp: {
      opening: { line: -0.25, home: 1.86, away: 2.02, at: OPENED },
      closing: { line: -0.5, home: 2.04, away: 1.84, at: CLOSED },
    },
    hilo: {
      opening: { line: 2.5, over: 1.88, under: 1.98, at: OPENED },
      closing: { line: 2.75, over: 2.02, under: 1.84, at: CLOSED },
    },
  },
  {
    bookmaker: LADBROKES,
    had: {
      opening: { home: 1.91, draw: 3.6, away: 3.9, at: '2026-11-19T09:12:40.000Z' },
      closing: { home: 1.83, draw: 3.7, away: 4.33, at: CLOSED },
    },
  },
  {
    bookmaker: MINIMUM,
    had: {
      opening: { home: 1.87, draw: 3.5, away: 3.8, at: OPENED },
      closing: { home: 1.8, draw: 3.5, away: 4, at: CLOSED },
    },
  },
] satisfies Static<typeof BookmakerOdds>[];

const ladder = (back: number, lay: number, size: number) => ({
  availableToBack: [{ price: back, size }],
  availableToLay: [{ price: lay, size: Math.round(size * 0.6 * 100) / 100 }],
});

/** The exchange's own document, served as stored (a Betfair-style market book). */
export const EXCHANGE_BOOK = {
  marketId: '1.231000042',
  marketName: 'Match Odds',
  eventName: 'Arsenal v Chelsea',
  isMarketDataDelayed: false,
  status: 'OPEN',
  inplay: true,
  totalMatched: 2841533.72,
  lastMatchTime: '2026-11-22T17:54:51.000Z',
  runners: [
    {
      selectionId: 1096,
      runnerName: 'Arsenal',
      status: 'ACTIVE',
      lastPriceTraded: 1.3,
      totalMatched: 1722410.15,
      ex: ladder(1.3, 1.31, 15230.4),
    },
    {
      selectionId: 25422,
      runnerName: 'Chelsea',
      status: 'ACTIVE',
      lastPriceTraded: 11,
      totalMatched: 611873.09,
      ex: ladder(11, 11.5, 2140.75),
    },
    {
      selectionId: 58805,
      runnerName: 'The Draw',
      status: 'ACTIVE',
      lastPriceTraded: 4.9,
      totalMatched: 507250.48,
      ex: ladder(4.9, 5, 4875.2),
    },
  ],
};

/** From the `had` prices above (docs/analysis.md "Kelly index"); aggregates take no part. */
export const KELLY = {
  matchId: 1000042,
  average: {
    opening: { bookmakers: 2, probability: { home: 49.62, draw: 26.44, away: 23.94 } },
    closing: { bookmakers: 2, probability: { home: 51.66, draw: 26.05, away: 22.29 } },
  },
  bookmakers: [
    {
      bookmaker: { id: 1, name: '澳门*', nameEn: 'Macau' },
      opening: {
        prices: { home: 1.9, draw: 3.55, away: 4 },
        impliedProbability: { home: 49.75, draw: 26.62, away: 23.63 },
        kelly: { home: 0.94, draw: 0.94, away: 0.96 },
        margin: 5.8,
      },
      closing: {
        prices: { home: 1.85, draw: 3.6, away: 4.2 },
        impliedProbability: { home: 51.17, draw: 26.29, away: 22.54 },
        kelly: { home: 0.96, draw: 0.94, away: 0.94 },
        margin: 5.64,
      },
    },
    {
      bookmaker: { id: 4, name: '立博', nameEn: 'Ladbrokes' },
      opening: {
        prices: { home: 1.91, draw: 3.6, away: 3.9 },
        impliedProbability: { home: 49.5, draw: 26.26, away: 24.24 },
        kelly: { home: 0.95, draw: 0.95, away: 0.93 },
        margin: 5.77,
      },
      closing: {
        prices: { home: 1.83, draw: 3.7, away: 4.33 },
        impliedProbability: { home: 52.16, draw: 25.8, away: 22.04 },
        kelly: { home: 0.95, draw: 0.96, away: 0.97 },
        margin: 4.77,
      },
    },
  ],
} satisfies Static<typeof KellyIndex>;

export const REGIONAL_BOARD = {
  matchId: 1000042,
  operator: 'HKJC',
  reference: 'SUN 21',
  updatedAt: '2026-11-22T17:54:10.215Z',
  pools: [
    { pool: 'HAD', home: 1.3, draw: 4.8, away: 10, sellingStatus: 'selling' },
    { pool: 'HHAD', line: -1, home: 2.9, draw: 2.6, away: 2.85, sellingStatus: 'selling' },
    { pool: 'HDC', line: -0.5, home: 1.3, away: 3.3, sellingStatus: 'selling' },
    { pool: 'HIL', line: 3.5, over: 1.95, under: 1.8, sellingStatus: 'selling' },
    { pool: 'CHL', line: 11.5, over: 1.9, under: 1.85, sellingStatus: 'closed' },
  ],
} satisfies Static<typeof RegionalBoard>;

/** Oldest first: the opening quote, pre-match moves, the closing quote, then in-play changes. */
export const ODDS_MOVEMENT = {
  matchId: 1000042,
  market: 'had',
  bookmaker: MACAU,
  changes: [
    { changedAt: OPENED, home: 1.9, draw: 3.55, away: 4 },
    { changedAt: '2026-11-21T12:31:18.000Z', home: 1.87, draw: 3.6, away: 4.1 },
    { changedAt: CLOSED, home: 1.85, draw: 3.6, away: 4.2 },
    {
      changedAt: '2026-11-22T16:54:40.000Z',
      home: 1.38,
      draw: 4.6,
      away: 8,
      liveScore: '1-0',
      liveMinute: '23',
    },
    {
      changedAt: '2026-11-22T17:38:02.000Z',
      home: 2.3,
      draw: 3,
      away: 4.3,
      liveScore: '1-1',
      liveMinute: '52',
    },
  ],
} satisfies Static<typeof OddsMovement>;
