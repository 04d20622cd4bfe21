import type { PassScope, ProviderHttp } from '../../adapter.js';
import type { SourceFacts } from '../../facts.js';
import { uniqueBy } from '../odds-kit.js';
import { DEFAULT_SPORTS } from './competitions.js';
import { mapEvents } from './map-events.js';
import { mapOdds } from './map-odds.js';
import { refuseEvents, refuseOdds } from './refusals.js';
import { EventsAnswer, OddsAnswer, type OddsApiEvent, type OddsApiOddsEvent } from './schemas.js';

/**
 * One `/odds` call costs markets x regions usage credits: 3 x 2 = 6 with these parameters.
 * @see https://the-odds-api.com/liveapi/guides/v4/#usage-quota-costs-2
 */
export const ODDS_QUERY = {
  regions: 'uk,eu',
  markets: 'h2h,spreads,totals',
  oddsFormat: 'decimal',
  dateFormat: 'iso',
} as const;

const ODDS_COST = ODDS_QUERY.markets.split(',').length * ODDS_QUERY.regions.split(',').length;

/** `commenceTimeFrom`/`commenceTimeTo` for a backfill's dates (the provider wants `...Z`). */
function commenceWindow(scope: PassScope) {
  return {
    commenceTimeFrom: scope.from ? `${scope.from}T00:00:00Z` : undefined,
    commenceTimeTo: scope.to ? `${scope.to}T23:59:59Z` : undefined,
  };
}

async function readEvents(http: ProviderHttp, sport: string, scope: PassScope) {
  const answer = await http.get({
    resource: 'matches',
    path: `sports/${sport}/events`,
    query: { dateFormat: 'iso', ...commenceWindow(scope) },
    // Listing events is free (the provider's usage rule).
    cost: 0,
    schema: EventsAnswer,
    refuse: refuseEvents(sport),
  });
  return answer ?? [];
}

async function readOdds(
  http: ProviderHttp,
  sport: string,
  query: Readonly<Record<string, string | undefined>>,
) {
  const answer = await http.get({
    resource: 'odds',
    path: `sports/${sport}/odds`,
    query: { ...ODDS_QUERY, ...query },
    cost: ODDS_COST,
    schema: OddsAnswer,
    refuse: refuseOdds(sport),
  });
  return answer ?? [];
}

function facts(linked: readonly OddsApiEvent[], priced: readonly OddsApiOddsEvent[]): SourceFacts {
  const events = mapEvents([...linked, ...priced]);
  const odds = mapOdds(priced);
  return {
    competitions: uniqueBy(events.competitions, (c) => c.sourceId),
    teams: uniqueBy(events.teams, (t) => t.sourceId),
    links: uniqueBy(events.links, (l) => l.sourceId),
    bookmakers: uniqueBy(odds.bookmakers, (b) => b.sourceId),
    prices: uniqueBy(odds.prices, (p) => `${p.match}/${p.bookmaker}/${p.market}`),
  };
}

/**
 * Full pass: per sport, the free `/events` (links, also for events no bookmaker prices yet) and
 * one `/odds` (6 credits). Live pass: per sport, `/odds` filtered to the live event ids; an answer
 * with no events costs nothing, so asking every sport is free where nothing is live.
 */
export async function theOddsApiPass(scope: PassScope, http: ProviderHttp): Promise<SourceFacts> {
  const sports = scope.competitions?.length ? scope.competitions : DEFAULT_SPORTS;
  const linked: OddsApiEvent[] = [];
  const priced: OddsApiOddsEvent[] = [];
  if (scope.kind === 'live') {
    if (scope.live.length === 0) {
      return {};
    }
    const eventIds = [...scope.live].sort().join(',');
    for (const sport of sports) {
      priced.push(...(await readOdds(http, sport, { eventIds })));
    }
    return facts(linked, priced);
  }
  for (const sport of sports) {
    linked.push(...(await readEvents(http, sport, scope)));
    priced.push(...(await readOdds(http, sport, commenceWindow(scope))));
  }
  return facts(linked, priced);
}
