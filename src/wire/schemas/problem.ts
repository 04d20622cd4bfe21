import Type from 'typebox';

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
