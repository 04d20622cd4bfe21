import { describe, expect, it } from 'vitest';
import { deriveRows } from '../../../bench/ratios.js';
import type { Measurement, ScenarioId } from '../../../bench/scenarios.js';
import { measurement } from './measurement.js';

const measured = (config: string, id: ScenarioId, rps: number): Measurement =>
  measurement(config, id, { rps });

/** Issue 19: the /pricing row is judged against cached meta/plans of the same configuration. */
describe('bench: the /pricing row', () => {
  it('is a ratio to meta/plans of its own configuration, target >= 0.5', () => {
    const rows = deriveRows([
      measured('embedded', 'meta', 10_000),
      measured('embedded', 'pricing', 6_000),
      measured('postgres', 'meta', 8_000),
      measured('postgres', 'pricing', 3_000),
    ]);
    const [embedded, postgres] = rows.filter((r) => r.id === 'pricing');
    expect(embedded).toMatchObject({
      baseline: 'REST meta/plans (embedded)',
      ratio: 0.6,
      target: { min: 0.5 },
      met: true,
    });
    expect(postgres).toMatchObject({ baseline: 'REST meta/plans (postgres)', met: false });
    expect(postgres?.ratio).toBe(0.375);
  });
});
