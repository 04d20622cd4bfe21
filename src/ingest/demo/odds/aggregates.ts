import type { OddsMarket } from '../../../football/vocabulary.js';
import type { Odds, PriceSetRecord } from '../../format-odds.js';
import { MAX_BOOKMAKER, MIN_BOOKMAKER } from '../data/bookmakers.js';

const PRICE_FIELDS = ['home', 'draw', 'away', 'over', 'under'] as const;

/** The line most bookmakers quote (ties: the lower line), so the envelope compares like with like. */
function modalLine(sets: PriceSetRecord[]): number | null | undefined {
  const counts = new Map<number, number>();
  for (const s of sets) {
    if (typeof s.line === 'number') {
      counts.set(s.line, (counts.get(s.line) ?? 0) + 1);
    }
  }
  let best: number | undefined;
  let bestCount = 0;
  for (const [line, n] of [...counts].sort((a, b) => a[0] - b[0])) {
    if (n > bestCount) {
      best = line;
      bestCount = n;
    }
  }
  return best;
}

function envelope(
  sets: PriceSetRecord[],
  pick: (values: number[]) => number,
): PriceSetRecord | null {
  const line = modalLine(sets);
  const same = sets.filter((s) => s.line === line || (line === undefined && s.line === undefined));
  if (same.length === 0) {
    return null;
  }
  const out: PriceSetRecord = {};
  if (line !== undefined && line !== null) {
    out.line = line;
  }
  for (const field of PRICE_FIELDS) {
    const values = same.map((s) => s[field]).filter((v): v is number => typeof v === 'number');
    if (values.length > 0) {
      out[field] = pick(values);
    }
  }
  return out;
}

/** Min and Max rows of one market, from the real bookmakers' opening and closing prices. */
export function aggregateRows(matchId: number, market: OddsMarket, rows: Odds[]): Odds[] {
  const real = rows.filter((r) => r.market === market);
  if (real.length === 0) {
    return [];
  }
  const opens = real.map((r) => r.open).filter((s): s is PriceSetRecord => !!s);
  const closes = real.map((r) => r.close).filter((s): s is PriceSetRecord => !!s);
  return [
    { bookmaker: MIN_BOOKMAKER.id, pick: (v: number[]) => Math.min(...v) },
    { bookmaker: MAX_BOOKMAKER.id, pick: (v: number[]) => Math.max(...v) },
  ].map(({ bookmaker, pick }) => ({
    matchId,
    bookmakerId: bookmaker,
    market,
    open: envelope(opens, pick),
    close: envelope(closes, pick),
  }));
}
