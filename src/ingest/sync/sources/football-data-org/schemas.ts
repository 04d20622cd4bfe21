import Type, { type Static } from 'typebox';

/**
 * The parts of football-data.org v4 answers the adapter reads (docs/sources/football-data-org.md;
 * https://docs.football-data.org/general/v4/match.html, /overtime.html). The provider adds fields
 * over time: unknown ones are allowed, the ones read must have their documented types.
 */
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const Goals = Type.Object({
  home: Nullable(Type.Integer({ minimum: 0 })),
  away: Nullable(Type.Integer({ minimum: 0 })),
});

const TeamRef = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  name: Nullable(Type.String({ minLength: 1 })),
  shortName: Type.Optional(Nullable(Type.String())),
  tla: Type.Optional(Nullable(Type.String())),
});

const Person = Type.Object({
  id: Nullable(Type.Integer({ minimum: 1 })),
  name: Nullable(Type.String()),
});

/** One goal of a match (`goals`, where the plan gives them): scorer and assist by person id. */
const Goal = Type.Object({
  minute: Nullable(Type.Integer({ minimum: 0 })),
  injuryTime: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
  type: Type.Optional(Nullable(Type.String())),
  team: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
  scorer: Type.Optional(Nullable(Person)),
  assist: Type.Optional(Nullable(Person)),
  score: Type.Optional(Nullable(Goals)),
});

const STATUSES = [
  'SCHEDULED',
  'TIMED',
  'IN_PLAY',
  'PAUSED',
  'EXTRA_TIME',
  'PENALTY_SHOOTOUT',
  'FINISHED',
  'SUSPENDED',
  'POSTPONED',
  'CANCELLED',
  'AWARDED',
] as const;

const MatchSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  utcDate: Type.String({ format: 'date-time' }),
  status: Type.Enum(STATUSES),
  minute: Type.Optional(Nullable(Type.Union([Type.Integer({ minimum: 0 }), Type.String()]))),
  injuryTime: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
  matchday: Type.Optional(Nullable(Type.Integer())),
  stage: Type.Optional(Nullable(Type.String())),
  venue: Type.Optional(Nullable(Type.String())),
  area: Type.Optional(Type.Object({ name: Type.String() })),
  competition: Type.Object({
    id: Type.Integer({ minimum: 1 }),
    name: Type.String({ minLength: 1 }),
    code: Type.Optional(Nullable(Type.String())),
    /** `LEAGUE`, `CUP` (also `PLAYOFFS`, `LEAGUE_CUP`, ...): what the competition plays. */
    type: Type.Optional(Nullable(Type.String())),
  }),
  season: Type.Optional(
    Type.Object({ startDate: Type.String(), endDate: Type.Optional(Nullable(Type.String())) }),
  ),
  homeTeam: TeamRef,
  awayTeam: TeamRef,
  score: Type.Object({
    winner: Type.Optional(Nullable(Type.String())),
    duration: Type.Optional(Nullable(Type.String())),
    fullTime: Goals,
    halfTime: Goals,
    regularTime: Type.Optional(Goals),
    extraTime: Type.Optional(Goals),
    penalties: Type.Optional(Goals),
  }),
  goals: Type.Optional(Type.Array(Goal)),
});
export type FdoMatch = Static<typeof MatchSchema>;

/** `competitions/{code}/matches` and `matches?ids=`: a list of matches. */
export const MatchListSchema = Type.Object({
  matches: Type.Array(MatchSchema),
});
