import Type from 'typebox';
import { MATCH_STATUSES } from '../../football/match-record.js';
import { MATCH_DECISIONS, MATCH_WINNERS } from '../../football/vocabulary.js';

const Name = Type.Object({ name: Type.String() }, { additionalProperties: false });
const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableInt = Type.Union([Type.Integer({ format: 'int32' }), Type.Null()]);

/** Spec 2.4: both fields required, each nullable. */
export const CompetitionRef = Type.Object(
  { name: NullableString, nameOriginal: NullableString },
  { additionalProperties: false },
);

/** Spec 2.5: null = nothing reported upstream. */
export const CardCount = Type.Object(
  { yellow: NullableInt, red: NullableInt },
  { additionalProperties: false },
);

export const ScorePair = Type.String({ pattern: '^\\d+-\\d+$', description: '`home-away`' });
const scorePair = (description: string) =>
  Type.String({ pattern: '^\\d+-\\d+$', description: `\`home-away\`: ${description}` });

/**
 * Spec 2.3's `score`: `current` is the score after regular and extra time (a shoot-out never
 * adds to it). The other fields are additive and omitted for a match decided in regular time
 * (every match the contract describes): docs/rest/matches.md "Cup football".
 */
export const MatchScore = Type.Object(
  {
    current: ScorePair,
    halfTime: Type.Optional(ScorePair),
    regularTime: Type.Optional(
      scorePair('after 90 minutes, when extra time was played and its goals are known.'),
    ),
    extraTime: Type.Optional(scorePair('the goals of extra time alone.')),
    penalties: Type.Optional(
      scorePair('the shoot-out (never in `current`); omitted when its score is not known.'),
    ),
    decidedBy: Type.Optional(
      Type.Enum(MATCH_DECISIONS, {
        description: 'Beyond regular time: how it was decided (while live, the period played).',
      }),
    ),
    winner: Type.Optional(
      Type.Enum(MATCH_WINNERS, {
        description: 'With `decidedBy`, once finished: who won (a shoot-out winner goes through).',
      }),
    ),
  },
  { additionalProperties: false },
);

/** Spec 2.3, plus the additive fields of docs/rest/matches.md. */
export const Match = Type.Object(
  {
    id: Type.Integer({ format: 'int32' }),
    competition: CompetitionRef,
    home: Name,
    away: Name,
    homeLogo: Type.String({ format: 'uri' }),
    awayLogo: Type.String({ format: 'uri' }),
    status: Type.Enum(MATCH_STATUSES),
    minute: Type.Optional(Type.String({ description: 'Live only: "67", "HT", "45+2".' })),
    score: Type.Optional(MatchScore),
    corners: Type.Optional(ScorePair),
    cards: Type.Optional(
      Type.Object({ home: CardCount, away: CardCount }, { additionalProperties: false }),
    ),
    kickoffUtc: Type.String({ format: 'date-time' }),
    round: Type.Optional(Type.String()),
    venue: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

/** Spec 2.2. */
const PageMeta = Type.Object(
  {
    page: Type.Integer(),
    pageSize: Type.Integer(),
    total: Type.Integer(),
    totalPages: Type.Integer(),
  },
  { additionalProperties: false },
);

export const MatchPageEnvelope = Type.Object(
  { data: Type.Array(Match), meta: PageMeta },
  { additionalProperties: false },
);
