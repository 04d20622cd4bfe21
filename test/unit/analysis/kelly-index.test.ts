import { describe, expect, it } from 'vitest';
import { computeKellyIndex, type KellyOddsInput } from '../../../src/analysis/kelly-index.js';

const none = { home: null, draw: null, away: null };
const book = (
  id: number,
  isAggregate: boolean,
  opening: KellyOddsInput['opening'],
  closing: KellyOddsInput['closing'] = none,
): KellyOddsInput => ({
  bookmaker: { id, name: `B${id}`, nameEn: `Book ${id}`, isAggregate },
  opening,
  closing,
});

/**
 * A: 2.00 / 3.50 / 4.00 -> 1/p = .5 + .285714 + .25 = 1.035714 (margin 3.57%);
 *    margin-free .482759 / .275862 / .241379
 * B: 2.10 / 3.40 / 3.80 -> 1.033466 (margin 3.35%); .460770 / .284593 / .254636
 * average over A and B (the aggregate is left out): .471764 / .280228 / .248008
 * Kelly A = 2.00 x .471764 = 0.94, 3.50 x .280228 = 0.98, 4.00 x .248008 = 0.99
 * Kelly B = 2.10 x .471764 = 0.99, 3.40 x .280228 = 0.95, 3.80 x .248008 = 0.94
 */
describe('computeKellyIndex', () => {
  const result = computeKellyIndex(1, [
    book(20, false, { home: 2.1, draw: 3.4, away: 3.8 }),
    book(90, true, { home: 2.2, draw: 3.7, away: 4.4 }),
    book(10, false, { home: 2, draw: 3.5, away: 4 }, { home: 1.9, draw: 3.6, away: 4.2 }),
  ]);

  it('averages implied probabilities over real bookmakers only', () => {
    // With the aggregate the average would be 47.36 / 28.14 / 24.49.
    expect(result.average.opening).toEqual({
      bookmakers: 2,
      probability: { home: 47.18, draw: 28.02, away: 24.8 },
    });
  });

  it('gives a row per real bookmaker, price x average probability', () => {
    expect(result.bookmakers.map((b) => b.bookmaker.id)).toEqual([10, 20]);
    expect(result.bookmakers[0]?.opening).toEqual({
      prices: { home: 2, draw: 3.5, away: 4 },
      impliedProbability: { home: 48.28, draw: 27.59, away: 24.14 },
      kelly: { home: 0.94, draw: 0.98, away: 0.99 },
      margin: 3.57,
    });
    expect(result.bookmakers[1]?.opening?.kelly).toEqual({ home: 0.99, draw: 0.95, away: 0.94 });
    expect(result.bookmakers[1]?.opening?.margin).toBe(3.35);
  });

  it('averages each phase over the bookmakers that have it; a missing phase is omitted', () => {
    expect(result.average.closing?.bookmakers).toBe(1);
    // Alone in the closing average, a bookmaker's Kelly is its payout:
    // 1.90 / 3.60 / 4.20 -> 1/p sums to 1.042189, 1 / 1.042189 = 0.96.
    expect(result.bookmakers[0]?.closing?.kelly).toEqual({ home: 0.96, draw: 0.96, away: 0.96 });
    expect(result.bookmakers[1]).not.toHaveProperty('closing');
  });

  it('is empty without real bookmaker prices', () => {
    expect(computeKellyIndex(2, [book(90, true, { home: 2, draw: 3, away: 4 })])).toEqual({
      matchId: 2,
      average: {},
      bookmakers: [],
    });
    expect(
      computeKellyIndex(3, [book(10, false, { home: 2, draw: null, away: 4 })]).bookmakers,
    ).toEqual([]);
  });
});
