import Type, { type Static, type TSchema } from 'typebox';

/**
 * The parts of Sportmonks Football API v3 answers this adapter reads
 * (docs/sources/sportmonks.md lists the documents). Only the fields used are named; Sportmonks
 * adds fields freely, so every object allows more. Each include below is requested by the
 * adapter (`include=participants;scores;...`), so it must be present on every fixture.
 */

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Id = Type.Integer({ minimum: 1 });
const Side = Type.Union([Type.Literal('home'), Type.Literal('away')]);

/** A team of a fixture: `meta.location` says home or away. */
const Participant = Type.Object({
  id: Id,
  name: Type.String({ minLength: 1 }),
  short_code: Type.Optional(nullable(Type.String())),
  placeholder: Type.Optional(Type.Boolean()),
  /** `winner`: true for the side that won (a shoot-out's winner included), once decided. */
  meta: Type.Object({ location: Side, winner: Type.Optional(nullable(Type.Boolean())) }),
});

/** One score line: `description` CURRENT, 1ST_HALF, 2ND_HALF, PENALTY_SHOOTOUT, ... */
const Score = Type.Object({
  description: Type.String(),
  score: Type.Object({ goals: Type.Integer({ minimum: 0 }), participant: Side }),
});

/** The fixture's state; `developer_name` is one of the documented states (states.ts). */
const State = Type.Object({ developer_name: Type.String() });

/** A period of play; `minutes` is the match clock, counted from `counts_from`. */
const Period = Type.Object({
  ticking: Type.Boolean(),
  sort_order: Type.Integer(),
  counts_from: Type.Integer({ minimum: 0 }),
  period_length: Type.Optional(nullable(Type.Integer({ minimum: 0 }))),
  minutes: Type.Optional(nullable(Type.Integer({ minimum: 0 }))),
});

const Event = Type.Object({
  id: Id,
  participant_id: nullable(Id),
  type_id: Type.Integer(),
  player_id: Type.Optional(nullable(Id)),
  related_player_id: Type.Optional(nullable(Id)),
  player_name: Type.Optional(nullable(Type.String())),
  related_player_name: Type.Optional(nullable(Type.String())),
  minute: Type.Integer({ minimum: 0 }),
  extra_minute: Type.Optional(nullable(Type.Integer({ minimum: 0 }))),
  info: Type.Optional(nullable(Type.String())),
  addition: Type.Optional(nullable(Type.String())),
  rescinded: Type.Optional(nullable(Type.Boolean())),
});

/** One player of a team sheet: `type_id` 11 starting, 12 bench; `formation_field` "row:col". */
const LineupEntry = Type.Object({
  id: Id,
  team_id: Id,
  type_id: Type.Integer(),
  player_id: Type.Optional(nullable(Id)),
  player_name: Type.String({ minLength: 1 }),
  jersey_number: Type.Optional(nullable(Type.Integer({ minimum: 0 }))),
  position_id: Type.Optional(nullable(Type.Integer())),
  formation_field: Type.Optional(nullable(Type.String())),
  formation_position: Type.Optional(nullable(Type.Integer())),
});

const Formation = Type.Object({ participant_id: Id, formation: Type.String() });

const Statistic = Type.Object({
  type_id: Type.Integer(),
  participant_id: Id,
  data: Type.Object({ value: nullable(Type.Number()) }),
});

const Named = Type.Object({ name: Type.String() });

const Fixture = Type.Object({
  id: Id,
  league_id: Id,
  placeholder: Type.Optional(Type.Boolean()),
  starting_at: nullable(Type.String()),
  starting_at_timestamp: Type.Optional(nullable(Type.Integer())),
  participants: Type.Array(Participant),
  scores: Type.Array(Score),
  state: State,
  periods: Type.Array(Period),
  events: Type.Array(Event),
  lineups: Type.Array(LineupEntry),
  formations: Type.Array(Formation),
  statistics: Type.Array(Statistic),
  league: Type.Object({
    id: Id,
    name: Type.String({ minLength: 1 }),
    short_code: Type.Optional(nullable(Type.String())),
  }),
  venue: Type.Optional(nullable(Named)),
  season: Type.Optional(nullable(Named)),
  round: Type.Optional(nullable(Named)),
});

/**
 * A list answer. An empty one carries `message` ("No result(s) found matching your request")
 * instead of `pagination`; `timezone` is UTC unless a `timezone` parameter was sent.
 */
export const FixturesAnswer = Type.Object({
  data: Type.Array(Fixture),
  message: Type.Optional(Type.String()),
  timezone: Type.Optional(Type.String()),
  pagination: Type.Optional(
    Type.Object({ has_more: Type.Boolean(), current_page: Type.Optional(Type.Integer()) }),
  ),
});

export type SmParticipant = Static<typeof Participant>;
export type SmScore = Static<typeof Score>;
export type SmPeriod = Static<typeof Period>;
export type SmEvent = Static<typeof Event>;
export type SmLineupEntry = Static<typeof LineupEntry>;
export type SmStatistic = Static<typeof Statistic>;
export type SmFixture = Static<typeof Fixture>;
export type SmFixturesAnswer = Static<typeof FixturesAnswer>;
