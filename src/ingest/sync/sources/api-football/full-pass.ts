import type { PassScope, ProviderHttp } from '../../adapter.js';
import type { SourceFacts } from '../../facts.js';
import { FactsCollector } from './collect.js';
import { competitionIds, seasonOf } from './competitions.js';
import { providerErrors, refuseFixtures } from './refuse.js';
import { FixturesAnswer } from './schemas.js';
import { PreMatchOddsAnswer } from './schemas-odds.js';

/**
 * Pages of pre-match odds read per competition and pass (10 fixtures a page): a round of a
 * 20-team league is one page; more would spend the free plan's 100 requests a day on odds.
 */
const MAX_ODDS_PAGES = 2;

/**
 * Pre-match odds are offered 1 to 14 days before a match and kept 7 days: a pass over an earlier
 * season, or over dates that ended before today, has none to read.
 */
function oddsWindowOpen(scope: PassScope, season: number): boolean {
  const today = scope.now.toISOString().slice(0, 10);
  return season >= seasonOf({ now: scope.now }) && (scope.to === undefined || scope.to >= today);
}

async function readPreMatchOdds(
  http: ProviderHttp,
  league: string,
  season: number,
  collect: FactsCollector,
) {
  for (let page = 1; page <= MAX_ODDS_PAGES; page += 1) {
    const answer = await http.get({
      resource: 'odds',
      path: 'odds',
      query: { league, season, page: page === 1 ? undefined : page },
      schema: PreMatchOddsAnswer,
      refuse: providerErrors,
    });
    for (const item of answer?.response ?? []) {
      collect.addPreMatchOdds(item);
    }
    if (!answer?.paging || answer.paging.current >= answer.paging.total) {
      return;
    }
  }
}

/**
 * Fixtures and results of each competition for the season (or the dates): one `/fixtures`
 * request per competition, then its pre-match odds (one request a page).
 */
export async function fullPass(scope: PassScope, http: ProviderHttp): Promise<SourceFacts> {
  const leagues = competitionIds(scope.competitions);
  const season = seasonOf(scope);
  const collect = new FactsCollector();
  for (const league of leagues) {
    const answer = await http.get({
      resource: 'matches',
      path: 'fixtures',
      query: { league, season, from: scope.from, to: scope.to },
      schema: FixturesAnswer,
      refuse: refuseFixtures(),
    });
    for (const item of answer?.response ?? []) {
      collect.addFixture(item, false);
    }
  }
  if (oddsWindowOpen(scope, season)) {
    for (const league of leagues) {
      await readPreMatchOdds(http, league, season, collect);
    }
  }
  return collect.facts();
}
