import type { Movement, Odds, PriceSetRecord } from '../format.js';
import { FOOTBALL_DATA_BOOKMAKERS, type ProviderBookmaker } from './football-data-reference.js';

type Row = Record<string, string>;

/** A decimal price, or null when empty or not a valid price (> 1). */
export function price(row: Row, column: string): number | null {
  const value = Number.parseFloat(row[column] ?? '');
  return Number.isFinite(value) && value > 1 && value <= 1000 ? value : null;
}

/** A handicap or goal line in quarter steps, or null. */
function line(row: Row, column: string): number | null {
  const value = Number.parseFloat(row[column] ?? '');
  return Number.isFinite(value) && Number.isInteger(value * 4) ? value : null;
}

const compact = (set: PriceSetRecord): PriceSetRecord | null => {
  const entries = Object.entries(set).filter(([, v]) => v !== null && v !== undefined);
  const hasPrice = entries.some(([k]) => k !== 'line' && k !== 'at');
  return hasPrice ? (Object.fromEntries(entries) as PriceSetRecord) : null;
};

function had(row: Row, b: ProviderBookmaker, close: boolean): PriceSetRecord | null {
  const p = `${b.had}${close ? 'C' : ''}`;
  return compact({
    home: price(row, `${p}H`),
    draw: price(row, `${p}D`),
    away: price(row, `${p}A`),
  });
}

function hilo(row: Row, b: ProviderBookmaker, close: boolean): PriceSetRecord | null {
  const p = `${b.hilo}${close ? 'C' : ''}`;
  return compact({ line: 2.5, over: price(row, `${p}>2.5`), under: price(row, `${p}<2.5`) });
}

/** Asian handicap: the line is the home side's handicap (AHh opening, AHCh closing). */
function hdp(row: Row, b: ProviderBookmaker, close: boolean): PriceSetRecord | null {
  const p = `${b.hdp}${close ? 'CAH' : 'AH'}`;
  const l = line(row, close ? 'AHCh' : 'AHh');
  if (l === null) {
    return null;
  }
  return compact({ line: l, home: price(row, `${p}H`), away: price(row, `${p}A`) });
}

const MARKETS = { had, hdp, hilo } as const;

export interface OddsTimes {
  /** When the opening prices are taken to apply (see docs: an approximation). */
  openedAt: string;
  closedAt: string;
}

/** Opening/closing odds per bookmaker and market, and a two-point movement (open, close). */
export function oddsOfRow(row: Row, matchId: number, times: OddsTimes) {
  const odds: Odds[] = [];
  const movements: Movement[] = [];
  for (const b of FOOTBALL_DATA_BOOKMAKERS) {
    for (const [market, read] of Object.entries(MARKETS) as [keyof typeof MARKETS, typeof had][]) {
      const open = read(row, b, false);
      const close = read(row, b, true);
      if (!open && !close) {
        continue;
      }
      odds.push({
        matchId,
        bookmakerId: b.id,
        market,
        open: open && { ...open, at: times.openedAt },
        close: close && { ...close, at: times.closedAt },
      });
      const points = [
        ...(open ? [{ set: open, at: times.openedAt }] : []),
        ...(close ? [{ set: close, at: times.closedAt }] : []),
      ];
      for (const [seq, point] of points.entries()) {
        movements.push({
          matchId,
          market,
          bookmakerId: b.id,
          seq,
          changedAt: point.at,
          ...point.set,
        });
      }
    }
  }
  return { odds, movements };
}
