/**
 * Issue 20: under 60 changes a second, the p99 latency of the cached detail and of the GraphQL
 * day page stays within 2x of the same row's with the data still. Issue 49: a search with the
 * cache off within 5x of the cache-off detail's p99 (same rounds).
 */
import type { Measurement, ScenarioId } from './scenarios.js';
import { median, significant } from './stats.js';

export const LIVE_P99_TARGET = 2;

/** Each row with a p99 target, with the row it is compared with and the largest ratio. */
interface P99Pair {
  still: ScenarioId;
  moving: ScenarioId;
  name: string;
  /** How the two rows differ, for the report. */
  compared: string;
  max: number;
}

const UNDER_WRITES = 'p99 while the feed writes / p99 with the data still';

const PAIRS: readonly P99Pair[] = [
  {
    still: 'live-detail-still',
    moving: 'live-detail-moving',
    name: 'REST detail (cache on)',
    compared: UNDER_WRITES,
    max: LIVE_P99_TARGET,
  },
  {
    still: 'live-page-still',
    moving: 'live-page-moving',
    name: 'GraphQL day page (cache on)',
    compared: UNDER_WRITES,
    max: LIVE_P99_TARGET,
  },
  {
    still: 'detail-nocache',
    moving: 'search-nocache',
    name: 'REST search (cache off)',
    compared: 'p99 / p99 of the cache-off detail in the same rounds',
    max: 5,
  },
];

interface LiveLatency {
  config: string;
  row: string;
  stillP99: number;
  movingP99: number;
  /** Moving p99 over still p99; undefined when either row had no answer to time. */
  ratio: number | undefined;
  compared: string;
  max: number;
  met: boolean;
}

/**
 * Moving p99 over still p99: the median of the same-round ratios when both rows were measured
 * in interleaved rounds (the feed on and off in turn), else the ratio of the two figures.
 */
function p99Ratio(moving: Measurement, still: Measurement): number {
  const ratio = (m: number, s: number) => m / Math.max(0.001, s);
  const [m, s] = [moving.rounds, still.rounds];
  if (m && s && m.length === s.length && m.length > 0) {
    return median(m.map((round, i) => ratio(round.p99, s[i]?.p99 ?? 0)));
  }
  return ratio(moving.result.p99, still.result.p99);
}

export function liveLatencies(ms: readonly Measurement[]): LiveLatency[] {
  const out: LiveLatency[] = [];
  for (const moving of ms) {
    const pair = PAIRS.find((p) => p.moving === moving.id);
    const still = pair && ms.find((m) => m.config === moving.config && m.id === pair.still);
    if (!pair || !still) {
      continue;
    }
    const timed = moving.result.responses > 0 && still.result.responses > 0;
    const ratio = timed ? significant(p99Ratio(moving, still)) : undefined;
    const ok = moving.problems.length === 0 && still.problems.length === 0;
    out.push({
      config: moving.config,
      row: pair.name,
      stillP99: still.result.p99,
      movingP99: moving.result.p99,
      ratio,
      compared: pair.compared,
      max: pair.max,
      met: ok && ratio !== undefined && ratio <= pair.max,
    });
  }
  return out;
}
