import { describe, expect, it } from 'vitest';
import { deriveRows } from '../../../bench/ratios.js';
import type { Measurement, ScenarioId } from '../../../bench/scenarios.js';
import { measurement } from './measurement.js';

const measured = (config: string, id: ScenarioId, rps: number, p50: number): Measurement =>
  measurement(config, id, { rps, p50, p99: p50 * 2 });

/** Issue 19: a signed-in dashboard's p50 within 2x of the cached REST detail's p50. */
describe('bench: the /dashboard row', () => {
  it('is the detail p50 over the dashboard p50 of the same configuration, target >= 0.5', () => {
    const rows = deriveRows([
      measured('embedded', 'dashboard', 1_000, 1.6),
      measured('embedded', 'detail', 9_000, 1),
      measured('postgres', 'dashboard', 3_000, 2.5),
      measured('postgres', 'detail', 8_000, 1),
    ]);
    const [embedded, postgres] = rows.filter((r) => r.id === 'dashboard');
    // Judged by latency, not by req/s (1,000 / 9,000 would miss).
    expect(embedded).toMatchObject({
      baseline: 'REST detail p50 (embedded)',
      ratio: 0.625,
      target: { min: 0.5 },
      met: true,
    });
    expect(postgres).toMatchObject({ ratio: 0.4, met: false });
  });
});
