import type { BetfairBook, BetfairCatalogue } from './schemas.js';

/** Rules the schemas cannot say; an answer breaking one is refused whole. */

function repeated(ids: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) {
      return id;
    }
    seen.add(id);
  }
  return undefined;
}

/** A market listed twice would be mapped twice, with different runners. */
export function refuseCatalogue(markets: readonly BetfairCatalogue[]): string | undefined {
  const twice = repeated(markets.map((m) => m.marketId));
  return twice ? `market ${twice} is listed twice` : undefined;
}

/**
 * `listMarketBook` answers for the `marketIds` asked; a book of another market would put its
 * prices on a match it does not belong to.
 */
export const refuseBooks =
  (asked: readonly string[]) =>
  (books: readonly BetfairBook[]): string | undefined => {
    const stranger = books.find((b) => !asked.includes(b.marketId));
    if (stranger) {
      return `market ${stranger.marketId} was not asked for`;
    }
    const twice = repeated(books.map((b) => b.marketId));
    return twice ? `market ${twice} is listed twice` : undefined;
  };
