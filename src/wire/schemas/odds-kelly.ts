import Type from 'typebox';

const Triple = Type.Object(
  { home: Type.Number(), draw: Type.Number(), away: Type.Number() },
  { additionalProperties: false },
);

const KellyPhase = Type.Object(
  {
    prices: Triple,
    impliedProbability: Triple,
    kelly: Triple,
    margin: Type.Number({ description: 'Overround in percent' }),
  },
  { additionalProperties: false },
);

const KellyAverage = Type.Object(
  { bookmakers: Type.Integer(), probability: Triple },
  { additionalProperties: false },
);

/** docs/analysis.md "Kelly index". */
export const KellyIndex = Type.Object(
  {
    matchId: Type.Integer({ format: 'int32' }),
    average: Type.Object(
      { opening: Type.Optional(KellyAverage), closing: Type.Optional(KellyAverage) },
      { additionalProperties: false },
    ),
    bookmakers: Type.Array(
      Type.Object(
        {
          bookmaker: Type.Object(
            { id: Type.Integer({ format: 'int32' }), name: Type.String(), nameEn: Type.String() },
            { additionalProperties: false },
          ),
          opening: Type.Optional(KellyPhase),
          closing: Type.Optional(KellyPhase),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
