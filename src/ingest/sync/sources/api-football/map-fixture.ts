import type { MatchDecision, MatchWinner } from '../../../../football/vocabulary.js';
import type { CompetitionFact, MatchFact, TeamFact } from '../../facts.js';
import { DEFAULT_COMPETITIONS, seasonLabel } from './competitions.js';
import type { ProviderFixture } from './schemas.js';
import { FIXTURE_STATUSES, type FixtureStatusCode, minuteText } from './statuses.js';

/** The provider's dates carry an offset (`+00:00`); touchline keeps UTC. */
export const isoUtc = (date: string) => new Date(date).toISOString();

/** Counts a fixture answer does not carry: from its statistics and events, when embedded. */
export type MatchCounts = Pick<
  MatchFact,
  'homeCorners' | 'awayCorners' | 'homeYellow' | 'homeRed' | 'awayYellow' | 'awayRed'
>;

export function competitionFact(item: ProviderFixture): CompetitionFact {
  const known = DEFAULT_COMPETITIONS[String(item.league.id)];
  return {
    sourceId: String(item.league.id),
    name: item.league.name,
    code: known?.code,
    country: item.league.country,
    region: known?.region,
  };
}

export function teamFacts(item: ProviderFixture): TeamFact[] {
  const competition = String(item.league.id);
  return [item.teams.home, item.teams.away].map((team) => ({
    sourceId: String(team.id),
    name: team.name,
    competition,
  }));
}

const SECOND_PART: ReadonlySet<FixtureStatusCode> = new Set([
  'HT',
  '2H',
  'ET',
  'BT',
  'P',
  'FT',
  'AET',
  'PEN',
]);

/**
 * `score.halftime` is filled while the first half is played (it is the running score then); it is
 * the half-time score once the match is past the first half.
 */
function halfTimeKnown(status: ProviderFixture['fixture']['status']): boolean {
  if (SECOND_PART.has(status.short)) {
    return true;
  }
  return status.short !== '1H' && status.elapsed !== null && status.elapsed > 45;
}

/**
 * How the match was decided (docs/sources/api-football.md): `AET`, `PEN`, `AWD`/`WO` once over;
 * `ET`/`BT` and `P` while extra time or the shoot-out is played.
 */
const DECISIONS: Partial<Record<FixtureStatusCode, MatchDecision>> = {
  ET: 'extra_time',
  BT: 'extra_time',
  AET: 'extra_time',
  P: 'penalties',
  PEN: 'penalties',
  AWD: 'awarded',
  WO: 'awarded',
};

/** `teams.*.winner` where the scores do not say it: after a shoot-out, an awarded match. */
function winnerOf(item: ProviderFixture, decision: MatchDecision | null): MatchWinner | null {
  const { short } = item.fixture.status;
  if (short !== 'PEN' && decision !== 'awarded') {
    return null;
  }
  const { home, away } = item.teams;
  return home.winner === true ? 'home' : away.winner === true ? 'away' : null;
}

/**
 * The match. `homeScore`/`awayScore` are the provider's `goals`: regular and extra time, without
 * a penalty shootout; `score.extratime` holds the goals of extra time, `score.penalty` the
 * shoot-out.
 */
export function matchFact(item: ProviderFixture, counts: MatchCounts = {}): MatchFact {
  const { fixture, league, teams, goals, score } = item;
  const halfTime = halfTimeKnown(fixture.status);
  const decision = DECISIONS[fixture.status.short] ?? null;
  return {
    sourceId: String(fixture.id),
    competition: String(league.id),
    home: String(teams.home.id),
    away: String(teams.away.id),
    status: FIXTURE_STATUSES[fixture.status.short],
    minute: minuteText(fixture.status),
    kickoffUtc: isoUtc(fixture.date),
    season: seasonLabel(league.id, league.season),
    round: league.round ?? null,
    venue: fixture.venue?.name ?? null,
    homeScore: goals.home,
    awayScore: goals.away,
    htHomeScore: halfTime ? score.halftime.home : null,
    htAwayScore: halfTime ? score.halftime.away : null,
    etHomeScore: score.extratime.home,
    etAwayScore: score.extratime.away,
    penHomeScore: score.penalty.home,
    penAwayScore: score.penalty.away,
    decidedBy: decision,
    winner: winnerOf(item, decision),
    ...counts,
  };
}
