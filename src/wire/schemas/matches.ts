import Type from 'typebox';
import { MATCH_STATUSES } from '../../football/match-record.js';

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
    score: Type.Optional(
      Type.Object(
        { current: ScorePair, halfTime: Type.Optional(ScorePair) },
        { additionalProperties: false },
      ),
    ),
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
