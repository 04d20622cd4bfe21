import { SIDES } from '../../../football/vocabulary.js';
import type { MatchTime } from '../clock.js';
import type { EventType, SideName } from '../model.js';
import type { Rng } from '../random.js';
import type { Expectation } from '../strength.js';

/** One thing that happened in the match; players are assigned afterwards, in time order. */
export interface Incident {
  time: MatchTime;
  type: EventType;
  side: SideName;
  player?: string;
  related?: string;
  /** `player` and `related` by id (players.ndjson). */
  playerId?: number;
  relatedId?: number;
  detail?: string;
}

/** A random match time at or after minute `from`, with some stoppage-time minutes. */
function randomTime(rng: Rng, from = 1): MatchTime {
  if (from <= 45 && rng.chance(0.5)) {
    return rng.chance(0.07)
      ? { half: 1, minute: 45, extra: rng.int(1, 3) }
      : { half: 1, minute: rng.int(1, 45), extra: 0 };
  }
  return rng.chance(0.08)
    ? { half: 2, minute: 90, extra: rng.int(1, 5) }
    : { half: 2, minute: rng.int(Math.max(46, from), 90), extra: 0 };
}

function push(
  out: Incident[],
  count: number,
  make: () => Omit<Incident, 'time'>,
  rng: Rng,
  from = 1,
): void {
  for (let i = 0; i < count; i++) {
    out.push(Object.assign(make(), { time: randomTime(rng, from) }));
  }
}

function goalType(rng: Rng): EventType {
  const r = rng.float();
  return r < 0.09 ? 'penalty' : r < 0.14 ? 'own_goal' : 'goal';
}

/** Corners follow attacking strength: the side expected to score more wins more corners. */
export function cornerRate(xg: Expectation, side: SideName): number {
  const own = side === 'home' ? xg.home : xg.away;
  const other = side === 'home' ? xg.away : xg.home;
  return Math.max(2, 4.8 + (own - other) * 0.9);
}

/** A full 90 minutes (plus stoppage) of goals, cards, corners, substitutions and VAR checks. */
export function drawIncidents(xg: Expectation, rng: Rng, cardsReported: boolean): Incident[] {
  const out: Incident[] = [];
  for (const side of SIDES) {
    const lambda = side === 'home' ? xg.home : xg.away;
    push(out, rng.poisson(lambda), () => ({ type: goalType(rng), side }), rng);
    push(out, rng.poisson(0.06), () => ({ type: 'missed_penalty', side }), rng);
    push(out, rng.poisson(cornerRate(xg, side)), () => ({ type: 'corner', side }), rng);
    if (cardsReported) {
      push(out, rng.poisson(side === 'home' ? 1.7 : 1.95), () => ({ type: 'yellow', side }), rng);
      push(out, rng.poisson(0.05), () => ({ type: 'second_yellow', side }), rng, 46);
      push(out, rng.poisson(0.05), () => ({ type: 'red', side }), rng);
    }
    const subs = rng.weighted([0, 0, 1, 3, 4, 4]);
    for (let i = 0; i < subs; i++) {
      const minute = rng.chance(0.15) ? 46 : rng.int(55, 89);
      out.push({ type: 'substitution', side, time: { half: 2, minute, extra: 0 } });
    }
  }
  push(
    out,
    rng.poisson(0.25),
    () => ({ type: 'var', side: rng.chance(0.5) ? 'home' : 'away' }),
    rng,
  );
  return out;
}
