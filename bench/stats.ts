/** Nearest-rank percentile of unsorted samples (0 for none). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) {
    return 0;
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

export const median = (samples: readonly number[]) => percentile(samples, 50);

/** Three significant digits, so that small ratios (0.000483) keep their size. */
export const significant = (value: number) => Number(value.toPrecision(3));

export const round = (value: number, digits = 2) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};
