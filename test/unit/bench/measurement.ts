import type { BenchRun } from '../../../bench/bench-run.js';
import type { Measurement, ScenarioId } from '../../../bench/scenarios.js';

/** A bench row's measurement with only the figures a ratio test cares about. */
export function measurement(
  config: string,
  id: ScenarioId,
  figures: {
    rps: number;
    cpu?: number;
    p50?: number;
    p99?: number;
    seconds?: number;
    problems?: string[];
  },
): Measurement {
  const { rps, cpu, p50 = 1, p99 = 2, seconds = 4, problems = [] } = figures;
  return {
    config,
    id,
    label: id,
    path: '/',
    bytes: 100,
    result: {
      responses: rps * seconds,
      seconds,
      rps,
      p50,
      p99,
      failures: 0,
      statusCodes: { '200': rps * seconds },
      errors: 0,
      timeouts: 0,
      mismatches: 0,
      bytesPerSecond: rps * 100,
    },
    ...(cpu === undefined ? {} : { cpuMicrosPerResponse: cpu }),
    failureShare: 0,
    problems,
  };
}

/** A run holding only measurements and memory rows, for `targetChecks`. */
export const benchRun = (
  measurements: Measurement[],
  memory: BenchRun['memory'] = [],
): BenchRun => ({
  startedAt: '',
  finishedAt: '',
  seconds: 0,
  machine: { nproc: 2, cpu: '', node: '', platform: '', loadavgStart: [], loadavgEnd: [] },
  options: {} as BenchRun['options'],
  data: {},
  measurements,
  pages: [],
  memory,
  notes: [],
});
