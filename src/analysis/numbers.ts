/** Rounds to 2 decimals (rates, percentages, Kelly values); -0 becomes 0. */
export function round2(value: number): number {
  const rounded = Math.round((value + Number.EPSILON) * 100) / 100;
  return rounded === 0 ? 0 : rounded;
}

/** `part` of `whole` in percent with 2 decimals; 0 when the whole is empty. */
export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : round2((part / whole) * 100);
}
