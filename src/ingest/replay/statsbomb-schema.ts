import Type, { type Static, type TSchema } from 'typebox';

/**
 * The parts of StatsBomb's open-data JSON the replay reads (github.com/statsbomb/open-data,
 * `doc/`): a match record of `matches/<competition>/<season>.json`, an events file and a lineups
 * file. Other fields are allowed and ignored.
 */

/** Absent or null: StatsBomb writes `null` for what it does not know. */
const nullable = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));
const Text = Type.String({ minLength: 1, maxLength: 200 });
const SourceId = Type.Integer({ minimum: 0 });
const Named = Type.Object({ id: SourceId, name: Text });
const Kind = Type.Object({ name: Type.String() });

const Manager = Type.Object({ name: Text, nickname: nullable(Text) });
const Country = Type.Object({ name: Text });

export const StatsBombMatchSchema = Type.Object({
  match_id: Type.Integer({ minimum: 1 }),
  competition: Type.Object({
    competition_id: SourceId,
    competition_name: Text,
    country_name: nullable(Text),
  }),
  season: nullable(Type.Object({ season_name: Type.String({ maxLength: 20 }) })),
  home_team: Type.Object({
    home_team_id: SourceId,
    home_team_name: Text,
    country: nullable(Country),
    managers: nullable(Type.Array(Manager)),
  }),
  away_team: Type.Object({
    away_team_id: SourceId,
    away_team_name: Text,
    country: nullable(Country),
    managers: nullable(Type.Array(Manager)),
  }),
  home_score: nullable(Type.Integer({ minimum: 0 })),
  away_score: nullable(Type.Integer({ minimum: 0 })),
  match_week: nullable(Type.Integer({ minimum: 0 })),
  competition_stage: nullable(Type.Object({ name: Text })),
  stadium: nullable(Type.Object({ name: Text })),
});

const XiEntry = Type.Object({
  player: Named,
  position: Type.Object({ id: Type.Integer(), name: Type.String() }),
  jersey_number: nullable(Type.Integer()),
});

/** One event. `timestamp` is the time within the period; `minute` counts from the match start. */
export const StatsBombEventSchema = Type.Object({
  id: Type.Optional(Type.String()),
  period: Type.Integer({ minimum: 1, maximum: 5 }),
  timestamp: Type.String({ pattern: '^[0-9]{2}:[0-5][0-9]:[0-5][0-9](\\.[0-9]{1,6})?$' }),
  minute: Type.Integer({ minimum: 0, maximum: 200 }),
  second: Type.Integer({ minimum: 0, maximum: 59 }),
  type: Kind,
  team: Named,
  player: nullable(Named),
  possession_team: nullable(Named),
  shot: Type.Optional(
    Type.Object({
      outcome: Kind,
      type: Type.Optional(Kind),
      body_part: Type.Optional(Kind),
      key_pass_id: Type.Optional(Type.String()),
    }),
  ),
  pass: Type.Optional(Type.Object({ type: Type.Optional(Kind), outcome: Type.Optional(Kind) })),
  foul_committed: Type.Optional(Type.Object({ card: Type.Optional(Kind) })),
  bad_behaviour: Type.Optional(Type.Object({ card: Type.Optional(Kind) })),
  substitution: Type.Optional(Type.Object({ replacement: Named, outcome: Type.Optional(Kind) })),
  tactics: Type.Optional(
    Type.Object({ formation: nullable(Type.Integer()), lineup: Type.Array(XiEntry) }),
  ),
});

/** The object an event of a type must carry (a Shot without `shot` cannot be read). */
export const REQUIRED_DETAIL: Readonly<Record<string, keyof StatsBombEvent>> = {
  Shot: 'shot',
  Pass: 'pass',
  Substitution: 'substitution',
  'Starting XI': 'tactics',
};

export const StatsBombLineupTeamSchema = Type.Object({
  team_id: SourceId,
  team_name: Text,
  lineup: Type.Array(
    Type.Object({
      player_id: SourceId,
      player_name: Text,
      player_nickname: nullable(Text),
      jersey_number: nullable(Type.Integer()),
    }),
  ),
});

export type StatsBombMatch = Static<typeof StatsBombMatchSchema>;
export type StatsBombEvent = Static<typeof StatsBombEventSchema>;
export type StatsBombLineupTeam = Static<typeof StatsBombLineupTeamSchema>;
