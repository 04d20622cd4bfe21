/** The football vocabulary shared by the import format, the services and both doors. */

/** DECISIONS.md "Matches": the statuses of a match (`live` includes half-time). */
export const MATCH_STATUSES = [
  'scheduled',
  'live',
  'finished',
  'postponed',
  'cancelled',
  'abandoned',
  'suspended',
] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** What a competition plays: one table (`league`) or knockout rounds, maybe after groups. */
export const COMPETITION_TYPES = ['league', 'cup'] as const;
export type CompetitionType = (typeof COMPETITION_TYPES)[number];

/**
 * The criteria a league table breaks ties by (src/analysis/standings/rules.ts): each team's
 * points, goal difference, goals scored, wins, and `headToHead`, a table of the meetings of the
 * teams still level (points, goal difference, goals scored in them).
 */
export const TIE_BREAKS = ['points', 'goalDifference', 'goalsFor', 'wins', 'headToHead'] as const;
export type TieBreak = (typeof TIE_BREAKS)[number];

/** The kinds of match event (docs/data-model.md). */
export const EVENT_TYPES = [
  'goal',
  'own_goal',
  'penalty',
  'missed_penalty',
  'yellow',
  'second_yellow',
  'red',
  'substitution',
  'corner',
  'var',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The two teams of a match, as events, lineups and statistics name them. */
export const SIDES = ['home', 'away'] as const;
export type Side = (typeof SIDES)[number];

/** Events that change the score (an own goal counts for the other side). */
export const SCORING_EVENTS: ReadonlySet<EventType> = new Set(['goal', 'own_goal', 'penalty']);

/** The odds markets: `had` (1X2), `hdp` (Asian handicap), `hilo` (total goals). */
export const ODDS_MARKETS = ['had', 'hdp', 'hilo'] as const;
export type OddsMarket = (typeof ODDS_MARKETS)[number];

/**
 * What a change touched (DECISIONS.md "Live data"): a match's own row (`detail`), one of its
 * child resources, or reference data (competitions, teams, bookmakers) shown in many matches.
 */
export const CHANGE_RESOURCES = [
  'detail',
  'events',
  'statistics',
  'lineups',
  'odds',
  'movement',
  'exchange',
  'regional',
  'analysis',
  'reference',
] as const;
export type ChangeResource = (typeof CHANGE_RESOURCES)[number];

/**
 * How a match was decided beyond regular time (docs/decisions.md "Cup football"): while live,
 * the period being played; after, how it ended. Absent: in regular time (or not said).
 */
export const MATCH_DECISIONS = ['extra_time', 'penalties', 'awarded'] as const;
export type MatchDecision = (typeof MATCH_DECISIONS)[number];

/** Who won a match: a shoot-out's winner wins it (and the tie), though its score is a draw. */
export const MATCH_WINNERS = ['home', 'away', 'draw'] as const;
export type MatchWinner = (typeof MATCH_WINNERS)[number];
