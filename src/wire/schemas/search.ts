import Type from 'typebox';
import { TeamRef } from './players.js';

const Id = Type.Integer({ format: 'int32' });

/** GET /v1/football/search: one competition, team or player found by name (issue 49). */
export const SearchResult = Type.Object(
  {
    type: Type.Union([Type.Literal('competition'), Type.Literal('team'), Type.Literal('player')], {
      description: 'Which page `id` leads to: /competitions, /teams/{id} or /players/{id}.',
    }),
    id: Id,
    name: Type.String({ description: 'In the requested language (Accept-Language).' }),
    nameOriginal: Type.Optional(Type.String({ description: 'As the source writes it.' })),
    country: Type.Optional(Type.String({ description: "A competition's or a team's country." })),
    team: Type.Optional(TeamRef),
    matched: Type.String({
      description:
        'The name as written that matched: a served name or an alias (`Spurs`, `車路士`).',
    }),
  },
  { additionalProperties: false },
);
