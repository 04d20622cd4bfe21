import type { Statistic } from '../../format.js';
import type { Rng } from '../random.js';
import type { Expectation } from '../strength.js';
import type { Pair, PlayedMatch } from './play.js';

function pair(home: number, away: number): Pair {
  return { home, away };
}

/**
 * Team statistics consistent with the events: corners and cards are counted, shots cover the
 * goals. The random draws are the whole match's, scaled by the share played: the same draws at
 * every minute, so a live match's counts only grow (the live engine shows them minute by minute).
 */
export function statisticRecords(
  matchId: number,
  played: PlayedMatch,
  xg: Expectation,
  rng: Rng,
): Statistic[] {
  const f = played.played;
  const upTo = (total: number) => Math.round(total * f);
  const share = (xg.home - xg.away) / (xg.home + xg.away);
  const possessionHome = Math.round(Math.max(28, Math.min(72, 50 + 18 * share + rng.normal(0, 4))));
  const scored = pair(0, 0);
  const disallowed = pair(0, 0);
  for (const e of played.events) {
    if (e.type === 'goal' || e.type === 'penalty') {
      scored[e.side]++;
    }
  }
  for (const e of played.withdrawn) {
    disallowed[e.side]++;
  }
  const onTarget = pair(
    scored.home + disallowed.home + upTo(rng.poisson(xg.home * 1.6 + 0.5)),
    scored.away + disallowed.away + upTo(rng.poisson(xg.away * 1.6 + 0.5)),
  );
  const offTarget = pair(
    upTo(rng.poisson(3 + xg.home * 1.5)),
    upTo(rng.poisson(3 + xg.away * 1.5)),
  );
  const blocked = pair(upTo(rng.poisson(1.5 + xg.home)), upTo(rng.poisson(1.5 + xg.away)));
  const passes = pair(
    upTo(possessionHome * 9.5 + rng.normal(0, 20)),
    upTo((100 - possessionHome) * 9.5 + rng.normal(0, 20)),
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
    ['fouls', pair(upTo(rng.poisson(11.5)), upTo(rng.poisson(12.2)))],
    ['offsides', pair(upTo(rng.poisson(1.8)), upTo(rng.poisson(1.7)))],
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
