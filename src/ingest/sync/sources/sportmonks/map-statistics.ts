import type { Side } from '../../../../football/vocabulary.js';
import type { MatchStatisticsFact } from '../../facts.js';
import type { SmStatistic } from './schemas.js';

/**
 * Fixture statistic types (docs: Definitions > Types > Statistics > Fixture statistics) by
 * `type_id`, named as touchline's other sources name them, in the order they are shown. Two
 * ids may feed one name: straight reds (83) and second yellows (85) are both red cards.
 */
const STATISTIC_TYPES: ReadonlyMap<number, string> = new Map([
  [45, 'possession'],
  [42, 'shots'],
  [86, 'shotsOnTarget'],
  [41, 'shotsOffTarget'],
  [58, 'blockedShots'],
  [34, 'corners'],
  [56, 'fouls'],
  [51, 'offsides'],
  [84, 'yellowCards'],
  [83, 'redCards'],
  [85, 'redCards'],
  [57, 'saves'],
  [80, 'passes'],
  [82, 'passAccuracy'],
  [43, 'attacks'],
  [44, 'dangerousAttacks'],
]);

const ORDER = [...new Set(STATISTIC_TYPES.values())];

export interface StatisticPair {
  home: number | null;
  away: number | null;
}

/** Statistics by touchline name; a side the answer leaves out stays null. Unknown types are left out. */
export function statisticPairs(
  statistics: readonly SmStatistic[],
  sides: ReadonlyMap<number, Side>,
): Map<string, StatisticPair> {
  const pairs = new Map<string, StatisticPair>();
  for (const row of statistics) {
    const name = STATISTIC_TYPES.get(row.type_id);
    const side = sides.get(row.participant_id);
    if (name === undefined || side === undefined || row.data.value === null) {
      continue;
    }
    const pair = pairs.get(name) ?? { home: null, away: null };
    pair[side] = (pair[side] ?? 0) + row.data.value;
    pairs.set(name, pair);
  }
  return pairs;
}

/** The match's statistics rows, in the fixed order; null when the answer has none. */
export function statisticsFact(
  match: string,
  pairs: ReadonlyMap<string, StatisticPair>,
): MatchStatisticsFact | null {
  const rows = ORDER.flatMap((type) => {
    const pair = pairs.get(type);
    return pair ? [{ type, home: pair.home, away: pair.away }] : [];
  }).map((row, sort) => ({ ...row, sort }));
  return rows.length === 0 ? null : { match, rows };
}
