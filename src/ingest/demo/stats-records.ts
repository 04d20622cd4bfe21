import type { Statistic } from '../format.js';
import type { Pair, PlayedMatch } from './play.js';
import type { Rng } from './random.js';
import type { Expectation } from './strength.js';

function pair(home: number, away: number): Pair {
  return { home, away };
}

/** Team statistics consistent with the events: corners and cards are counted, shots cover the goals. */
export function statisticRecords(
  matchId: number,
  played: PlayedMatch,
  xg: Expectation,
  rng: Rng,
): Statistic[] {
  const f = played.played;
  const share = (xg.home - xg.away) / (xg.home + xg.away);
  const possessionHome = Math.round(Math.max(28, Math.min(72, 50 + 18 * share + rng.normal(0, 4))));
  const scored = pair(0, 0);
  for (const e of played.events) {
    if (e.type === 'goal' || e.type === 'penalty') {
      scored[e.side]++;
    }
  }
  const onTarget = pair(
    scored.home + rng.poisson(xg.home * 1.6 * f + 0.5),
    scored.away + rng.poisson(xg.away * 1.6 * f + 0.5),
  );
  const offTarget = pair(
    rng.poisson((3 + xg.home * 1.5) * f),
    rng.poisson((3 + xg.away * 1.5) * f),
  );
  const blocked = pair(rng.poisson((1.5 + xg.home) * f), rng.poisson((1.5 + xg.away) * f));
  const passes = pair(
    Math.round(possessionHome * 9.5 * f + rng.normal(0, 20) * f),
    Math.round((100 - possessionHome) * 9.5 * f + rng.normal(0, 20) * f),
  );
  const rows: Array<[string, Pair | null]> = [
    ['possession', pair(possessionHome, 100 - possessionHome)],
    [
      'shots',
      pair(
        onTarget.home + offTarget.home + blocked.home,
        onTarget.away + offTarget.away + blocked.away,
      ),
    ],
    ['shotsOnTarget', onTarget],
    ['shotsOffTarget', offTarget],
    ['blockedShots', blocked],
    ['corners', played.corners],
    ['fouls', pair(rng.poisson(11.5 * f), rng.poisson(12.2 * f))],
    ['offsides', pair(rng.poisson(1.8 * f), rng.poisson(1.7 * f))],
    ['yellowCards', played.yellow],
    ['redCards', played.red],
    [
      'saves',
      pair(Math.max(0, onTarget.away - scored.away), Math.max(0, onTarget.home - scored.home)),
    ],
    ['passes', pair(Math.max(0, passes.home), Math.max(0, passes.away))],
    [
      'passAccuracy',
      pair(
        Math.round(68 + possessionHome * 0.3 + rng.normal(0, 2)),
        Math.round(98 - possessionHome * 0.3 + rng.normal(0, 2)),
      ),
    ],
  ];
  const out: Statistic[] = [];
  rows.forEach(([type, value]) => {
    if (value) {
      out.push({ matchId, type, home: value.home, away: value.away, sort: out.length });
    }
  });
  return out;
}
