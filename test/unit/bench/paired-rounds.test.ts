import { describe, expect, it } from 'vitest';
import { liveLatencies } from '../../../bench/live-latency.js';
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
      { rps: 10_000, p99: 0.4, cpuMicrosPerResponse: 50 },
      { rps: 20_000, p99: 0.2, cpuMicrosPerResponse: 40 },
      { rps: 12_000, p99: 4000 / 12_000, cpuMicrosPerResponse: 60 },
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

  it('judges the rows under the live feed by same-round ratios to the still rows beside them', () => {
    // The machine slowed during round 1 (its moving row ran slow) and again by round 2; within
    // rounds 2 and 3 the feed costs 10 %. Same-round ratios 0.5, 0.9, 0.9.
    const still = medianOfRounds([
      measurement('postgres', 'live-detail-still', { rps: 10_000 }),
      measurement('postgres', 'live-detail-still', { rps: 6_000 }),
      measurement('postgres', 'live-detail-still', { rps: 8_000 }),
    ]);
    const moving = medianOfRounds([
      measurement('postgres', 'live-detail-moving', { rps: 5_000 }),
      measurement('postgres', 'live-detail-moving', { rps: 5_400 }),
      measurement('postgres', 'live-detail-moving', { rps: 7_200 }),
    ]);
    const row = deriveRows([still, moving])[1];
    expect(row?.ratio).toBe(0.9);
    expect(row?.met).toBe(true);
    // The ratio of the medians, 5,400 / 8,000, would have missed the 0.8 target.
    expect(moving.result.rps / still.result.rps).toBe(0.675);
  });

  it('pairs the p99s round by round: a miss the medians would hide is a miss', () => {
    // Same-round ratios 1.2, 3, 2.5 (median 2.5, over the 2x target); the medians, 12 ms moving
    // over 10 ms still, would say 1.2.
    const still = medianOfRounds([
      measurement('postgres', 'live-page-still', { rps: 300, p99: 10 }),
      measurement('postgres', 'live-page-still', { rps: 300, p99: 10 }),
      measurement('postgres', 'live-page-still', { rps: 300, p99: 2 }),
    ]);
    const moving = medianOfRounds([
      measurement('postgres', 'live-page-moving', { rps: 250, p99: 12 }),
      measurement('postgres', 'live-page-moving', { rps: 250, p99: 30 }),
      measurement('postgres', 'live-page-moving', { rps: 250, p99: 5 }),
    ]);
    expect(liveLatencies([still, moving])).toMatchObject([{ ratio: 2.5, met: false }]);
    expect(moving.result.p99 / still.result.p99).toBe(1.2);
  });

  it('judges the cached detail by same-round CPU ratios to the ceiling beside it', () => {
    // The machine sped up between the ceilings of the configurations (20 -> 13 µs an answer);
    // beside the row, round by round, the ceiling took 18, 19, 16 µs and the detail 34, 40, 30.
    const before = measurement('baseline', 'ceiling', { rps: 50_000, cpu: 20 });
    const ceiling = medianOfRounds([
      measurement('baseline', 'ceiling-paired', { rps: 52_000, cpu: 18 }),
      measurement('baseline', 'ceiling-paired', { rps: 50_000, cpu: 19 }),
      measurement('baseline', 'ceiling-paired', { rps: 56_000, cpu: 16 }),
    ]);
    const detail = medianOfRounds([
      measurement('embedded', 'detail', { rps: 28_000, cpu: 34 }),
      measurement('embedded', 'detail', { rps: 24_000, cpu: 40 }),
      measurement('embedded', 'detail', { rps: 31_000, cpu: 30 }),
    ]);
    const after = measurement('baseline', 'ceiling', { rps: 74_000, cpu: 13 });
    const rows = deriveRows([before, ceiling, detail, after]);
    const row = rows[2];
    expect(row?.baseline).toBe('ceiling (in rounds with it)');
    // 18/34, 19/40, 16/30: 0.529, 0.475, 0.533.
    expect(row?.cpuRatio).toBe(0.529);
    expect(row?.met).toBe(true);
    // The nearest ceilings' mean (16.5 µs) over the detail's median (34) would have missed.
    expect(16.5 / 34).toBeLessThan(0.5);
    // Without the paired ceiling the row falls back to the nearest ones.
    expect(deriveRows([before, detail, after])[1]?.baseline).toBe('ceiling (nearest)');
  });
});
