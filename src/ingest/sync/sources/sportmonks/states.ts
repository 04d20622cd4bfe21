import type { MatchStatus } from '../../../../football/vocabulary.js';

/**
 * Every fixture state of `GET /v3/football/states` (25 rows; docs/sources/sportmonks.md) by its
 * `developer_name`, with the touchline status it becomes. `null`: Sportmonks itself does not
 * know the state of the match (`AWAITING_UPDATES` after a loss of coverage, `PENDING` while it
 * verifies), so the pass says nothing about that match and the stored one stands.
 */
export const STATE_STATUS = {
  NS: 'scheduled',
  TBA: 'scheduled',
  /** Kick-off delayed: not started yet. */
  DELAYED: 'scheduled',
  INPLAY_1ST_HALF: 'live',
  HT: 'live',
  INPLAY_2ND_HALF: 'live',
  /** Regular time over, waiting for extra time. */
  BREAK: 'live',
  INPLAY_ET: 'live',
  EXTRA_TIME_BREAK: 'live',
  INPLAY_ET_2ND_HALF: 'live',
  PEN_BREAK: 'live',
  INPLAY_PENALTIES: 'live',
  /** A short stop (weather, crowd) in a match that goes on: its clock is kept. */
  INTERRUPTED: 'live',
  FT: 'finished',
  AET: 'finished',
  FT_PEN: 'finished',
  /** Result decided off the pitch, and walkover: final results with a score. */
  AWARDED: 'finished',
  WO: 'finished',
  POSTPONED: 'postponed',
  CANCELLED: 'cancelled',
  /** Received in error and replaced (the FAQ): never played, as far as we can tell. */
  DELETED: 'cancelled',
  ABANDONED: 'abandoned',
  SUSPENDED: 'suspended',
  AWAITING_UPDATES: null,
  PENDING: null,
} as const satisfies Record<string, MatchStatus | null>;

export type StateName = keyof typeof STATE_STATUS;

export function isKnownState(name: string): name is StateName {
  return Object.hasOwn(STATE_STATUS, name);
}

/** States in which the first half is still being played (no half-time score yet). */
export const BEFORE_HALF_TIME: ReadonlySet<string> = new Set([
  'NS',
  'TBA',
  'DELAYED',
  'INPLAY_1ST_HALF',
]);
