import type { OddsMarket } from '../../../../football/vocabulary.js';
import type { PriceFact } from '../../facts.js';
import type { Row } from './csv.js';
import type { FixtureRow } from './fixtures.js';
import { COLUMN_BOOKMAKERS, type ColumnBookmaker } from './reference.js';

/** A decimal price, or null when empty or not a valid price (> 1, <= 1000). */
export function price(row: Row, column: string): number | null {
  const value = Number.parseFloat(row[column] ?? '');
  return Number.isFinite(value) && value > 1 && value <= 1000 ? value : null;
}

/** A handicap line in quarter steps, or null. */
export function line(row: Row, column: string): number | null {
  const value = Number.parseFloat(row[column] ?? '');
  return Number.isFinite(value) && Number.isInteger(value * 4) && value >= -20 && value <= 30
    ? value
    : null;
}

/**
 * football-data.co.uk collects the "pre-closing" prices some days before the match (Friday for
 * weekend games, Tuesday for midweek ones) without saying when: they are observed 48 hours before
 * kick-off; the closing prices at kick-off. Never later than the pass (a fixture's prices were
 * collected before the file was read).
 */
const OPENING_LEAD_MS = 48 * 3_600_000;

export type Phase = 'opening' | 'closing';

export function observedAt(kickoffUtc: string, phase: Phase, now: Date): string {
  const stamp = Date.parse(kickoffUtc) - (phase === 'opening' ? OPENING_LEAD_MS : 0);
  return new Date(Math.min(stamp, now.getTime())).toISOString();
}

type Prices = Pick<PriceFact, 'line' | 'home' | 'draw' | 'away' | 'over' | 'under'>;

/** Closing columns insert `C` after the prefix (`B365CH`, `PC>2.5`, `PCAHH`). */
const prefix = (p: string, phase: Phase) => (phase === 'closing' ? `${p}C` : p);

const MARKETS: Record<OddsMarket, (row: Row, b: ColumnBookmaker, phase: Phase) => Prices | null> = {
  had: (row, b, phase) => {
    const p = prefix(b.had, phase);
    return { home: price(row, `${p}H`), draw: price(row, `${p}D`), away: price(row, `${p}A`) };
  },
  hilo: (row, b, phase) => {
    const p = prefix(b.hilo, phase);
    return { line: 2.5, over: price(row, `${p}>2.5`), under: price(row, `${p}<2.5`) };
  },
  // The line is the home side's handicap: `AHh` for the opening prices, `AHCh` for closing.
  hdp: (row, b, phase) => {
    const at = line(row, phase === 'closing' ? 'AHCh' : 'AHh');
    const p = `${prefix(b.hdp, phase)}AH`;
    return at === null ? null : { line: at, home: price(row, `${p}H`), away: price(row, `${p}A`) };
  },
};

const hasPrice = (p: Prices) => [p.home, p.draw, p.away, p.over, p.under].some((v) => v != null);

/** Every bookmaker's prices in the row: one fact per bookmaker, market and phase that has one. */
export function priceFacts(r: FixtureRow, now: Date): PriceFact[] {
  const facts: PriceFact[] = [];
  for (const bookmaker of COLUMN_BOOKMAKERS) {
    for (const market of ['had', 'hdp', 'hilo'] as const) {
      for (const phase of ['opening', 'closing'] as const) {
        const prices = MARKETS[market](r.row, bookmaker, phase);
        if (prices && hasPrice(prices)) {
          facts.push({
            match: r.sourceId,
            bookmaker: bookmaker.sourceId,
            market,
            ...prices,
            observedAt: observedAt(r.kickoffUtc, phase, now),
          });
        }
      }
    }
  }
  return facts;
}
