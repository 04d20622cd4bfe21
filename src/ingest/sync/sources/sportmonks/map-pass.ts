import type {
  CompetitionFact,
  LineupFact,
  MatchEventsFact,
  MatchFact,
  MatchStatisticsFact,
  SourceFacts,
  TeamFact,
} from '../../facts.js';
import { eventsFact } from './map-events.js';
import { type FixtureContext, kickoffOf, matchFact, sidesOf } from './map-fixture.js';
import { lineupFacts } from './map-lineups.js';
import { statisticPairs, statisticsFact } from './map-statistics.js';
import type { SmFixture } from './schemas.js';
import { isKnownState, STATE_STATUS } from './states.js';

/** Statuses with events worth listing (a scheduled match has none to withdraw). */
const UNDER_WAY = new Set(['live', 'finished', 'abandoned', 'suspended']);

/**
 * What one fixture is, or null for one the pass says nothing about: a placeholder (teams not
 * known yet, "Winner group A"), one without its two teams or a kick-off, and one whose state
 * Sportmonks itself does not know (AWAITING_UPDATES, PENDING).
 */
function contextOf(fixture: SmFixture): FixtureContext | null {
  const state = fixture.state.developer_name;
  const status = isKnownState(state) ? STATE_STATUS[state] : null;
  const home = fixture.participants.find((p) => p.meta.location === 'home');
  const away = fixture.participants.find((p) => p.meta.location === 'away');
  const kickoffUtc = kickoffOf(fixture);
  const placeholder = fixture.placeholder || home?.placeholder || away?.placeholder;
  if (!isKnownState(state) || !status || !home || !away || !kickoffUtc || placeholder) {
    return null;
  }
  const statistics = statisticPairs(fixture.statistics, sidesOf(fixture));
  return { fixture, state, status, kickoffUtc, home: home.id, away: away.id, statistics };
}

const byKickoff = (a: FixtureContext, b: FixtureContext) =>
  a.kickoffUtc.localeCompare(b.kickoffUtc) || a.fixture.id - b.fixture.id;

/** Everything the given fixtures tell; the same fixtures always give the same facts. */
export function factsOf(fixtures: readonly SmFixture[]): SourceFacts {
  const competitions = new Map<string, CompetitionFact>();
  const teams = new Map<string, TeamFact>();
  const matches: MatchFact[] = [];
  const events: MatchEventsFact[] = [];
  const statistics: MatchStatisticsFact[] = [];
  const lineups: LineupFact[] = [];
  const contexts = fixtures.flatMap((f) => contextOf(f) ?? []).sort(byKickoff);
  for (const ctx of contexts) {
    const { fixture } = ctx;
    const match = String(fixture.id);
    const { league } = fixture;
    competitions.set(String(league.id), {
      sourceId: String(league.id),
      name: league.name,
      code: league.short_code ?? undefined,
    });
    for (const team of fixture.participants) {
      teams.set(String(team.id), {
        sourceId: String(team.id),
        name: team.name,
        aliases: team.short_code ? [team.short_code] : undefined,
        competition: String(league.id),
      });
    }
    matches.push(matchFact(ctx));
    if (UNDER_WAY.has(ctx.status)) {
      events.push(eventsFact(match, fixture.events, sidesOf(fixture)));
    }
    const rows = statisticsFact(match, ctx.statistics);
    if (rows) {
      statistics.push(rows);
    }
    lineups.push(...lineupFacts(match, fixture));
  }
  return {
    competitions: [...competitions.values()],
    teams: [...teams.values()],
    matches,
    events,
    statistics,
    lineups,
  };
}
