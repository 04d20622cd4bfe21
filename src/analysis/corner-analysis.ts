import type { Side } from '../football/vocabulary.js';
import {
  CORNER_BUCKETS,
  type CornerAnalysisPayload,
  type CornerBucket,
  type CornerEvent,
  type CornerHistoryEntry,
  type CornerTeam,
  type CornerVenue,
  type MinuteMap,
} from './corner-types.js';

/**
 * The bucket of a corner. Stoppage time belongs to its half ("45+2" is minute 45, extra 2, so
 * "31-45+"); minutes after 90 (stoppage and extra time) fall in "76-90+".
 */
export function cornerBucket(minute: number): CornerBucket {
  const index = Math.min(Math.max(Math.ceil(minute / 15) - 1, 0), CORNER_BUCKETS.length - 1);
  return CORNER_BUCKETS[index] as CornerBucket;
}

function emptyMinuteMap(): MinuteMap {
  return { '0-15': 0, '16-30': 0, '31-45+': 0, '46-60': 0, '61-75': 0, '76-90+': 0 };
}

function addMaps(target: MinuteMap, source: MinuteMap): void {
  for (const bucket of CORNER_BUCKETS) {
    target[bucket] += source[bucket];
  }
}

const byTime = (a: CornerEvent, b: CornerEvent) =>
  a.minute - b.minute || (a.extraMinute ?? 0) - (b.extraMinute ?? 0);

/** Spec 2.10: aggregate counts of one venue sample (the team's side is `venue`). */
function cornerVenue(
  venue: Side,
  sample: readonly (readonly CornerEvent[])[],
  hadEarlierMatches: boolean,
): CornerVenue {
  if (sample.length === 0) {
    // Reported zero (no earlier match at all) is distinct from missing (no corner minutes).
    return hadEarlierMatches
      ? {
          matches: null,
          firstCorners: null,
          cornersFor: null,
          cornersAgainst: null,
          matchCornerDistributions: null,
        }
      : {
          matches: 0,
          firstCorners: emptyMinuteMap(),
          cornersFor: emptyMinuteMap(),
          cornersAgainst: emptyMinuteMap(),
          matchCornerDistributions: [],
        };
  }
  const firstCorners = emptyMinuteMap();
  const cornersFor = emptyMinuteMap();
  const cornersAgainst = emptyMinuteMap();
  const matchCornerDistributions = sample.map((corners) => {
    const distribution = emptyMinuteMap();
    const ordered = [...corners].sort(byTime);
    if (ordered[0]) {
      firstCorners[cornerBucket(ordered[0].minute)] += 1;
    }
    for (const corner of ordered) {
      const bucket = cornerBucket(corner.minute);
      distribution[bucket] += 1;
      (corner.side === venue ? cornersFor : cornersAgainst)[bucket] += 1;
    }
    return distribution;
  });
  return {
    matches: sample.length,
    firstCorners,
    cornersFor,
    cornersAgainst,
    matchCornerDistributions,
  };
}

function totalCorners(venues: readonly CornerVenue[]): MinuteMap | null {
  const present = venues.filter((v) => v.cornersFor !== null && v.cornersAgainst !== null);
  if (present.length === 0) {
    return null;
  }
  const total = emptyMinuteMap();
  for (const v of present) {
    addMaps(total, v.cornersFor as MinuteMap);
    addMaps(total, v.cornersAgainst as MinuteMap);
  }
  return total;
}

/**
 * One team's corner analysis from its earlier finished matches, LATEST FIRST (consumed lazily).
 * Each venue keeps its latest `sampleSize` matches that have corner minutes.
 */
export function analyzeCornerTeam(
  teamId: number,
  history: Iterable<CornerHistoryEntry>,
  sampleSize: number,
): CornerTeam {
  const samples = {
    home: [] as (readonly CornerEvent[])[],
    away: [] as (readonly CornerEvent[])[],
  };
  const seen = { home: false, away: false };
  for (const entry of history) {
    seen[entry.venue] = true;
    if (entry.corners !== null && samples[entry.venue].length < sampleSize) {
      samples[entry.venue].push(entry.corners);
    }
    if (samples.home.length >= sampleSize && samples.away.length >= sampleSize) {
      break;
    }
  }
  const home = cornerVenue('home', samples.home, seen.home);
  const away = cornerVenue('away', samples.away, seen.away);
  return { teamId, home, away, totalCorners: totalCorners([home, away]) };
}

interface CornerAnalysisInput {
  matchId: number;
  home: { teamId: number; history: Iterable<CornerHistoryEntry> };
  away: { teamId: number; history: Iterable<CornerHistoryEntry> };
  sampleSize: number;
}

export function buildCornerAnalysis(input: CornerAnalysisInput): CornerAnalysisPayload {
  return {
    matchId: input.matchId,
    buckets: CORNER_BUCKETS,
    sampleLimit: input.sampleSize,
    home: analyzeCornerTeam(input.home.teamId, input.home.history, input.sampleSize),
    away: analyzeCornerTeam(input.away.teamId, input.away.history, input.sampleSize),
  };
}
