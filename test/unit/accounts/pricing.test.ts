import { describe, expect, it } from 'vitest';
import {
  discountPercent,
  yearlyMonthlyEquivalent,
  yearlySavingPercent,
} from '../../../src/accounts/pricing.js';

describe('pricing figures (DECISIONS.md "Access", 2 decimals)', () => {
  it('yearly saving compares the yearly price with twelve monthly payments', () => {
    // Plus: (12 x 188 - 1880) / 2256 = 16.666...%
    expect(yearlySavingPercent(188, 1880)).toBe(16.67);
    // Pro: (12 x 688 - 6880) / 8256 = 16.666...%
    expect(yearlySavingPercent(688, 6880)).toBe(16.67);
    expect(yearlySavingPercent(100, 1200)).toBe(0);
  });

  it('monthly equivalent is the yearly price divided by twelve', () => {
    expect(yearlyMonthlyEquivalent(1880)).toBe(156.67);
    expect(yearlyMonthlyEquivalent(6880)).toBe(573.33);
  });

  it('discount agrees with the two printed prices and is absent without a promotion', () => {
    expect(discountPercent(150, 188)).toBe(20.21);
    expect(discountPercent(94, 188)).toBe(50);
    expect(discountPercent(188, null)).toBeNull();
    expect(discountPercent(188, 188)).toBeNull();
  });
});
