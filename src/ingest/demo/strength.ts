import type { ScheduledMatch } from './calendar/schedule.js';
import type { TeamInfo } from './calendar/teams.js';
import { Rng } from './random.js';

/** The hidden team-strength model: a rating per team and year, turned into expected goals. */
export interface Expectation {
  home: number;
  away: number;
}

const ratings = new Map<string, number>();

export function clearRatings(): void {
  ratings.clear();
}

function rating(seed: number, team: TeamInfo, year: number, crossLeague: boolean): number {
  const key = `${seed}|${team.id}|${year}`;
  let r = ratings.get(key);
  if (r === undefined) {
    r = (team.stars - 3) * 0.33 + new Rng(seed, 'rating', team.id, year).normal(0, 0.15);
    ratings.set(key, r);
  }
  return crossLeague ? r + team.league.leagueStrength : r;
}

export function expectedGoals(seed: number, m: ScheduledMatch): Expectation {
  const year = new Date(m.kickoff).getUTCFullYear();
  const cross = m.comp.kind !== 'league';
  const homeAdvantage = m.comp.id === 4 ? 0.12 : 0.28;
  const raw = 1.2 * (rating(seed, m.home, year, cross) - rating(seed, m.away, year, cross));
  const supremacy = Math.max(-2.1, Math.min(2.1, raw + homeAdvantage));
  return {
    home: Math.max(0.3, (m.comp.goals + supremacy) / 2),
    away: Math.max(0.25, (m.comp.goals - supremacy) / 2),
  };
}

/** A market's estimate of the expected goals: the truth blurred by `sd` (log scale). */
export function estimate(truth: Expectation, rng: Rng, sd: number): Expectation {
  return {
    home: truth.home * Math.exp(rng.normal(0, sd)),
    away: truth.away * Math.exp(rng.normal(0, sd)),
  };
}
