/**
 * Issue 20: under 60 changes a second, the p99 latency of the cached detail and of the GraphQL
 * day page stays within 2x of the same row's with the data still.
 */
import type { Measurement, ScenarioId } from './scenarios.js';
import { median, significant } from './stats.js';

export const LIVE_P99_TARGET = 2;

/** Each row under live writes that has a p99 target, with its still-data row. */
const PAIRS: readonly { still: ScenarioId; moving: ScenarioId; name: string }[] = [
  { still: 'live-detail-still', moving: 'live-detail-moving', name: 'REST detail (cache on)' },
  { still: 'live-page-still', moving: 'live-page-moving', name: 'GraphQL day page (cache on)' },
];

interface LiveLatency {
  config: string;
  row: string;
  stillP99: number;
  movingP99: number;
  /** Moving p99 over still p99; undefined when either row had no answer to time. */
  ratio: number | undefined;
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
      met: ok && ratio !== undefined && ratio <= LIVE_P99_TARGET,
    });
  }
  return out;
}
