import type { Side } from '../football/vocabulary.js';
/** Shapes of the corner analysis (spec 2.10; docs/analysis.md "Corner analysis"). */

/** DECISIONS "Analysis": the minute buckets, identical in every map of a response. */
export const CORNER_BUCKETS = ['0-15', '16-30', '31-45+', '46-60', '61-75', '76-90+'] as const;
export type CornerBucket = (typeof CORNER_BUCKETS)[number];
export type MinuteMap = Record<CornerBucket, number>;

/** Spec 2.10: all fields required, each nullable. */
export interface CornerVenue {
  matches: number | null;
  firstCorners: MinuteMap | null;
  cornersFor: MinuteMap | null;
  cornersAgainst: MinuteMap | null;
  matchCornerDistributions: MinuteMap[] | null;
}

export interface CornerTeam {
  teamId: number;
  home: CornerVenue;
  away: CornerVenue;
  totalCorners: MinuteMap | null;
}

export interface CornerAnalysisPayload {
  matchId: number;
  buckets: readonly CornerBucket[];
  sampleLimit: number;
  home: CornerTeam;
  away: CornerTeam;
}

/** One corner of an earlier match; `side` is the match side that earned it. */
export interface CornerEvent {
  minute: number;
  extraMinute?: number | null;
  side: Side;
}

/** One earlier finished match of the team, as input of the pure computation. */
export interface CornerHistoryEntry {
  /** Where the team played. */
  venue: Side;
  /**
   * Corners in time order; null when the source has no corner minutes for the match (totals
   * only, or nothing). A match known to have had no corner at all is `[]`.
   */
  corners: readonly CornerEvent[] | null;
}
