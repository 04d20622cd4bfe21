import type { PassScope, ProviderHttp } from '../../adapter.js';
import type { SourceFacts } from '../../facts.js';
import { FactsCollector } from './collect.js';
import { providerErrors, refuseFixtures } from './refuse.js';
import { FixturesAnswer, type ProviderFixture } from './schemas.js';
import { InPlayOddsAnswer } from './schemas-odds.js';
import { FIXTURE_STATUSES } from './statuses.js';

/** `/fixtures?ids=` takes at most 20 ids (documentation-v3 "Fixtures"). */
const IDS_PER_REQUEST = 20;

/** `/odds/live` lists a fixture from 15 to 5 minutes before its kick-off until just after it. */
const IN_PLAY_LEAD_MS = 15 * 60_000;

function chunks(ids: readonly string[]): string[][] {
  const unique = [...new Set(ids)].filter((id) => /^[1-9][0-9]*$/.test(id));
  const out: string[][] = [];
  for (let i = 0; i < unique.length; i += IDS_PER_REQUEST) {
    out.push(unique.slice(i, i + IDS_PER_REQUEST));
  }
  return out;
}

function inPlayOddsExpected(item: ProviderFixture, now: Date): boolean {
  const status = FIXTURE_STATUSES[item.fixture.status.short];
  const untilKickoff = new Date(item.fixture.date).getTime() - now.getTime();
  return status === 'live' || (status === 'scheduled' && untilKickoff <= IN_PLAY_LEAD_MS);
}

/**
 * The matches in `scope.live`, 20 to a `/fixtures?ids=` request, which embeds their events,
 * team sheets and statistics; then in-play odds, one `/odds/live?league=` request per league
 * with a match in play or about to start.
 */
export async function livePass(scope: PassScope, http: ProviderHttp): Promise<SourceFacts> {
  const collect = new FactsCollector();
  const wanted = new Set<number>();
  const oddsLeagues = new Set<number>();
  for (const ids of chunks(scope.live)) {
    const asked = new Set(ids.map(Number));
    const answer = await http.get({
      resource: 'matches',
      path: 'fixtures',
      query: { ids: ids.join('-') },
      schema: FixturesAnswer,
      refuse: refuseFixtures(asked),
    });
    for (const item of answer?.response ?? []) {
      collect.addFixture(item, true);
      if (inPlayOddsExpected(item, scope.now)) {
        wanted.add(item.fixture.id);
        oddsLeagues.add(item.league.id);
      }
    }
  }
  for (const league of [...oddsLeagues].sort((a, b) => a - b)) {
    const answer = await http.get({
      resource: 'odds',
      path: 'odds/live',
      query: { league },
      schema: InPlayOddsAnswer,
      refuse: providerErrors,
    });
    for (const item of answer?.response ?? []) {
      if (wanted.has(item.fixture.id)) {
        collect.addInPlayOdds(item);
      }
    }
  }
  return collect.facts();
}
