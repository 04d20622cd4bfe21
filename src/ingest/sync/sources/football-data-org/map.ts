import { regionOfCountry } from '../../../../football/regions.js';
import type { MatchDecision, MatchStatus, MatchWinner } from '../../../../football/vocabulary.js';
import type { CompetitionFact, MatchFact, SourceFacts, TeamFact } from '../../facts.js';
import { goalEvents } from './map-goals.js';
import type { FdoMatch } from './schemas.js';

/** football-data.org's statuses (DECISIONS.md "Sources"; docs/sources/football-data-org.md). */
export const STATUS_MAP: Record<FdoMatch['status'], MatchStatus> = {
  SCHEDULED: 'scheduled',
  TIMED: 'scheduled',
  IN_PLAY: 'live',
  PAUSED: 'live',
  EXTRA_TIME: 'live',
  PENALTY_SHOOTOUT: 'live',
  FINISHED: 'finished',
  AWARDED: 'finished',
  SUSPENDED: 'suspended',
  POSTPONED: 'postponed',
  CANCELLED: 'cancelled',
};

/** "2024-08-16" -> "2024-25"; a season within one calendar year is that year. */
function seasonLabel(startDate: string, endDate: string | null | undefined): string {
  const start = startDate.slice(0, 4);
  const end = (endDate ?? startDate).slice(0, 4);
  return start === end ? start : `${start}-${end.slice(2)}`;
}

/** The live clock: "HT" in a break, the minute (with stoppage time) in play. */
function minuteOf(match: FdoMatch): string | null {
  if (match.status === 'PAUSED') {
    return 'HT';
  }
  if (STATUS_MAP[match.status] !== 'live' || match.minute === undefined || match.minute === null) {
    return null;
  }
  const minute = Number.parseInt(String(match.minute), 10);
  if (!Number.isInteger(minute) || minute < 0) {
    return null;
  }
  const extra = match.injuryTime ?? 0;
  return extra > 0 ? `${minute}+${extra}` : String(minute);
}

/**
 * The score after regular and extra time. football-data.org's `fullTime` is the running score
 * and, after a shoot-out, includes the shoot-out's goals (`penalties`): those are taken out.
 */
function goals(match: FdoMatch, side: 'home' | 'away'): number | null {
  const full = match.score.fullTime[side];
  if (full === null) {
    return null;
  }
  const shootOut = match.score.penalties?.[side] ?? 0;
  return Math.max(0, full - shootOut);
}

/**
 * How the match was decided (docs/sources/football-data-org.md): `AWARDED`; `score.duration`
 * `EXTRA_TIME` / `PENALTY_SHOOTOUT`; while live, the `EXTRA_TIME` / `PENALTY_SHOOTOUT` status.
 */
function decidedBy(match: FdoMatch): MatchDecision | null {
  if (match.status === 'AWARDED') {
    return 'awarded';
  }
  if (match.status === 'PENALTY_SHOOTOUT' || match.score.duration === 'PENALTY_SHOOTOUT') {
    return 'penalties';
  }
  return match.status === 'EXTRA_TIME' || match.score.duration === 'EXTRA_TIME'
    ? 'extra_time'
    : null;
}

const WINNERS: Record<string, MatchWinner> = { HOME_TEAM: 'home', AWAY_TEAM: 'away', DRAW: 'draw' };

/**
 * `score.winner` once finished, where the scores do not say it: an awarded match, a shoot-out
 * (whose winner is the match's, though `homeScore`/`awayScore` are level).
 */
function winnerOf(match: FdoMatch, decision: MatchDecision | null): MatchWinner | null {
  if (
    STATUS_MAP[match.status] !== 'finished' ||
    (decision !== 'awarded' && decision !== 'penalties')
  ) {
    return null;
  }
  return WINNERS[match.score.winner ?? ''] ?? null;
}

function roundOf(match: FdoMatch): string | null {
  if (match.stage && match.stage !== 'REGULAR_SEASON') {
    const stage = match.stage.replace(/_/g, ' ').toLowerCase();
    return stage.charAt(0).toUpperCase() + stage.slice(1);
  }
  return match.matchday ? `Matchday ${match.matchday}` : null;
}

const teamFact = (
  team: FdoMatch['homeTeam'],
  country: string | null,
  competition: string,
): TeamFact => ({
  sourceId: String(team.id),
  name: team.name ?? team.shortName ?? `Team ${team.id}`,
  aliases: [team.shortName, team.tla].filter((n): n is string => Boolean(n)),
  country,
  competition,
});

export function matchFact(match: FdoMatch): MatchFact {
  const status = STATUS_MAP[match.status];
  const played = status === 'live' || status === 'finished' || status === 'suspended';
  const decision = decidedBy(match);
  return {
    sourceId: String(match.id),
    competition: String(match.competition.id),
    home: String(match.homeTeam.id),
    away: String(match.awayTeam.id),
    status,
    minute: minuteOf(match),
    kickoffUtc: match.utcDate,
    season: match.season ? seasonLabel(match.season.startDate, match.season.endDate) : null,
    round: roundOf(match),
    venue: match.venue ?? null,
    homeScore: played ? goals(match, 'home') : null,
    awayScore: played ? goals(match, 'away') : null,
    htHomeScore: match.score.halfTime.home,
    htAwayScore: match.score.halfTime.away,
    etHomeScore: match.score.extraTime?.home ?? null,
    etAwayScore: match.score.extraTime?.away ?? null,
    penHomeScore: match.score.penalties?.home ?? null,
    penAwayScore: match.score.penalties?.away ?? null,
    decidedBy: decision,
    winner: winnerOf(match, decision),
  };
}

/** football-data.org's competition `type`: `LEAGUE` is a league, `CUP` a cup; others unknown. */
function competitionType(type: string | null | undefined): CompetitionFact['type'] {
  return type === 'LEAGUE' ? 'league' : type === 'CUP' ? 'cup' : undefined;
}

/** Competitions, teams and matches of football-data.org matches. */
export function factsOfMatches(matches: readonly FdoMatch[]): SourceFacts {
  const competitions = new Map<string, CompetitionFact>();
  const teams = new Map<string, TeamFact>();
  for (const match of matches) {
    const country = match.area?.name ?? null;
    const competition = String(match.competition.id);
    const type = competitionType(match.competition.type);
    competitions.set(competition, {
      sourceId: competition,
      name: match.competition.name,
      code: match.competition.code ?? undefined,
      country,
      region: regionOfCountry(country),
      ...(type ? { type } : {}),
    });
    for (const team of [match.homeTeam, match.awayTeam]) {
      teams.set(String(team.id), teamFact(team, country, competition));
    }
  }
  return {
    competitions: [...competitions.values()],
    teams: [...teams.values()],
    matches: matches.map(matchFact),
    events: matches.flatMap((m) => goalEvents(m) ?? []),
  };
}
