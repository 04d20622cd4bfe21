import { SCORING_EVENTS } from '../../../football/vocabulary.js';
import type { ScheduledMatch } from '../calendar/schedule.js';
import { squadFor } from '../calendar/squads.js';
import { clockToTime, elapsedOf, type MatchTime, timeKey } from '../clock.js';
import type { SideName } from '../model.js';
import { Rng } from '../random.js';
import type { Expectation } from '../strength.js';
import { assignPlayers } from './assign.js';
import { drawIncidents, type Incident } from './incidents.js';
import { pickSheet, type TeamSheet } from './lineup.js';

export interface Pair {
  home: number;
  away: number;
}

/** An incident with its place in the whole match's list: its event `seq`, stable minute by minute. */
type PlayedIncident = Incident & { seq: number };

/** What happened on the pitch up to the match's clock (all of it for a finished match). */
export interface PlayedMatch {
  events: PlayedIncident[];
  /** Goals VAR disallowed up to the clock: gone from the events, still shots on target. */
  withdrawn: PlayedIncident[];
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

/** Share of matches with a goal that VAR disallows (DECISIONS.md "Live data": corrections). */
const DISALLOWED_SHARE = 0.12;
/** Real minutes a disallowed goal stands before it is withdrawn. */
const REVIEW_MINUTES = 2;

/**
 * The goal VAR disallows, if any: its index in the match's incidents. Its own random stream,
 * so that every other draw of the match is the same with or without it.
 */
function disallowedGoal(seed: number, m: ScheduledMatch, all: readonly Incident[]): number {
  const rng = new Rng(seed, 'var', m.comp.id, m.home.id, m.away.id, m.season, m.round);
  const goals = all.flatMap((e, i) => (e.type === 'goal' ? [i] : []));
  return goals.length > 0 && rng.chance(DISALLOWED_SHARE) ? (rng.pick(goals) as number) : -1;
}

/**
 * Incidents up to `cutoff` (all when null), each with its index in the whole list as its seq. A
 * disallowed goal shows for REVIEW_MINUTES after it was scored, then is gone (and so from the
 * score): the live engine writes it and then deletes it.
 */
function visibleIncidents(
  all: readonly Incident[],
  cutoff: MatchTime | null,
  disallowed: number,
): { events: PlayedIncident[]; withdrawn: PlayedIncident[] } {
  const events: PlayedIncident[] = [];
  const withdrawn: PlayedIncident[] = [];
  all.forEach((e, seq) => {
    if (cutoff && timeKey(e.time) > timeKey(cutoff)) {
      return;
    }
    const played = Object.assign({}, e, { seq });
    const gone =
      seq === disallowed && (!cutoff || elapsedOf(cutoff) >= elapsedOf(e.time) + REVIEW_MINUTES);
    (gone ? withdrawn : events).push(played);
  });
  return { events, withdrawn };
}

export function playMatch(seed: number, m: ScheduledMatch, xg: Expectation, rng: Rng): PlayedMatch {
  const sheets = pickSheets(seed, m, rng);
  const cardsReported = !rng.chance(0.04);
  const all = assignPlayers(drawIncidents(xg, rng, cardsReported), sheets, rng);
  const cutoff = m.status === 'finished' || !m.clock ? null : clockToTime(m.clock);
  const { events, withdrawn } = visibleIncidents(all, cutoff, disallowedGoal(seed, m, all));
  const firstHalf = events.filter((e) => e.time.half === 1 && SCORING_EVENTS.has(e.type));
  const pastHalfTime = !cutoff || cutoff.half === 2 || m.clock === 'HT';
  return {
    events,
    withdrawn,
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
