import type { ProviderHttp } from '../../adapter.js';
import { refuseFixtures } from './answer-rules.js';
import { FixturesAnswer, type SmFixture } from './schemas.js';
import type { DateWindow } from './windows.js';

/**
 * One request brings a fixture with everything mapped from it (v3 include syntax: relations
 * separated by `;`).
 */
const INCLUDE = [
  'participants',
  'scores',
  'state',
  'periods',
  'events',
  'lineups',
  'formations',
  'statistics',
  'league',
  'venue',
  'season',
  'round',
].join(';');

/** The largest page v3 serves with includes. */
const PAGE_SIZE = 50;
/** A stop for a provider that keeps saying `has_more` (5,000 fixtures in one window). */
const MAX_PAGES = 100;
/** Fixture ids per `fixtures/multi` request. */
const MULTI_SIZE = 25;

/**
 * The fixtures of some leagues between two dates, every page. A page the provider says has
 * not changed (null: answered 304) ends the window: its pages after it are unknown too.
 */
export async function fixturesBetween(
  http: ProviderHttp,
  window: DateWindow,
  leagues: readonly string[],
): Promise<SmFixture[]> {
  const fixtures: SmFixture[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await http.get({
      resource: 'matches',
      path: `fixtures/between/${window.start}/${window.end}`,
      query: {
        include: INCLUDE,
        filters: `fixtureLeagues:${leagues.join(',')}`,
        per_page: PAGE_SIZE,
        page,
      },
      schema: FixturesAnswer,
      refuse: refuseFixtures,
    });
    fixtures.push(...(answer?.data ?? []));
    if (!answer?.pagination?.has_more) {
      break;
    }
  }
  return fixtures;
}

/** The live answers: `livescores/inplay` or `livescores/latest` (not paginated). */
export async function livescores(
  http: ProviderHttp,
  which: 'inplay' | 'latest',
): Promise<SmFixture[] | null> {
  const answer = await http.get({
    resource: 'matches',
    path: `livescores/${which}`,
    query: { include: INCLUDE },
    schema: FixturesAnswer,
    refuse: refuseFixtures,
  });
  return answer?.data ?? null;
}

/** Fixtures by id (`fixtures/multi/{ids}`), in requests of 25. */
export async function fixturesById(
  http: ProviderHttp,
  ids: readonly string[],
): Promise<SmFixture[]> {
  const fixtures: SmFixture[] = [];
  for (let i = 0; i < ids.length; i += MULTI_SIZE) {
    const answer = await http.get({
      resource: 'matches',
      path: `fixtures/multi/${ids.slice(i, i + MULTI_SIZE).join(',')}`,
      query: { include: INCLUDE },
      schema: FixturesAnswer,
      refuse: refuseFixtures,
    });
    fixtures.push(...(answer?.data ?? []));
  }
  return fixtures;
}
