/**
 * Tie-break rules of league tables (docs/decisions.md "Catalogue (issue 49): competitions and
 * standings"): an ordered list of criteria, applied one after the other to the teams still level.
 * `headToHead` ranks the teams still level by a table of only their meetings (points, then goal
 * difference, then goals scored in those meetings); the others compare each team's whole record.
 * Teams level after every criterion keep the order of their names (a play-off, fair play or a
 * draw of lots decides in reality, and none of them is in the data).
 */
import { TIE_BREAKS, type TieBreak } from '../../football/vocabulary.js';

export { TIE_BREAKS, type TieBreak };

/** Points, goal difference, goals for, then head-to-head: the Premier League's order. */
export const GOALS_FIRST: readonly TieBreak[] = [
  'points',
  'goalDifference',
  'goalsFor',
  'headToHead',
];
/** Points, then head-to-head before goal difference: La Liga's, Serie A's and the CSL's order. */
export const HEAD_TO_HEAD_FIRST: readonly TieBreak[] = [
  'points',
  'headToHead',
  'goalDifference',
  'goalsFor',
];
/** A competition whose code is not known: the goal-based order most leagues use. */
export const DEFAULT_TIE_BREAKS: readonly TieBreak[] = GOALS_FIRST;

/**
 * The known competitions by the codes their sources give them (football-data.org and
 * API-Football `PL`, football-data.co.uk `E0`, openfootball `en.1`, the demo's `ENG-PL` ...).
 */
const BY_CODE: Readonly<Record<string, readonly TieBreak[]>> = Object.fromEntries([
  ...['PL', 'E0', 'en.1', 'ENG-PL', 'EPL'].map((c) => [c, GOALS_FIRST]),
  ...['BL1', 'D1', 'de.1', 'GER-BL'].map((c) => [c, GOALS_FIRST]),
  ...['FL1', 'F1', 'fr.1', 'FRA-L1'].map((c) => [c, GOALS_FIRST]),
  ...['JPN-J1', 'jp.1', 'J1'].map((c) => [c, GOALS_FIRST]),
  ...['PD', 'SP1', 'es.1', 'ESP-LL'].map((c) => [c, HEAD_TO_HEAD_FIRST]),
  ...['SA', 'I1', 'it.1', 'ITA-SA'].map((c) => [c, HEAD_TO_HEAD_FIRST]),
  ...['CHN-CSL', 'cn.1', 'CSL'].map((c) => [c, HEAD_TO_HEAD_FIRST]),
]);

/** The stored rules when the operator set some, else the known competition's, else the default. */
export function tieBreaksOf(code: string, stored: readonly string[] | null): readonly TieBreak[] {
  if (stored && stored.length > 0) {
    return stored.filter((c): c is TieBreak => (TIE_BREAKS as readonly string[]).includes(c));
  }
  return BY_CODE[code] ?? DEFAULT_TIE_BREAKS;
}
