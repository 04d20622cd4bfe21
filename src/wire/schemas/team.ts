import Type from 'typebox';

/** Issue 49: `GET /teams/{teamId}`; names as the match payload gives them (Accept-Language). */
export const Team = Type.Object(
  {
    id: Type.Integer({ format: 'int32' }),
    name: Type.String({ description: 'In the requested language (Accept-Language).' }),
    nameOriginal: Type.String({ description: 'As the source writes it; it names the logo.' }),
    country: Type.Optional(Type.String()),
    logo: Type.String({ format: 'uri', description: 'As `homeLogo`/`awayLogo` of a Match.' }),
    competitionIds: Type.Array(Type.Integer({ format: 'int32' }), {
      description: 'Every competition with a stored match of the team, ascending.',
    }),
  },
  { additionalProperties: false },
);
