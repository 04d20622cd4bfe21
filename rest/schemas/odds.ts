import Type from 'typebox';

/** Spec 2.6. */
export const Bookmaker = Type.Object(
  {
    id: Type.Integer({ format: 'int32' }),
    name: Type.String(),
    nameEn: Type.String(),
    isAggregate: Type.Boolean(),
  },
  { additionalProperties: false },
);
