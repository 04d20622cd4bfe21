import type { BookmakerFact, PriceFact } from '../../facts.js';
import { decimalPrice, isoUtc, quarterLine } from '../odds-kit.js';
import type {
  OddsApiBookmaker,
  OddsApiMarket,
  OddsApiOddsEvent,
  OddsApiOutcome,
} from './schemas.js';

/**
 * Bookmaker keys whose `title` is ambiguous: The Odds API titles the Betfair exchange "Betfair",
 * which is also the sportsbook's everyday name; the English name tells them apart.
 * @see https://the-odds-api.com/sports-odds-data/bookmaker-apis.html
 */
const ENGLISH_NAMES: Readonly<Record<string, string>> = {
  betfair_ex_uk: 'Betfair Exchange',
  betfair_ex_eu: 'Betfair Exchange',
  betfair_ex_au: 'Betfair Exchange',
  betfair_sb_uk: 'Betfair Sportsbook',
};

type Prices = Omit<PriceFact, 'match' | 'bookmaker' | 'market' | 'observedAt'>;

const named = (market: OddsApiMarket, name: string): OddsApiOutcome | undefined =>
  market.outcomes.find((o) => o.name === name);

/** h2h -> had: outcomes named after the home team, the away team and `Draw`. */
function had(event: OddsApiOddsEvent, market: OddsApiMarket): Prices | null {
  const home = decimalPrice(named(market, event.home_team)?.price);
  const draw = decimalPrice(named(market, 'Draw')?.price);
  const away = decimalPrice(named(market, event.away_team)?.price);
  return home && draw && away ? { home, draw, away } : null;
}

/** spreads -> hdp: the line is the home team's `point`; the away team's is its negation. */
function hdp(event: OddsApiOddsEvent, market: OddsApiMarket): Prices | null {
  const homeSide = named(market, event.home_team);
  const awaySide = named(market, event.away_team);
  const line = quarterLine(homeSide?.point);
  const home = decimalPrice(homeSide?.price);
  const away = decimalPrice(awaySide?.price);
  if (line === null || awaySide?.point !== -line || !home || !away) {
    return null;
  }
  return { line, home, away };
}

/** totals -> hilo: `Over` and `Under` at the same `point`. */
function hilo(market: OddsApiMarket): Prices | null {
  const overSide = named(market, 'Over');
  const underSide = named(market, 'Under');
  const line = quarterLine(overSide?.point);
  const over = decimalPrice(overSide?.price);
  const under = decimalPrice(underSide?.price);
  if (line === null || underSide?.point !== line || !over || !under) {
    return null;
  }
  return { line, over, under };
}

function marketPrices(event: OddsApiOddsEvent, market: OddsApiMarket) {
  switch (market.key) {
    case 'h2h':
      return { market: 'had' as const, prices: had(event, market) };
    case 'spreads':
      return { market: 'hdp' as const, prices: hdp(event, market) };
    case 'totals':
      return { market: 'hilo' as const, prices: hilo(market) };
    default:
      // h2h_lay (exchange lay prices) and anything newer: not a market touchline keeps.
      return null;
  }
}

function bookmakerPrices(event: OddsApiOddsEvent, bookmaker: OddsApiBookmaker): PriceFact[] {
  const out: PriceFact[] = [];
  for (const market of bookmaker.markets) {
    const mapped = marketPrices(event, market);
    if (mapped?.prices) {
      out.push({
        match: event.id,
        bookmaker: bookmaker.key,
        market: mapped.market,
        ...mapped.prices,
        // Markets update on their own schedule; the bookmaker's time is the fallback.
        observedAt: isoUtc(market.last_update ?? bookmaker.last_update),
      });
    }
  }
  return out;
}

interface OddsFacts {
  bookmakers: BookmakerFact[];
  prices: PriceFact[];
}

/** Each bookmaker's h2h, spreads and totals of each event; incomplete markets are left out. */
export function mapOdds(events: readonly OddsApiOddsEvent[]): OddsFacts {
  const facts: OddsFacts = { bookmakers: [], prices: [] };
  for (const event of events) {
    for (const bookmaker of event.bookmakers) {
      facts.bookmakers.push({
        sourceId: bookmaker.key,
        name: bookmaker.title,
        nameEn: ENGLISH_NAMES[bookmaker.key] ?? bookmaker.title,
        isAggregate: false,
      });
      facts.prices.push(...bookmakerPrices(event, bookmaker));
    }
  }
  return facts;
}
