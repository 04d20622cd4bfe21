import type {
  MatchDecision,
  MatchStatus,
  MatchWinner,
  Side,
} from '../../../../football/vocabulary.js';
import type { MatchFact } from '../../facts.js';
import { liveMinute } from './map-clock.js';
import type { StatisticPair } from './map-statistics.js';
import type { SmFixture, SmScore } from './schemas.js';
import { BEFORE_HALF_TIME, type StateName } from './states.js';

/** Statuses whose score is a played score (a scheduled fixture may carry a 0-0 placeholder). */
const PLAYED: ReadonlySet<MatchStatus> = new Set(['live', 'finished', 'abandoned', 'suspended']);

/** The fixture's two teams by participant id. */
export function sidesOf(fixture: SmFixture): Map<number, Side> {
  return new Map(fixture.participants.map((p) => [p.id, p.meta.location]));
}

/** Kick-off in ISO form: the Unix timestamp when given, else `starting_at` (UTC). */
export function kickoffOf(fixture: SmFixture): string | null {
  if (fixture.starting_at_timestamp != null) {
    return new Date(fixture.starting_at_timestamp * 1000).toISOString();
  }
  if (fixture.starting_at === null) {
    return null;
  }
  const at = new Date(`${fixture.starting_at.replace(' ', 'T')}Z`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

function goals(scores: readonly SmScore[], description: string, side: Side): number | null {
  return (
    scores.find((s) => s.description === description && s.score.participant === side)?.score
      .goals ?? null
  );
}

/** "2024/2025" becomes "2024-25", touchline's season label; other names are kept. */
function seasonLabel(name: string): string {
  const years = /^(\d{4})\/(\d{4})$/.exec(name);
  return years?.[1] && years[2] ? `${years[1]}-${years[2].slice(2)}` : name;
}

function scoresOf(fixture: SmFixture, state: StateName, status: MatchStatus) {
  if (!PLAYED.has(status)) {
    return {
      homeScore: null,
      awayScore: null,
      htHomeScore: null,
      htAwayScore: null,
      penHomeScore: null,
      penAwayScore: null,
    };
  }
  const halfTime = !BEFORE_HALF_TIME.has(state);
  return {
    // CURRENT counts extra time and leaves a shootout out (PENALTY_SHOOTOUT is its own line).
    homeScore: goals(fixture.scores, 'CURRENT', 'home'),
    awayScore: goals(fixture.scores, 'CURRENT', 'away'),
    htHomeScore: halfTime ? goals(fixture.scores, '1ST_HALF', 'home') : null,
    htAwayScore: halfTime ? goals(fixture.scores, '1ST_HALF', 'away') : null,
    penHomeScore: goals(fixture.scores, 'PENALTY_SHOOTOUT', 'home'),
    penAwayScore: goals(fixture.scores, 'PENALTY_SHOOTOUT', 'away'),
  };
}

/** How the match was decided, from its state (live: the period played). */
const DECISIONS: Partial<Record<StateName, MatchDecision>> = {
  INPLAY_ET: 'extra_time',
  EXTRA_TIME_BREAK: 'extra_time',
  INPLAY_ET_2ND_HALF: 'extra_time',
  AET: 'extra_time',
  PEN_BREAK: 'penalties',
  INPLAY_PENALTIES: 'penalties',
  FT_PEN: 'penalties',
  AWARDED: 'awarded',
  WO: 'awarded',
};

/** The participants' `meta.winner` where the scores do not say it (a shoot-out, an award). */
function winnerOf(fixture: SmFixture, state: StateName): MatchWinner | null {
  if (state !== 'FT_PEN' && state !== 'AWARDED' && state !== 'WO') {
    return null;
  }
  const won = fixture.participants.find((p) => p.meta.winner === true);
  return won ? won.meta.location : null;
}

/** Corners and cards from the statistics; undefined (keep what is stored) when not reported. */
function countsOf(pairs: ReadonlyMap<string, StatisticPair>) {
  const count = (type: string, side: Side) => pairs.get(type)?.[side] ?? undefined;
  return {
    homeCorners: count('corners', 'home'),
    awayCorners: count('corners', 'away'),
    homeYellow: count('yellowCards', 'home'),
    awayYellow: count('yellowCards', 'away'),
    homeRed: count('redCards', 'home'),
    awayRed: count('redCards', 'away'),
  };
}

export interface FixtureContext {
  fixture: SmFixture;
  state: StateName;
  status: MatchStatus;
  kickoffUtc: string;
  home: number;
  away: number;
  statistics: ReadonlyMap<string, StatisticPair>;
}

/** The match row of one fixture. */
export function matchFact(ctx: FixtureContext): MatchFact {
  const { fixture, state, status } = ctx;
  return {
    sourceId: String(fixture.id),
    competition: String(fixture.league_id),
    home: String(ctx.home),
    away: String(ctx.away),
    status,
    minute: status === 'live' ? liveMinute(state, fixture.periods) : null,
    kickoffUtc: ctx.kickoffUtc,
    season: fixture.season ? seasonLabel(fixture.season.name) : null,
    round: fixture.round?.name ?? null,
    venue: fixture.venue?.name ?? null,
    ...scoresOf(fixture, state, status),
    decidedBy: DECISIONS[state] ?? null,
    winner: winnerOf(fixture, state),
    ...countsOf(ctx.statistics),
  };
}
