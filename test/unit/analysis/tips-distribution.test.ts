import { describe, expect, it } from 'vitest';
import { computeTipsDistribution, type TipInput } from '../../../src/analysis/tips-distribution.js';

const tips = (n: number, tip: TipInput): TipInput[] => Array.from({ length: n }, () => tip);

describe('computeTipsDistribution (spec 2.11)', () => {
  it('counts a bet type and line only with MORE than ten tips: 10 is out, 11 is in', () => {
    const result = computeTipsDistribution([
      ...tips(10, { betType: 'hilo', line: 2.5, selection: 'over' }),
      ...tips(7, { betType: 'hdp', line: -0.5, selection: 'home' }),
      ...tips(4, { betType: 'hdp', line: -0.5, selection: 'away' }),
    ]);
    expect(result).toEqual([
      {
        betType: 'hdp',
        line: -0.5,
        tips: 11,
        selections: [
          { selection: 'home', count: 7, percent: 63.64 },
          { selection: 'away', count: 4, percent: 36.36 },
        ],
      },
    ]);
  });

  it('is empty when no sample is eligible', () => {
    expect(
      computeTipsDistribution(tips(10, { betType: 'had', line: null, selection: 'home' })),
    ).toEqual([]);
    expect(computeTipsDistribution([])).toEqual([]);
  });

  it('separates lines, lists every selection of the bet type, omits the line of had', () => {
    const result = computeTipsDistribution([
      { betType: 'hilo', line: 3, selection: 'under', count: 12 },
      { betType: 'hilo', line: 2.5, selection: 'over', count: 6 },
      { betType: 'hilo', line: 2.5, selection: 'under', count: 6 },
      { betType: 'had', line: null, selection: 'draw', count: 20 },
    ]);
    expect(result.map((e) => [e.betType, e.line, e.tips])).toEqual([
      ['had', undefined, 20],
      ['hilo', 2.5, 12],
      ['hilo', 3, 12],
    ]);
    expect(result[0]).not.toHaveProperty('line');
    expect(result[0]?.selections).toEqual([
      { selection: 'home', count: 0, percent: 0 },
      { selection: 'draw', count: 20, percent: 100 },
      { selection: 'away', count: 0, percent: 0 },
    ]);
  });
});
