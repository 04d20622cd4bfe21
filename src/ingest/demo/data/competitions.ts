import type { CompetitionSpec } from './competition-spec.js';
import { ASIAN_COMPETITIONS } from './competitions-asia.js';
import { EUROPEAN_COMPETITIONS } from './competitions-europe.js';
import { CLUB_FRIENDLIES } from './competitions-friendly.js';

export type { CompetitionSpec };

export const COMPETITIONS: readonly CompetitionSpec[] = [
  ...ASIAN_COMPETITIONS,
  ...EUROPEAN_COMPETITIONS,
  CLUB_FRIENDLIES,
];

/** Which leagues feed each cup's group stage. */
export const CUP_FEEDERS: Readonly<Record<number, readonly number[]>> = {
  5: [1, 2, 3, 4],
  10: [6, 7, 8, 9],
};
