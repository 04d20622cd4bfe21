import Type from 'typebox';

/** Path `{matchId}`: a positive int32 (spec 4). */
export const MatchIdParams = Type.Object(
  { matchId: Type.Integer({ format: 'int32', minimum: 1, maximum: 2147483647 }) },
  { additionalProperties: false },
);

/** Spec 7: the problem details body of every error. */
export const Problem = Type.Object({
  type: Type.String({ format: 'uri' }),
  title: Type.String(),
  status: Type.Integer(),
  detail: Type.String(),
  code: Type.String(),
  parameter: Type.Optional(Type.String()),
  address: Type.Optional(Type.String()),
});
