/** The football vocabulary shared by the import format, the services and both doors. */

/** DECISIONS.md "Matches": the statuses of a match (`live` includes half-time). */
export const MATCH_STATUSES = [
  'scheduled',
  'live',
  'finished',
  'postponed',
  'cancelled',
  'abandoned',
  'suspended',
] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** The kinds of match event (docs/data-model.md). */
export const EVENT_TYPES = [
  'goal',
  'own_goal',
  'penalty',
  'missed_penalty',
  'yellow',
  'second_yellow',
  'red',
  'substitution',
  'corner',
  'var',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
