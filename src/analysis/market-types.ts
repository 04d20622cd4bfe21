import type { Side } from '../football/vocabulary.js';
/**
 * Shapes of the handicap (hdp) and over-under (hilo) analysis documents (spec 2.11, 4.4;
 * docs/analysis.md). One document per match and market, every real bookmaker inside it; stored
 * as JSON text in MarketAnalysis.payload and served as-is.
 */
export type AnalysisMarket = 'hdp' | 'hilo';
export type Venue = Side;
export type HandicapResult = 'win' | 'halfWin' | 'push' | 'halfLoss' | 'loss';
export type TotalResult = 'over' | 'halfOver' | 'push' | 'halfUnder' | 'under';

/** One earlier match of the team, as input of the pure computation. */
export interface TeamHistoryEntry {
  matchId: number;
  kickoffUtc: string;
  competition: { id: number; name: string };
  opponent: { id: number; name: string };
  venue: Venue;
  homeScore: number;
  awayScore: number;
  /**
   * Per bookmaker of the analysis (same order as its `bookmakerIds`): the stored opening and
   * closing lines of that match, home handicap (hdp) or goal line (hilo); null when missing.
   */
  openLines: readonly (number | null)[];
  closeLines: readonly (number | null)[];
}

/** One row of a team's shared history: what does not depend on the bookmaker. */
export interface HistoryRow {
  matchId: number;
  kickoffUtc: string;
  competition: { id: number; name: string };
  opponent: { id: number; name: string };
  venue: Venue;
  /** Final score of that match, `home-away` (spec 2 rule 5). */
  score: string;
}

export interface TeamHistory {
  teamId: number;
  /** Every match used by any bookmaker's selections, once, latest first. */
  history: HistoryRow[];
}

export interface HandicapStatistics {
  matches: number;
  win: number;
  halfWin: number;
  push: number;
  halfLoss: number;
  loss: number;
  /** Percent, 2 decimals: (win + halfWin) / matches, push / matches, (loss + halfLoss) / matches. */
  winRate: number;
  pushRate: number;
  lossRate: number;
  /** Level-stake balance: win +1, half win +0.5, push 0, half loss -0.5, loss -1. */
  net: number;
}

export interface TotalStatistics {
  matches: number;
  over: number;
  halfOver: number;
  push: number;
  halfUnder: number;
  under: number;
  overRate: number;
  pushRate: number;
  underRate: number;
  /** Level-stake balance of backing the over: over +1 ... under -1. */
  net: number;
}

export interface Evaluation<S> {
  statistics: S;
  /** Chart series: running `net` after each match, oldest first. */
  cumulative: number[];
}

export interface Selection<S> {
  /**
   * The sampled matches, latest first. Omitted when the selection is every history row with
   * the lines it needs (docs/analysis.md "Selections"); `selectionMatchIds` resolves both cases.
   */
  matchIds?: number[];
  opening: Evaluation<S>;
  /** Only in openingAndClosing selections: the same matches against the closing lines. */
  closing?: Evaluation<S>;
}

interface SelectionSet<S> {
  openingOnly: Selection<S>;
  openingAndClosing: Selection<S>;
}

export type SelectionGroup = 'all' | 'sameCompetition';
export type SelectionName = keyof SelectionSet<unknown>;

/** One team at one bookmaker; the arrays are aligned with that team's shared `history`. */
export interface BookmakerTeamAnalysis<R extends string, S> {
  /** hdp: the team's own handicap (negative = the team gives goals); hilo: the goal line. */
  openingLines: (number | null)[];
  openingResults: (R | null)[];
  closingLines: (number | null)[];
  closingResults: (R | null)[];
  all: SelectionSet<S>;
  sameCompetition: SelectionSet<S>;
}

interface BookmakerAnalysis<R extends string, S> {
  bookmakerId: number;
  bookmakerName: string;
  home: BookmakerTeamAnalysis<R, S>;
  away: BookmakerTeamAnalysis<R, S>;
}

export interface MarketAnalysisPayload<R extends string = string, S = unknown> {
  matchId: number;
  market: AnalysisMarket;
  /** Competition of the analysed match (what `sameCompetition` compares with). */
  competitionId: number;
  sampleLimit: number;
  home: TeamHistory;
  away: TeamHistory;
  /** One entry per real bookmaker with odds for the match and market, by bookmaker id. */
  bookmakers: BookmakerAnalysis<R, S>[];
}

export type HandicapAnalysis = MarketAnalysisPayload<HandicapResult, HandicapStatistics>;
export type TotalAnalysis = MarketAnalysisPayload<TotalResult, TotalStatistics>;
export type MarketAnalysisOf<M extends AnalysisMarket> = M extends 'hdp'
  ? HandicapAnalysis
  : TotalAnalysis;
