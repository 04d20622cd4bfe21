import type { MatchStatus } from '../../../../football/vocabulary.js';

/**
 * A match's `status` as football.json writes it (only on matches that did not go ahead as
 * planned), to touchline's. A match without one is `finished` with a full-time score and
 * `scheduled` without.
 */
export const STATUSES: Readonly<Record<string, MatchStatus>> = {
  postponed: 'postponed',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  abandoned: 'abandoned',
  suspended: 'suspended',
  // Awarded: the result stands as the governing body decided it.
  awarded: 'finished',
};
