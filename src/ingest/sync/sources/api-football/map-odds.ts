import type { OddsMarket } from '../../../../football/vocabulary.js';
import type { BookmakerFact, PriceFact } from '../../facts.js';
import { isoUtc } from './map-fixture.js';
import { lineOf, mainLine, priceOf, type SidedPrice, twoWayLines } from './odds-lines.js';
import type { ProviderPreMatchOdds } from './schemas-odds.js';

type Value = ProviderPreMatchOdds['bookmakers'][number]['bets'][number]['values'][number];
type Prices = Omit<PriceFact, 'match' | 'bookmaker' | 'observedAt'>;

/** Pre-match bet names (bets 1, 4 and 5 of `/odds/bets`) to touchline's markets. */
const PRE_MATCH_BETS: ReadonlyMap<string, OddsMarket> = new Map([
  ['Match Winner', 'had'],
  ['Asian Handicap', 'hdp'],
  ['Goals Over/Under', 'hilo'],
]);

const textOf = (v: Value) => String(v.value).trim();

function matchWinner(values: readonly Value[]): Prices | undefined {
  const price = (label: string) => {
    const v = values.find((x) => textOf(x) === label);
    return v ? priceOf(v.odd) : undefined;
  };
  const [home, draw, away] = [price('Home'), price('Draw'), price('Away')];
  return home && draw && away ? { market: 'had', home, draw, away } : undefined;
}

/** "Home -0.5", "Over 2.5": the side and its line, read from the value text. */
function sidedPrices(values: readonly Value[]): SidedPrice[] {
  const out: SidedPrice[] = [];
  for (const v of values) {
    const m = /^(\S+)\s+([+-]?[0-9]+(?:\.[0-9]+)?)$/.exec(textOf(v));
    const line = m?.[2] === undefined ? undefined : lineOf(m[2]);
    const price = priceOf(v.odd);
    if (m?.[1] && line !== undefined && price !== undefined) {
      out.push({ side: m[1], line, price });
    }
  }
  return out;
}

/** Asian handicap: the home line, paired with the away side of the opposite line. */
function asianHandicap(values: readonly Value[]): Prices | undefined {
  const pair = mainLine(twoWayLines(sidedPrices(values), ['Home', 'Away'], (l) => -l));
  return pair ? { market: 'hdp', line: pair.line, home: pair.first, away: pair.second } : undefined;
}

function overUnder(values: readonly Value[]): Prices | undefined {
  const pair = mainLine(twoWayLines(sidedPrices(values), ['Over', 'Under'], (l) => l));
  return pair
    ? { market: 'hilo', line: pair.line, over: pair.first, under: pair.second }
    : undefined;
}

const READERS = { had: matchWinner, hdp: asianHandicap, hilo: overUnder } as const;

/** One fixture's pre-match prices, one per bookmaker and market, taken at the answer's `update`. */
export function mapPreMatchOdds(item: ProviderPreMatchOdds): {
  bookmakers: BookmakerFact[];
  prices: PriceFact[];
} {
  const observedAt = isoUtc(item.update);
  const prices: PriceFact[] = [];
  for (const bookmaker of item.bookmakers) {
    for (const bet of bookmaker.bets) {
      const market = PRE_MATCH_BETS.get(bet.name);
      const read = market ? READERS[market](bet.values) : undefined;
      if (read) {
        const match = String(item.fixture.id);
        prices.push({ match, bookmaker: String(bookmaker.id), ...read, observedAt });
      }
    }
  }
  return {
    bookmakers: item.bookmakers.map((b) => ({ sourceId: String(b.id), name: b.name })),
    prices,
  };
}
