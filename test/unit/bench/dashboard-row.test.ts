import { describe, expect, it } from 'vitest';
import { deriveRows } from '../../../bench/ratios.js';
import type { Measurement, ScenarioId } from '../../../bench/scenarios.js';

const measured = (config: string, id: ScenarioId, rps: number, p50: number): Measurement => ({
  config,
  id,
  label: id,
  path: '/',
  bytes: 100,
  result: {
    responses: rps * 4,
    seconds: 4,
    rps,
    p50,
    p99: p50 * 2,
    failures: 0,
    statusCodes: { '200': rps * 4 },
    errors: 0,
    timeouts: 0,
    mismatches: 0,
    bytesPerSecond: rps * 100,
  },
  failureShare: 0,
  problems: [],
});

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
