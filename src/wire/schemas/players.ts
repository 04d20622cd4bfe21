import Type from 'typebox';

const Id = Type.Integer({ format: 'int32' });

/** A club as the catalogue routes name it: its id (for `/teams/{teamId}`) and its name. */
export const TeamRef = Type.Object(
  { id: Id, name: Type.String() },
  { additionalProperties: false },
);

/** GET /v1/football/players/{playerId}: optionals the sources did not give are omitted. */
export const Player = Type.Object(
  {
    id: Id,
    name: Type.String({ description: 'In the requested language (Accept-Language).' }),
    nameOriginal: Type.Optional(Type.String({ description: 'As the source writes it.' })),
    team: Type.Optional(TeamRef),
    position: Type.Optional(Type.String()),
    nationality: Type.Optional(Type.String()),
    birthDate: Type.Optional(Type.String({ format: 'date' })),
  },
  { additionalProperties: false },
);
