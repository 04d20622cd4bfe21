import type { CornerEvent } from './corner-types.js';
import type { AnalysisMarket } from './market-types.js';

/**
 * Every match in memory, in kickoff order, as parallel typed arrays (index = position in
 * kickoff order), loaded with a handful of bulk queries: the analysis of 100,000 matches must
 * not issue a query per match.
 */
export interface HistoryStore {
  size: number;
  ids: Int32Array;
  kickoffMs: Float64Array;
  /** ISO strings of `kickoffMs`, made once rather than per sample row. */
  kickoffIso: string[];
  competition: Int32Array;
  homeTeam: Int32Array;
  awayTeam: Int32Array;
  /** -1 when not a finished match with a score (such matches never enter a sample). */
  homeScore: Int32Array;
  awayScore: Int32Array;
  indexById: Map<number, number>;
  /** Per team: indices of its finished matches with a score, in kickoff order. */
  teamHistory: Map<number, Int32Array>;
  /** Per market and real bookmaker: opening line at 2i, closing at 2i+1; NaN when missing. */
  lines: Record<AnalysisMarket, Map<number, Float64Array>>;
  /** Per market: the real bookmakers with an odds row for match index i. */
  offered: Record<AnalysisMarket, Map<number, number[]>>;
  /** Corner minutes per match index; null when the source has none (docs/analysis.md). */
  corners: (CornerEvent[] | null)[];
  teamNames: Map<number, string>;
  competitionNames: Map<number, string>;
  /** English names of the bookmakers. */
  bookmakerNames: Map<number, string>;
}
