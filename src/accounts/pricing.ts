/**
 * Pricing figures of spec 2.8/2.9, computed so they always agree with the printed prices
 * (DECISIONS.md "Access": all rounded to 2 decimals).
 */
const round2 = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

/** (compareAtPrice - price) / compareAtPrice x 100; null when not on promotion. */
export function discountPercent(price: number, compareAtPrice: number | null): number | null {
  if (compareAtPrice === null || compareAtPrice <= price || compareAtPrice <= 0) {
    return null;
  }
  return round2(((compareAtPrice - price) / compareAtPrice) * 100);
}

/** (12 x monthly - yearly) / (12 x monthly) x 100, on the current prices. */
export function yearlySavingPercent(monthlyPrice: number, yearlyPrice: number): number {
  const twelveMonths = monthlyPrice * 12;
  return twelveMonths > 0 ? round2(((twelveMonths - yearlyPrice) / twelveMonths) * 100) : 0;
}

export const yearlyMonthlyEquivalent = (yearlyPrice: number) => round2(yearlyPrice / 12);
