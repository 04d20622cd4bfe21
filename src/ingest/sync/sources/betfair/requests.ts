import type { PassScope } from '../../adapter.js';

/** Betfair's event type of football ("Soccer"). */
const FOOTBALL = '1';

/**
 * The market types read, one catalogue request each, so a market's type comes from the request
 * rather than from its (localised) name. Asian handicap markets carry every line as runners; the
 * over/under market is the 2.5 goals line.
 */
export const MARKET_TYPES = ['MATCH_ODDS', 'ASIAN_HANDICAP', 'OVER_UNDER_25'] as const;
export type MarketType = (typeof MARKET_TYPES)[number];

/**
 * Competition ids read when the operator names none: Premier League, La Liga, Champions League,
 * Serie A, Bundesliga, Ligue 1. Others (J1 League, Chinese Super League) by `--competitions`
 * with the ids `listCompetitions` gives.
 */
const DEFAULT_COMPETITIONS = ['10932509', '117', '228', '81', '59', '55'] as const;

/** Matches in play started up to three hours ago; the full pass looks a week ahead. */
const IN_PLAY_MS = 3 * 3_600_000;
const AHEAD_MS = 7 * 86_400_000;

/**
 * Catalogue projections of weight 0 ("Market Data Request Limits"), so one request may list the
 * documented maximum of 1000 markets.
 * @see https://betfair-developer-docs.atlassian.net/wiki/spaces/1smk3cen4v3lu3yomq5qye0ni/pages/2687478/Market+Data+Request+Limits
 */
const CATALOGUE = {
  marketProjection: ['COMPETITION', 'EVENT', 'MARKET_START_TIME', 'RUNNER_DESCRIPTION'],
  sort: 'FIRST_TO_START',
  maxResults: 1000,
} as const;

/** EX_BEST_OFFERS + EX_TRADED weigh 20 points a market: 10 markets fill the 200 points. */
export const BOOK_BATCH = 10;
export const PRICE_PROJECTION = { priceData: ['EX_BEST_OFFERS', 'EX_TRADED'] } as const;

function startWindow(scope: PassScope) {
  const now = scope.now.getTime();
  return {
    from: scope.from ? `${scope.from}T00:00:00Z` : new Date(now - IN_PLAY_MS).toISOString(),
    to: scope.to ? `${scope.to}T23:59:59Z` : new Date(now + AHEAD_MS).toISOString(),
  };
}

/** The full pass's catalogue filter: the competitions' matches of the window. */
export function competitionCatalogue(scope: PassScope, type: MarketType) {
  const competitionIds = scope.competitions?.length ? scope.competitions : DEFAULT_COMPETITIONS;
  return {
    filter: {
      eventTypeIds: [FOOTBALL],
      competitionIds: [...competitionIds],
      marketTypeCodes: [type],
      marketStartTime: startWindow(scope),
    },
    ...CATALOGUE,
  };
}

/** The live pass's catalogue filter: only the live events (closed markets are not listed). */
export function eventCatalogue(eventIds: readonly string[], type: MarketType) {
  return {
    filter: { eventTypeIds: [FOOTBALL], eventIds: [...eventIds], marketTypeCodes: [type] },
    ...CATALOGUE,
  };
}
