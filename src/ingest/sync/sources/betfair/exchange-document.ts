import type { BetfairBook, BetfairCatalogue } from './schemas.js';

/**
 * The document `/odds/exchange` serves for a match (docs/decisions.md "Exchange odds"): the match
 * odds market book exactly as `listMarketBook` returned it, every field Betfair sent kept, with
 * the names the book leaves to the catalogue put in: `marketName` and `eventName` after
 * `marketId`, `runnerName` after each runner's `selectionId`. This is the shape the API served
 * before real data came in (src/ingest/demo/odds/exchange.ts, rest/examples/odds.ts).
 */
export function exchangeDocument(book: BetfairBook, market: BetfairCatalogue): string {
  const names = new Map(market.runners.map((r) => [r.selectionId, r.runnerName]));
  const { marketId, runners, ...rest } = book;
  return JSON.stringify({
    marketId,
    marketName: market.marketName,
    eventName: market.event.name,
    ...rest,
    runners: runners.map(({ selectionId, ...fields }) => ({
      selectionId,
      runnerName: names.get(selectionId) ?? null,
      ...fields,
    })),
  });
}
