import { SCORING_EVENTS } from '../../../football/vocabulary.js';
import type { ScheduledMatch } from '../calendar/schedule.js';
import { clockAt, clockToTime, MINUTE_MS, timeKey } from '../clock.js';
import type { PlayedMatch } from '../match/play.js';
import { type Distributions, distributions, withScore } from '../poisson.js';
import type { Rng } from '../random.js';
import type { Expectation } from '../strength.js';

export interface InPlayPoint {
  at: number;
  clock: string;
  score: string;
  /** Final-result view (1X2, total goals). */
  final: Distributions;
  /** Goals still to come (Asian in-play handicaps are settled on these). */
  remaining: Distributions;
}

/** Moments after kick-off when an in-play price changed: up to now (live) or until trading stopped. */
export function inPlayPoints(
  m: ScheduledMatch,
  played: PlayedMatch,
  xg: Expectation,
  now: number,
  rng: Rng,
): InPlayPoint[] {
  const elapsedNow = Math.floor((now - m.kickoff) / MINUTE_MS) - 1;
  const last = m.status === 'live' ? elapsedNow : rng.int(20, 100);
  if (last < 1) {
    return [];
  }
  const count = m.status === 'live' ? rng.int(2, 5) : rng.int(1, 4);
  const elapsed = [...new Set(Array.from({ length: count }, () => rng.int(1, last)))].sort(
    (a, b) => a - b,
  );
  return elapsed.map((e) => {
    const clock = clockAt(e);
    const time = clockToTime(clock);
    let home = 0;
    let away = 0;
    for (const ev of played.events) {
      if (SCORING_EVENTS.has(ev.type) && timeKey(ev.time) <= timeKey(time)) {
        if (ev.side === 'home') {
          home++;
        } else {
          away++;
        }
      }
    }
    const minutes = time.half === 1 ? Math.min(time.minute, 45) : time.minute;
    const left = Math.max(0.03, (90 - minutes) / 90);
    const remaining = distributions(xg.home * left, xg.away * left);
    return {
      at: m.kickoff + e * MINUTE_MS + rng.int(0, 59) * 1000,
      clock,
      score: `${home}-${away}`,
      final: withScore(remaining, home, away),
      remaining,
    };
  });
}
