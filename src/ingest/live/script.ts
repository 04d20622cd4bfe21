import type { ScheduledMatch } from '../demo/calendar/schedule.js';
import { buildTeams, type TeamInfo } from '../demo/calendar/teams.js';
import { clockAt, FULL_TIME_ELAPSED, MINUTE_MS } from '../demo/clock.js';
import type { CompetitionSpec } from '../demo/data/competition-spec.js';
import { COMPETITIONS } from '../demo/data/competitions.js';
import { LINEUPS_BEFORE_MS, MatchGenerator, type PitchOutput } from '../demo/match-output.js';
import type { MatchStatus } from '../demo/model.js';
import { Rng } from '../demo/random.js';
import { type Expectation, expectedGoals } from '../demo/strength.js';

/** A stored match, as the live engine reads it. */
export interface StoredFixture {
  id: number;
  competitionId: number;
  homeTeamId: number;
  awayTeamId: number;
  kickoffMs: number;
  season: string | null;
  round: string | null;
}

/** A stored match row (as the Prisma client reads it) as the engine sees it. */
export function storedFixtureOf(row: {
  id: number;
  competitionId: number;
  homeTeamId: number;
  awayTeamId: number;
  kickoffUtc: Date;
  season: string | null;
  round: string | null;
}): StoredFixture {
  return {
    id: row.id,
    competitionId: row.competitionId,
    homeTeamId: row.homeTeamId,
    awayTeamId: row.awayTeamId,
    kickoffMs: row.kickoffUtc.getTime(),
    season: row.season,
    round: row.round,
  };
}

/** Share of matches postponed shortly before kick-off, and how long before. */
const POSTPONED_SHARE = 0.01;
const POSTPONED_BEFORE_MS = 30 * MINUTE_MS;

/** The match's status and clock at `now` (the demo's real-time match: 113 minutes with the break). */
function phaseAt(kickoffMs: number, now: number): { status: MatchStatus; clock: string | null } {
  if (now < kickoffMs) {
    return { status: 'scheduled', clock: null };
  }
  const elapsed = Math.round((now - kickoffMs) / MINUTE_MS);
  return elapsed < FULL_TIME_ELAPSED
    ? { status: 'live', clock: clockAt(elapsed) }
    : { status: 'finished', clock: null };
}

/**
 * Every demo match's script (docs/live.md): what the demo generator draws for the match, shown
 * as it stands at a given time. The same seed and time give the same state, and a later time
 * only adds to what an earlier one showed (a disallowed goal aside, which is withdrawn).
 */
export class MatchScripts {
  readonly #competitions = new Map<number, CompetitionSpec>(COMPETITIONS.map((c) => [c.id, c]));
  readonly #teams = new Map<number, TeamInfo>();

  constructor(readonly seed: number) {
    for (const teams of buildTeams().values()) {
      for (const team of teams) {
        this.#teams.set(team.id, team);
      }
    }
  }

  /** Whether the demo postpones this match (shortly before its kick-off). */
  postponed(f: StoredFixture): boolean {
    return new Rng(this.seed, 'postpone', f.id, f.kickoffMs).chance(POSTPONED_SHARE);
  }

  /**
   * The match as the demo schedules it at `now` (status and clock), with its expected goals: null
   * when it is not the demo's (unknown competition or team).
   */
  fixtureAt(f: StoredFixture, now: number): { m: ScheduledMatch; xg: Expectation } | null {
    const comp = this.#competitions.get(f.competitionId);
    const home = this.#teams.get(f.homeTeamId);
    const away = this.#teams.get(f.awayTeamId);
    if (!comp || !home || !away) {
      return null;
    }
    const phase = phaseAt(f.kickoffMs, now);
    const postponed = this.postponed(f) && now >= f.kickoffMs - POSTPONED_BEFORE_MS;
    const m: ScheduledMatch = {
      id: f.id,
      comp,
      home,
      away,
      kickoff: f.kickoffMs,
      season: f.season ?? '',
      round: f.round ?? '',
      status: postponed ? 'postponed' : phase.status,
      clock: postponed ? null : phase.clock,
    };
    return { m, xg: expectedGoals(this.seed, m) };
  }

  /**
   * The match at `now`: null when it is not the demo's (unknown competition or team), or when
   * nothing about it shows yet (a scheduled match whose sheets are not out).
   */
  stateAt(f: StoredFixture, now: number): PitchOutput | null {
    return this.playAt(f, now)?.view ?? null;
  }

  /** `stateAt`, with the scheduled match and its expected goals it was played from. */
  playAt(
    f: StoredFixture,
    now: number,
  ): { view: PitchOutput; m: ScheduledMatch; xg: Expectation } | null {
    const fixture = this.fixtureAt(f, now);
    if (!fixture) {
      return null;
    }
    const { m, xg } = fixture;
    if (m.status === 'scheduled' && f.kickoffMs - now > LINEUPS_BEFORE_MS) {
      return null;
    }
    const view = new MatchGenerator(this.seed, now).play(m);
    if (f.season === null) {
      delete view.match.season;
    }
    if (f.round === null) {
      delete view.match.round;
    }
    return { view, m, xg };
  }
}
