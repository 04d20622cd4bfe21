/**
 * Small rules shared by the odds sources (the-odds-api, betfair): what a price and a line must be
 * to become a fact (src/ingest/format.ts: prices > 1 and <= 1000, lines in quarter steps from
 * -20 to 30), and how a pass's facts are kept unique and in a stable order.
 */

/** A decimal price the import format accepts, else null (the outcome is not offered). */
export function decimalPrice(value: number | undefined): number | null {
  return value !== undefined && Number.isFinite(value) && value > 1 && value <= 1000 ? value : null;
}

/** A handicap or goal line the import format accepts (quarter steps), else null. */
export function quarterLine(value: number | undefined): number | null {
  if (value === undefined || !Number.isInteger(value * 4) || value < -20 || value > 30) {
    return null;
  }
  // -0 would print as 0 but compare unequal in Object.is (and in test snapshots).
  return value === 0 ? 0 : value;
}

/** An ISO-8601 instant in the one form facts use: `2024-08-24T11:30:00.000Z`. */
export function isoUtc(value: string): string {
  return new Date(value).toISOString();
}

/** The first of each key, ordered by key: the same answers give the same facts. */
export function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const item of items) {
    const k = key(item);
    if (!byKey.has(k)) {
      byKey.set(k, item);
    }
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
}

/** Splits a list into runs of at most `size` (request limits per call). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(items.slice(i, i + size));
  }
  return out;
}
