import { describe, expect, it } from 'vitest';
import { deriveRows } from '../../../bench/ratios.js';
import { type Measurement, medianOfRounds, type ScenarioId } from '../../../bench/scenarios.js';
import { measurement } from './measurement.js';

const round = (id: ScenarioId, rps: number, cpu: number, problems: string[] = []): Measurement =>
  measurement('cluster', id, { rps, cpu, p50: 1000 / rps, p99: 4000 / rps, seconds: 5, problems });

describe('rows measured in interleaved rounds', () => {
  it('records the medians of the rounds, the counts summed and every round kept', () => {
    const row = medianOfRounds([
      round('cluster-direct', 10_000, 50),
      round('cluster-direct', 20_000, 40, ['slow probe']),
      round('cluster-direct', 12_000, 60),
    ]);
    expect(row.result.rps).toBe(12_000);
    expect(row.cpuMicrosPerResponse).toBe(50);
    expect(row.result.responses).toBe(210_000);
    expect(row.result.statusCodes).toEqual({ '200': 210_000 });
    expect(row.problems).toEqual(['round 2: slow probe']);
    expect(row.rounds).toEqual([
      { rps: 10_000, cpuMicrosPerResponse: 50 },
      { rps: 20_000, cpuMicrosPerResponse: 40 },
      { rps: 12_000, cpuMicrosPerResponse: 60 },
    ]);
  });

  it('judges the balanced row by the median of same-round ratios, not the ratio of medians', () => {
    // The machine drifts: round 2 is fast for both rows. Same-round ratios: 0.9, 0.85, 0.5.
    const direct = medianOfRounds([
      round('cluster-direct', 10_000, 50),
      round('cluster-direct', 20_000, 40),
      round('cluster-direct', 12_000, 60),
    ]);
    const balanced = medianOfRounds([
      round('cluster-haproxy', 9_000, 100),
      round('cluster-haproxy', 17_000, 80),
      round('cluster-haproxy', 6_000, 200),
    ]);
    const row = deriveRows([direct, balanced])[1];
    expect(row?.ratio).toBe(0.85);
    // CPU: 50/100, 40/80, 60/200.
    expect(row?.cpuRatio).toBe(0.5);
    expect(row?.met).toBe(true);
    // The ratio of the medians would have missed: 9,000 / 12,000.
    expect(balanced.result.rps / direct.result.rps).toBe(0.75);
  });

  it('falls back to the medians when the baseline was measured once', () => {
    const direct = round('cluster-direct', 10_000, 50);
    const balanced = medianOfRounds([
      round('cluster-haproxy', 7_000, 100),
      round('cluster-haproxy', 9_000, 80),
      round('cluster-haproxy', 8_000, 90),
    ]);
    const row = deriveRows([direct, balanced])[1];
    expect(row?.ratio).toBe(0.8);
    expect(row?.cpuRatio).toBe(0.556);
  });
});
