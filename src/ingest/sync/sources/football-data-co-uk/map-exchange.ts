import type { ExchangeFact } from '../../facts.js';
import type { FixtureRow } from './fixtures.js';
import { line, observedAt, type Phase, price } from './map-prices.js';

/**
 * Betfair Exchange prices (`BFEH`, `BFE>2.5`, `BFEAHH`; closing `BFECH`, `BFEC>2.5`,
 * `BFECAHH`): one exchange document per match, in the words of Betfair's market books as the
 * demo's exchange documents use them (`marketName`, `eventName`, `runners[].runnerName`), with
 * one price per runner: football-data.co.uk gives a single number per outcome, not a ladder, and
 * does not say whether it is a back price or the last traded one. docs/sources/football-data-co-uk.md
 * shows the shape.
 */
interface Runner {
  runnerName: string;
  handicap?: number;
  price: number | null;
}

interface Book {
  marketName: string;
  phase: Phase;
  observedAt: string;
  runners: Runner[];
}

function books(r: FixtureRow, phase: Phase, now: Date): Book[] {
  const p = phase === 'closing' ? 'BFEC' : 'BFE';
  const at = observedAt(r.kickoffUtc, phase, now);
  const row = r.row;
  const handicap = line(row, phase === 'closing' ? 'AHCh' : 'AHh');
  const all: Book[] = [
    {
      marketName: 'Match Odds',
      phase,
      observedAt: at,
      runners: [
        { runnerName: r.home, price: price(row, `${p}H`) },
        { runnerName: r.away, price: price(row, `${p}A`) },
        { runnerName: 'The Draw', price: price(row, `${p}D`) },
      ],
    },
    {
      marketName: 'Over/Under 2.5 Goals',
      phase,
      observedAt: at,
      runners: [
        { runnerName: 'Under 2.5 Goals', price: price(row, `${p}<2.5`) },
        { runnerName: 'Over 2.5 Goals', price: price(row, `${p}>2.5`) },
      ],
    },
  ];
  if (handicap !== null) {
    all.push({
      marketName: 'Asian Handicap',
      phase,
      observedAt: at,
      runners: [
        { runnerName: r.home, handicap, price: price(row, `${p}AHH`) },
        { runnerName: r.away, handicap: -handicap || 0, price: price(row, `${p}AHA`) },
      ],
    });
  }
  return all.filter((book) => book.runners.some((runner) => runner.price !== null));
}

/** The match's exchange document, or undefined when the row has no Betfair Exchange price. */
export function exchangeFact(r: FixtureRow, now: Date): ExchangeFact | undefined {
  const found = [...books(r, 'opening', now), ...books(r, 'closing', now)];
  const last = found.map((b) => b.observedAt).sort()[found.length - 1];
  if (last === undefined) {
    return undefined;
  }
  const payload = {
    exchange: 'Betfair Exchange',
    source: 'football-data.co.uk',
    eventName: `${r.home} v ${r.away}`,
    books: found,
  };
  return { match: r.sourceId, payload: JSON.stringify(payload), receivedAt: last };
}
