import Type, { type TSchema } from 'typebox';
import { CORNER_BUCKETS } from '../../analysis/corner-types.js';

/** Spec 2.10 with docs/analysis.md "Corner analysis": every map has the same six buckets. */
export const MinuteMap = Type.Object(
  Object.fromEntries(CORNER_BUCKETS.map((b) => [b, Type.Integer({ minimum: 0 })])),
  { additionalProperties: false, description: 'Minute bucket -> count (not a percentage)' },
);

const nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** Spec 2.10: all fields required, each nullable; null = missing, 0 = reported zero. */
export const CornerVenue = Type.Object(
  {
    matches: nullable(Type.Integer()),
    firstCorners: nullable(MinuteMap),
    cornersFor: nullable(MinuteMap),
    cornersAgainst: nullable(MinuteMap),
    matchCornerDistributions: nullable(Type.Array(MinuteMap)),
  },
  { additionalProperties: false },
);

export const CornerTeam = Type.Object(
  {
    teamId: Type.Integer({ format: 'int32' }),
    home: CornerVenue,
    away: CornerVenue,
    totalCorners: nullable(MinuteMap),
  },
  { additionalProperties: false },
);

export const CornerAnalysis = Type.Object(
  {
    matchId: Type.Integer({ format: 'int32' }),
    buckets: Type.Array(Type.Enum([...CORNER_BUCKETS])),
    sampleLimit: Type.Integer(),
    home: CornerTeam,
    away: CornerTeam,
  },
  { additionalProperties: false },
);
