import type { ExchangeFact, PriceFact } from '../../facts.js';
import { decimalPrice, quarterLine } from '../odds-kit.js';
import { exchangeDocument } from './exchange-document.js';
import type { BetfairMatch, TypedMarket } from './map-catalogue.js';
import type { BetfairBook, BetfairRunner } from './schemas.js';

/** Touchline's bookmaker for the exchange (the import format's `Betfair Exchange`). */
export const EXCHANGE_BOOKMAKER = 'Betfair Exchange';
const THE_DRAW = 'The Draw';
const GOAL_LINE = /^(Over|Under) ([0-9]+(?:\.[0-9]+)?) Goals$/;

type Prices = Omit<PriceFact, 'match' | 'bookmaker' | 'market' | 'observedAt'>;

/** The best price to back: the first of `availableToBack`. */
const bestBack = (runner: BetfairRunner | undefined) =>
  decimalPrice(runner?.ex?.availableToBack?.[0]?.price);

const runnerOf = (book: BetfairBook, selectionId: number | undefined, handicap = 0) =>
  book.runners.find((r) => r.selectionId === selectionId && r.handicap === handicap);

function had(match: BetfairMatch, { market }: TypedMarket, book: BetfairBook): Prices | null {
  const draw = market.runners.find((r) => r.runnerName === THE_DRAW);
  const home = bestBack(runnerOf(book, match.home.selectionId));
  const away = bestBack(runnerOf(book, match.away.selectionId));
  const drawPrice = bestBack(runnerOf(book, draw?.selectionId));
  return home && away && drawPrice ? { home, draw: drawPrice, away } : null;
}

/**
 * An Asian handicap market lists every line: a home runner at handicap h, the away runner at -h.
 * The line kept is the main one, where the two prices are closest (then the smallest handicap).
 */
function hdp(match: BetfairMatch, book: BetfairBook): Prices | null {
  let best: { line: number; home: number; away: number } | null = null;
  for (const homeRunner of book.runners.filter((r) => r.selectionId === match.home.selectionId)) {
    const line = quarterLine(homeRunner.handicap);
    const home = bestBack(homeRunner);
    const away = bestBack(runnerOf(book, match.away.selectionId, -homeRunner.handicap));
    if (line === null || !home || !away) {
      continue;
    }
    const gap = Math.abs(home - away);
    const bestGap = best ? Math.abs(best.home - best.away) : Number.POSITIVE_INFINITY;
    if (!best || gap < bestGap || (gap === bestGap && Math.abs(line) < Math.abs(best.line))) {
      best = { line, home, away };
    }
  }
  return best;
}

/** Over/under: the runners "Over 2.5 Goals" and "Under 2.5 Goals"; the line is in the name. */
function hilo({ market }: TypedMarket, book: BetfairBook): Prices | null {
  const side = (kind: 'Over' | 'Under') =>
    market.runners.find((r) => GOAL_LINE.exec(r.runnerName)?.[1] === kind);
  const overRunner = side('Over');
  const line = quarterLine(Number(GOAL_LINE.exec(overRunner?.runnerName ?? '')?.[2]));
  const over = bestBack(runnerOf(book, overRunner?.selectionId));
  const under = bestBack(runnerOf(book, side('Under')?.selectionId));
  return line !== null && over && under ? { line, over, under } : null;
}

function marketPrices(match: BetfairMatch, typed: TypedMarket, book: BetfairBook) {
  switch (typed.type) {
    case 'MATCH_ODDS':
      return { market: 'had' as const, prices: had(match, typed, book) };
    case 'ASIAN_HANDICAP':
      return { market: 'hdp' as const, prices: hdp(match, book) };
    case 'OVER_UNDER_25':
      return { market: 'hilo' as const, prices: hilo(typed, book) };
  }
}

interface BookFacts {
  prices: PriceFact[];
  exchange: ExchangeFact[];
}

/**
 * Each match's books as of `observedAt` (the book has no time of its own): the match odds book as
 * the exchange document, whatever its status, and the best back prices of every market that is
 * OPEN (a suspended market offers nothing; a closed one is settled).
 */
export function mapBooks(
  matches: readonly BetfairMatch[],
  books: ReadonlyMap<string, BetfairBook>,
  observedAt: string,
): BookFacts {
  const facts: BookFacts = { prices: [], exchange: [] };
  for (const match of matches) {
    for (const typed of match.markets) {
      const book = books.get(typed.market.marketId);
      if (!book) {
        continue;
      }
      if (typed.type === 'MATCH_ODDS') {
        const payload = exchangeDocument(book, typed.market);
        facts.exchange.push({ match: match.eventId, payload, receivedAt: observedAt });
      }
      const mapped = book.status === 'OPEN' ? marketPrices(match, typed, book) : null;
      if (mapped?.prices) {
        facts.prices.push({
          match: match.eventId,
          bookmaker: EXCHANGE_BOOKMAKER,
          market: mapped.market,
          ...mapped.prices,
          observedAt,
        });
      }
    }
  }
  return facts;
}
