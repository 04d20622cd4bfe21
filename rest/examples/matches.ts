import type { Static } from 'typebox';
import type {
  HeadToHead,
  Lineups,
  MatchEvent,
  MatchStatistic,
} from '../../src/wire/schemas/match-details.js';
import type { Match, MatchPageEnvelope } from '../../src/wire/schemas/matches.js';

/**
 * Examples of the match routes' 200 bodies (rest/examples/index.ts): one Sunday of the Premier
 * League, Arsenal v Chelsea (match 1000042) in play at 67 minutes, as the demo data shapes it.
 */

const LOGOS = 'https://assets.example/UploadFolder/Teams';
const PREMIER_LEAGUE = { name: 'Premier League', nameOriginal: 'Premier League' };

export const ARSENAL_CHELSEA = {
  id: 1000042,
  competition: PREMIER_LEAGUE,
  home: { name: 'Arsenal' },
  away: { name: 'Chelsea' },
  homeLogo: `${LOGOS}/Arsenal.png`,
  awayLogo: `${LOGOS}/Chelsea.png`,
  status: 'live',
  minute: '67',
  score: { current: '2-1', halfTime: '1-0' },
  corners: '6-3',
  cards: { home: { yellow: 1, red: 0 }, away: { yellow: 2, red: 0 } },
  kickoffUtc: '2026-11-22T16:30:00Z',
  round: 'Round 13',
  venue: 'Emirates Stadium',
} satisfies Static<typeof Match>;

export const BRIGHTON_FULHAM = {
  id: 1000041,
  competition: PREMIER_LEAGUE,
  home: { name: 'Brighton & Hove Albion' },
  away: { name: 'Fulham' },
  homeLogo: `${LOGOS}/Brighton%20%26%20Hove%20Albion.png`,
  awayLogo: `${LOGOS}/Fulham.png`,
  status: 'finished',
  score: { current: '2-0', halfTime: '1-0' },
  corners: '7-4',
  cards: { home: { yellow: 2, red: 0 }, away: { yellow: 3, red: 0 } },
  kickoffUtc: '2026-11-22T14:00:00Z',
  round: 'Round 13',
  venue: 'American Express Stadium',
} satisfies Static<typeof Match>;

export const NEWCASTLE_CITY = {
  id: 1000043,
  competition: PREMIER_LEAGUE,
  home: { name: 'Newcastle United' },
  away: { name: 'Manchester City' },
  homeLogo: `${LOGOS}/Newcastle%20United.png`,
  awayLogo: `${LOGOS}/Manchester%20City.png`,
  status: 'scheduled',
  kickoffUtc: '2026-11-22T19:00:00Z',
  round: 'Round 13',
  venue: "St James' Park",
} satisfies Static<typeof Match>;

const NAPOLI_INTER = {
  id: 1000057,
  competition: { name: 'Serie A', nameOriginal: 'Serie A' },
  home: { name: 'Napoli' },
  away: { name: 'Inter' },
  homeLogo: `${LOGOS}/Napoli.png`,
  awayLogo: `${LOGOS}/Inter.png`,
  status: 'live',
  minute: 'HT',
  score: { current: '0-0', halfTime: '0-0' },
  corners: '3-2',
  cards: { home: { yellow: 1, red: 0 }, away: { yellow: 0, red: 0 } },
  kickoffUtc: '2026-11-22T17:00:00Z',
  round: 'Round 13',
  venue: 'Stadio Diego Armando Maradona',
} satisfies Static<typeof Match>;

export const MATCH_PAGE = {
  data: [BRIGHTON_FULHAM, ARSENAL_CHELSEA, NEWCASTLE_CITY],
  meta: { page: 1, pageSize: 25, total: 3, totalPages: 1 },
} satisfies Static<typeof MatchPageEnvelope>;

export const LIVE_MATCHES = [ARSENAL_CHELSEA, NAPOLI_INTER] satisfies Static<typeof Match>[];

export const MATCH_EVENTS = [
  { seq: 0, minute: 4, clock: '4', type: 'corner', side: 'home' },
  {
    seq: 1,
    minute: 23,
    clock: '23',
    type: 'goal',
    side: 'home',
    player: 'Bukayo Saka',
    relatedPlayer: 'Martin Ødegaard',
    score: '1-0',
  },
  { seq: 2, minute: 38, clock: '38', type: 'yellow', side: 'away', player: 'Moisés Caicedo' },
  {
    seq: 3,
    minute: 45,
    extraMinute: 2,
    clock: '45+2',
    type: 'var',
    side: 'away',
    detail: 'Penalty check: no penalty',
  },
  {
    seq: 4,
    minute: 52,
    clock: '52',
    type: 'goal',
    side: 'away',
    player: 'Cole Palmer',
    relatedPlayer: 'Enzo Fernández',
    score: '1-1',
  },
  { seq: 5, minute: 58, clock: '58', type: 'yellow', side: 'home', player: 'Declan Rice' },
  {
    seq: 6,
    minute: 61,
    clock: '61',
    type: 'substitution',
    side: 'home',
    player: 'Leandro Trossard',
    relatedPlayer: 'Gabriel Martinelli',
  },
  { seq: 7, minute: 63, clock: '63', type: 'yellow', side: 'away', player: 'Levi Colwill' },
  {
    seq: 8,
    minute: 64,
    clock: '64',
    type: 'penalty',
    side: 'home',
    player: 'Bukayo Saka',
    score: '2-1',
  },
] satisfies Static<typeof MatchEvent>[];

export const MATCH_STATISTICS = [
  { type: 'possession', home: 58, away: 42 },
  { type: 'shots', home: 14, away: 7 },
  { type: 'shotsOnTarget', home: 6, away: 3 },
  { type: 'corners', home: 6, away: 3 },
  { type: 'fouls', home: 9, away: 12 },
  { type: 'offsides', home: 2, away: 1 },
  { type: 'yellowCards', home: 1, away: 2 },
  { type: 'passAccuracy', home: 88 },
] satisfies Static<typeof MatchStatistic>[];

type Player = Static<typeof Lineups>['home']['starters'][number];
const NO_CARDS = { yellow: 0, red: 0 };
const player = (
  name: string,
  shirtNumber: number,
  position: string,
  at: [x: number, y: number] | null,
  extra: Partial<Player> = {},
): Player => ({
  name,
  shirtNumber,
  position,
  ...(at ? { x: at[0], y: at[1] } : {}),
  captain: false,
  goals: 0,
  cards: NO_CARDS,
  ...extra,
});

/** Pitch coordinates: x from the own goal line, y from the left touchline, both 0-100. */
export const MATCH_LINEUPS = {
  home: {
    formation: '4-3-3',
    coach: 'Mikel Arteta',
    starters: [
      player('David Raya', 1, 'GK', [5, 50]),
      player('Ben White', 4, 'RB', [25, 88]),
      player('William Saliba', 2, 'CB', [20, 62]),
      player('Gabriel Magalhães', 6, 'CB', [20, 38]),
      player('Riccardo Calafiori', 33, 'LB', [25, 12]),
      player('Declan Rice', 41, 'CM', [45, 35], { cards: { yellow: 1, red: 0 } }),
      player('Martin Ødegaard', 8, 'CM', [50, 65], { captain: true }),
      player('Mikel Merino', 23, 'CM', [55, 50]),
      player('Bukayo Saka', 7, 'RW', [78, 85], { goals: 2 }),
      player('Kai Havertz', 29, 'ST', [85, 50]),
      player('Gabriel Martinelli', 11, 'LW', [78, 15], { subbedOutMinute: 61 }),
    ],
    substitutes: [
      player('Leandro Trossard', 19, 'FW', null, { subbedInMinute: 61 }),
      player('Jurriën Timber', 12, 'DF', null),
      player('Kepa Arrizabalaga', 13, 'GK', null),
    ],
  },
  away: {
    formation: '4-2-3-1',
    coach: 'Enzo Maresca',
    starters: [
      player('Robert Sánchez', 1, 'GK', [5, 50]),
      player('Reece James', 24, 'RB', [25, 88], { captain: true }),
      player('Wesley Fofana', 29, 'CB', [20, 62]),
      player('Levi Colwill', 6, 'CB', [20, 38], { cards: { yellow: 1, red: 0 } }),
      player('Marc Cucurella', 3, 'LB', [25, 12]),
      player('Moisés Caicedo', 25, 'DM', [40, 62], { cards: { yellow: 1, red: 0 } }),
      player('Enzo Fernández', 8, 'DM', [40, 38]),
      player('Pedro Neto', 7, 'RW', [68, 85]),
      player('Cole Palmer', 10, 'AM', [65, 50], { goals: 1 }),
      player('Jamie Gittens', 11, 'LW', [68, 15]),
      player('João Pedro', 20, 'ST', [85, 50]),
    ],
    substitutes: [player('Liam Delap', 9, 'FW', null), player('Filip Jørgensen', 12, 'GK', null)],
  },
} satisfies Static<typeof Lineups>;

type Form = Static<typeof HeadToHead>['form']['home'][number];
const form = (
  matchId: number,
  kickoffUtc: string,
  venue: Form['venue'],
  opponent: string,
  score: string,
  result: Form['result'],
): Form => ({
  matchId,
  competition: PREMIER_LEAGUE,
  kickoffUtc,
  venue,
  opponent: { name: opponent },
  score,
  result,
});

/** Summary and results from Arsenal's side (this match's home team), latest first. */
export const HEAD_TO_HEAD = {
  home: { name: 'Arsenal' },
  away: { name: 'Chelsea' },
  summary: { played: 3, homeWins: 2, draws: 1, awayWins: 0, homeGoals: 3, awayGoals: 1 },
  matches: [
    {
      id: 998812,
      competition: PREMIER_LEAGUE,
      kickoffUtc: '2026-03-15T16:30:00Z',
      home: { name: 'Arsenal' },
      away: { name: 'Chelsea' },
      score: '1-0',
      halfTime: '1-0',
      result: 'W',
    },
    {
      id: 995203,
      competition: PREMIER_LEAGUE,
      kickoffUtc: '2025-11-30T16:30:00Z',
      home: { name: 'Chelsea' },
      away: { name: 'Arsenal' },
      score: '1-1',
      halfTime: '0-0',
      result: 'D',
    },
    {
      id: 990377,
      competition: PREMIER_LEAGUE,
      kickoffUtc: '2025-03-16T13:30:00Z',
      home: { name: 'Arsenal' },
      away: { name: 'Chelsea' },
      score: '1-0',
      halfTime: '1-0',
      result: 'W',
    },
  ],
  form: {
    home: [
      form(1000031, '2026-11-08T17:30:00Z', 'home', 'Tottenham Hotspur', '3-1', 'W'),
      form(1000009, '2026-10-25T16:30:00Z', 'away', 'Liverpool', '1-0', 'L'),
      form(999871, '2026-10-18T14:00:00Z', 'home', 'Everton', '2-0', 'W'),
    ],
    away: [
      form(1000033, '2026-11-08T15:00:00Z', 'home', 'Everton', '2-0', 'W'),
      form(1000018, '2026-11-01T17:30:00Z', 'away', 'Manchester United', '1-1', 'D'),
      form(999866, '2026-10-25T14:00:00Z', 'home', 'Brentford', '3-2', 'W'),
    ],
  },
} satisfies Static<typeof HeadToHead>;
