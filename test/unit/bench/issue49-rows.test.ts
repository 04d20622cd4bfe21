import { describe, expect, it } from 'vitest';
import { deriveRows, targetChecks } from '../../../bench/ratios.js';
import type { Measurement, ScenarioId } from '../../../bench/scenarios.js';
import { benchRun, measurement } from './measurement.js';

const measured = (config: string, id: ScenarioId, rps: number, p99 = 2): Measurement =>
  measurement(config, id, { rps, cpu: 50, p99 });

const row = (rows: ReturnType<typeof deriveRows>, config: string, id: ScenarioId) =>
  rows.find((r) => r.config === config && r.id === id);

describe('bench: issue 49 rows', () => {
  it('cached standings against the cached detail, >= 0.8', () => {
    const rows = deriveRows([
      measured('embedded', 'detail', 10_000),
      measured('embedded', 'standings', 8_100),
      measured('postgres', 'detail', 10_000),
      measured('postgres', 'standings', 7_000),
    ]);
    expect(row(rows, 'embedded', 'standings')).toMatchObject({
      baseline: 'REST detail (embedded)',
      ratio: 0.81,
      target: { min: 0.8 },
      met: true,
    });
    expect(row(rows, 'postgres', 'standings')).toMatchObject({ ratio: 0.7, met: false });
  });

  it("the team's last 10 and a competition's 31 days against raw pg's same JSON, >= 0.6 (PostgreSQL)", () => {
    const rows = deriveRows([
      measured('postgres', 'team-last10-nocache', 1_200),
      measured('baseline', 'raw-pg-team-last10', 2_000),
      measured('postgres', 'comp-range-nocache', 500),
      measured('baseline', 'raw-pg-comp-range', 1_000),
    ]);
    expect(row(rows, 'postgres', 'team-last10-nocache')).toMatchObject({
      baseline: "raw pg team's last 10",
      ratio: 0.6,
      met: true,
    });
    expect(row(rows, 'postgres', 'comp-range-nocache')).toMatchObject({
      baseline: 'raw pg competition range',
      ratio: 0.5,
      met: false,
    });
  });

  it('a cache-off search: >= 0.5 of the cache-off detail, and its p99 within 5x', () => {
    const measurements = [
      measured('embedded', 'detail-nocache', 4_000, 4),
      measured('embedded', 'search-nocache', 2_400, 24),
    ];
    expect(row(deriveRows(measurements), 'embedded', 'search-nocache')).toMatchObject({
      baseline: 'REST detail cache off (embedded)',
      ratio: 0.6,
      target: { min: 0.5 },
      met: true,
    });
    const checks = targetChecks(benchRun(measurements), deriveRows(measurements));
    const p99 = checks.find((c) => c.name.includes('REST search (cache off), p99'));
    expect(p99).toMatchObject({ value: 6, target: '<= 5', met: false });
  });
});
