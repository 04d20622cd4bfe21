import type { PassScope, ProviderHttp } from '../../adapter.js';
import type { SourceFacts } from '../../facts.js';
import { chunks, uniqueBy } from '../odds-kit.js';
import { EXCHANGE_BOOKMAKER, mapBooks } from './map-book.js';
import { groupMatches, mapLinks, type TypedMarket } from './map-catalogue.js';
import { refuseBooks, refuseCatalogue } from './refusals.js';
import {
  BOOK_BATCH,
  competitionCatalogue,
  eventCatalogue,
  MARKET_TYPES,
  type MarketType,
  PRICE_PROJECTION,
} from './requests.js';
import { type BetfairBook, BookAnswer, CatalogueAnswer } from './schemas.js';

async function readCatalogue(
  http: ProviderHttp,
  type: MarketType,
  body: unknown,
): Promise<TypedMarket[]> {
  const answer = await http.get({
    resource: 'matches',
    method: 'POST',
    path: 'listMarketCatalogue/',
    body,
    schema: CatalogueAnswer,
    refuse: refuseCatalogue,
  });
  return (answer ?? []).map((market) => ({ type, market }));
}

async function readBooks(http: ProviderHttp, marketIds: readonly string[]) {
  const books = new Map<string, BetfairBook>();
  for (const batch of chunks(marketIds, BOOK_BATCH)) {
    const answer = await http.get({
      resource: 'exchange',
      method: 'POST',
      path: 'listMarketBook/',
      body: { marketIds: batch, priceProjection: PRICE_PROJECTION },
      schema: BookAnswer,
      refuse: refuseBooks(batch),
    });
    for (const book of answer ?? []) {
      books.set(book.marketId, book);
    }
  }
  return books;
}

/**
 * One catalogue request per market type (the full pass filters by competition and start time,
 * the live pass by the live event ids), then the books of the markets found, 10 a request.
 */
export async function betfairPass(scope: PassScope, http: ProviderHttp): Promise<SourceFacts> {
  if (scope.kind === 'live' && scope.live.length === 0) {
    return {};
  }
  const liveIds = [...scope.live].sort();
  const markets: TypedMarket[] = [];
  for (const type of MARKET_TYPES) {
    const body =
      scope.kind === 'live' ? eventCatalogue(liveIds, type) : competitionCatalogue(scope, type);
    markets.push(...(await readCatalogue(http, type, body)));
  }
  const matches = groupMatches(markets);
  const marketIds = matches.flatMap((m) => m.markets.map((t) => t.market.marketId));
  const books = await readBooks(http, marketIds);
  const links = mapLinks(matches);
  const booked = mapBooks(matches, books, scope.now.toISOString());
  return {
    competitions: uniqueBy(links.competitions, (c) => c.sourceId),
    teams: uniqueBy(links.teams, (t) => t.sourceId),
    links: uniqueBy(links.links, (l) => l.sourceId),
    bookmakers: booked.prices.length
      ? [{ sourceId: EXCHANGE_BOOKMAKER, name: EXCHANGE_BOOKMAKER, nameEn: EXCHANGE_BOOKMAKER }]
      : [],
    prices: uniqueBy(booked.prices, (p) => `${p.match}/${p.market}`),
    exchange: uniqueBy(booked.exchange, (e) => e.match),
  };
}
