import { AVAILABLE_KINDS, type AvailableKind } from '../../../football/match-availability.js';
import type { MatchRecord } from '../../../football/match-record.js';
import { MATCH_PHASES, type MatchResult, matchResult } from '../../../football/match-result.js';
import { MATCH_DECISIONS, MATCH_WINNERS } from '../../../football/vocabulary.js';
import { builder } from '../builder.js';
import { restEnum } from './enums.js';
import { MatchType } from './match.js';

/**
 * `Match.result` and `Match.available` (issue 49): free fields of the match. Neither is a child
 * route (no billing, not a container), so the cost planner counts them as the match's payload:
 * under `matches` they cost nothing more, under `match(id)` the detail route as any field does.
 */

export const MatchPhaseEnum = restEnum(
  'MatchPhase',
  MATCH_PHASES,
  'Where a match stands: live by its clock, or how it ended (AFTER_PENALTIES: a shoot-out).',
);
export const MatchWinnerEnum = restEnum(
  'MatchWinner',
  MATCH_WINNERS,
  'Who won: a shoot-out winner wins the match (its score stays level; h2h and form count a draw).',
);
export const MatchDecisionEnum = restEnum(
  'MatchDecision',
  MATCH_DECISIONS,
  'How a match was decided beyond regular time (while live: the period being played).',
);

const MatchResultType = builder.objectRef<MatchResult>('MatchResult').implement({
  description:
    'How the match stands and was decided (the builder of REST `score.regularTime`, ' +
    '`extraTime`, `penalties`, `decidedBy`, `winner`). Scores are "home-away".',
  fields: (t) => ({
    phase: t.field({ type: MatchPhaseEnum, resolve: (r) => r.phase }),
    regularTime: t.exposeString('regularTime', {
      nullable: true,
      description: 'After 90 minutes (running while they are played); null when not known.',
    }),
    extraTime: t.exposeString('extraTime', {
      nullable: true,
      description: 'The goals of extra time alone; null when none was played or not reported.',
    }),
    penalties: t.exposeString('penalties', {
      nullable: true,
      description:
        'The shoot-out (never in `score.current`); null when none or its score is unknown.',
    }),
    decidedBy: t.field({ type: MatchDecisionEnum, nullable: true, resolve: (r) => r.decidedBy }),
    winner: t.field({
      type: MatchWinnerEnum,
      nullable: true,
      description: 'Finished matches only.',
      resolve: (r) => r.winner,
    }),
  }),
});

const AvailabilityType = builder.objectRef<MatchRecord>('MatchAvailability').implement({
  description:
    'Which child resources this match has: true when the child field (or REST route) answers ' +
    'with data, false when it would be empty or a 404. Free: part of the match.',
  fields: (t) =>
    Object.fromEntries(
      AVAILABLE_KINDS.map((kind: AvailableKind) => [
        kind,
        t.boolean({ resolve: (m, _a, ctx) => ctx.loaders.available(kind).load(m.id) }),
      ]),
    ),
});

/** One result per record: `result` is read once per field selection, built once per match. */
const results = new WeakMap<MatchRecord, MatchResult>();

builder.objectFields(MatchType, (t) => ({
  result: t.field({
    type: MatchResultType,
    description: 'Phase, regular time, extra time, penalties and winner. Free: part of the match.',
    resolve: (m) => {
      let result = results.get(m);
      if (!result) {
        result = matchResult(m);
        results.set(m, result);
      }
      return result;
    },
  }),
  available: t.field({
    type: AvailabilityType,
    description: 'Which children exist, batched per page. Free: part of the match.',
    resolve: (m) => m,
  }),
}));
