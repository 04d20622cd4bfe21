import { SCORING_EVENTS } from '../../football/vocabulary.js';
import { assignPlayers } from './assign.js';
import { clockToTime, type MatchTime, timeKey } from './clock.js';
import { drawIncidents, type Incident } from './incidents.js';
import { pickSheet, type TeamSheet } from './lineup.js';
import type { SideName } from './model.js';
import type { Rng } from './random.js';
import type { ScheduledMatch } from './schedule.js';
import { squadFor } from './squads.js';
import type { Expectation } from './strength.js';

export interface Pair {
  home: number;
  away: number;
}

/** What happened on the pitch up to the match's clock (all of it for a finished match). */
export interface PlayedMatch {
  events: Incident[];
  sheets: Record<SideName, TeamSheet>;
  score: Pair;
  halfTime: Pair | null;
  corners: Pair;
  /** Null when the source did not report cards. */
  yellow: Pair | null;
  red: Pair | null;
  /** Fraction of the 90 minutes played. */
  played: number;
  cutoff: MatchTime | null;
}

function count(events: Incident[], types: readonly string[]): Pair {
  const pair = { home: 0, away: 0 };
  for (const e of events) {
    if (types.includes(e.type)) {
      pair[e.side]++;
    }
  }
  return pair;
}

function playedFraction(cutoff: MatchTime | null): number {
  if (!cutoff) {
    return 1;
  }
  return Math.min(1, (cutoff.half === 1 ? Math.min(cutoff.minute, 45) : cutoff.minute) / 90);
}

export function pickSheets(seed: number, m: ScheduledMatch, rng: Rng): Record<SideName, TeamSheet> {
  const year = new Date(m.kickoff).getUTCFullYear();
  return {
    home: pickSheet(squadFor(seed, m.home, year), rng),
    away: pickSheet(squadFor(seed, m.away, year), rng),
  };
}

export function playMatch(seed: number, m: ScheduledMatch, xg: Expectation, rng: Rng): PlayedMatch {
  const sheets = pickSheets(seed, m, rng);
  const cardsReported = !rng.chance(0.04);
  const all = assignPlayers(drawIncidents(xg, rng, cardsReported), sheets, rng);
  const cutoff = m.status === 'finished' || !m.clock ? null : clockToTime(m.clock);
  const events = cutoff ? all.filter((e) => timeKey(e.time) <= timeKey(cutoff)) : all;
  const firstHalf = events.filter((e) => e.time.half === 1 && SCORING_EVENTS.has(e.type));
  const pastHalfTime = !cutoff || cutoff.half === 2 || m.clock === 'HT';
  return {
    events,
    sheets,
    score: count(events, [...SCORING_EVENTS]),
    halfTime: pastHalfTime ? count(firstHalf, [...SCORING_EVENTS]) : null,
    corners: count(events, ['corner']),
    yellow: cardsReported ? count(events, ['yellow']) : null,
    red: cardsReported ? count(events, ['red', 'second_yellow']) : null,
    played: playedFraction(cutoff),
    cutoff,
  };
}
