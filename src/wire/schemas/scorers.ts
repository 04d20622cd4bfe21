import Type from 'typebox';

/** docs/rest/competitions.md "Scorers": a competition season's top scorers. */

const closed = { additionalProperties: false } as const;
const Int = Type.Integer({ format: 'int32' });
const count = (description: string) => Type.Integer({ format: 'int32', minimum: 0, description });

export const ScorerLine = Type.Object(
  {
    rank: Type.Integer({
      format: 'int32',
      minimum: 1,
      description: 'Lines level on goals and penalties share the rank of the first of them.',
    }),
    player: Type.Object({ id: Int, name: Type.String() }, closed),
    team: Type.Object(
      { id: Int, name: Type.String() },
      { ...closed, description: "The team of the player's latest goal in the season." },
    ),
    goals: Type.Integer({
      format: 'int32',
      minimum: 1,
      description: 'Goals including scored penalties; own goals are not counted.',
    }),
    penalties: count('Of `goals`, the scored penalties.'),
    assists: Type.Optional(
      count(
        'Goals the player assisted; absent when no goal of the season names its assisting player.',
      ),
    ),
    played: Type.Optional(
      count(
        'Matches of the season the player appeared in, from published team sheets and substitutions naming players by id; absent when none names the player.',
      ),
    ),
  },
  closed,
);

export const CompetitionScorers = Type.Object(
  {
    competitionId: Int,
    season: Type.Integer({ format: 'int32', description: "The season's start year." }),
    scorers: Type.Array(ScorerLine, {
      description: 'Players with at least one goal named by player id, best first.',
    }),
  },
  closed,
);
