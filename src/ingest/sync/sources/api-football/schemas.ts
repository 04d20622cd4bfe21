import Type, { type Static, type TSchema } from 'typebox';
import { FIXTURE_STATUS_CODES } from './statuses.js';

/**
 * The API-Football v3 answers this adapter reads (https://www.api-football.com/documentation-v3):
 * only the fields it uses, plus the envelope. Objects allow other properties, since the
 * provider adds fields (`extra` arrived in 3.9.3).
 */

export const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** `2024-08-16T19:00:00+00:00`: the documented date form, with its offset. */
export const DateTime = Type.String({
  pattern:
    '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})$',
});
export const Id = Type.Integer({ minimum: 1 });
const Count = Type.Integer({ minimum: 0, maximum: 1000 });

/**
 * Every answer: `errors` is `[]` (or `{}`) when all went well, and an object or list of
 * messages otherwise (`{"token": "Error/Missing application key..."}`), with HTTP 200.
 */
export const ProviderErrors = Type.Union([
  Type.Array(Type.Unknown()),
  Type.Record(Type.String(), Type.Unknown()),
]);
const Paging = Type.Object({
  current: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0 }),
});

export const envelope = <T extends TSchema>(item: T) =>
  Type.Object({
    get: Type.String(),
    errors: ProviderErrors,
    results: Type.Integer({ minimum: 0 }),
    paging: Type.Optional(Paging),
    response: Type.Array(item),
  });

const Named = Type.Object({ id: Id, name: Type.String({ minLength: 1 }) });
/** A side of a fixture; `winner` once decided (true/false), null for a draw or not yet. */
const FixtureTeam = Type.Object({
  id: Id,
  name: Type.String({ minLength: 1 }),
  winner: Type.Optional(nullable(Type.Boolean())),
});
const Person = Type.Object({ id: nullable(Type.Integer()), name: nullable(Type.String()) });
const Pair = Type.Object({ home: nullable(Count), away: nullable(Count) });

/** One event ("Events": Goal, Card, subst, Var). */
const FixtureEvent = Type.Object({
  time: Type.Object({
    elapsed: Type.Integer({ minimum: 0, maximum: 130 }),
    extra: Type.Optional(nullable(Type.Integer({ minimum: 0, maximum: 30 }))),
  }),
  team: Named,
  player: Person,
  assist: Person,
  type: Type.String({ minLength: 1 }),
  detail: Type.String(),
  comments: Type.Optional(nullable(Type.String())),
});

const LineupPlayer = Type.Object({
  player: Type.Object({
    id: nullable(Type.Integer()),
    name: nullable(Type.String()),
    number: nullable(Type.Integer()),
    pos: nullable(Type.String()),
    /** "row:column" on the pitch, starters only (documentation 3.8.1). */
    grid: Type.Optional(nullable(Type.String({ pattern: '^[0-9]{1,2}:[0-9]{1,2}$' }))),
  }),
});

/** One team sheet ("Lineups"). */
const FixtureLineup = Type.Object({
  team: Named,
  formation: nullable(Type.String()),
  coach: Type.Optional(nullable(Type.Object({ name: nullable(Type.String()) }))),
  startXI: Type.Array(LineupPlayer),
  substitutes: Type.Array(LineupPlayer),
});

/** One team's statistics ("Statistics"): values are counts, "55%" or null. */
const FixtureTeamStatistics = Type.Object({
  team: Named,
  statistics: Type.Array(
    Type.Object({
      type: Type.String(),
      value: nullable(Type.Union([Type.Number(), Type.String()])),
    }),
  ),
});

/** A fixture; `events`, `lineups`, `statistics` come embedded when asked by `id`/`ids`. */
const Fixture = Type.Object({
  fixture: Type.Object({
    id: Id,
    date: DateTime,
    venue: Type.Optional(Type.Object({ name: nullable(Type.String()) })),
    status: Type.Object({
      short: Type.Enum(FIXTURE_STATUS_CODES),
      elapsed: nullable(Type.Integer({ minimum: 0 })),
      extra: Type.Optional(nullable(Type.Integer({ minimum: 0 }))),
    }),
  }),
  league: Type.Object({
    id: Id,
    name: Type.String({ minLength: 1 }),
    country: nullable(Type.String()),
    season: Type.Integer({ minimum: 1800, maximum: 2999 }),
    round: Type.Optional(nullable(Type.String())),
  }),
  teams: Type.Object({ home: FixtureTeam, away: FixtureTeam }),
  goals: Pair,
  score: Type.Object({ halftime: Pair, fulltime: Pair, extratime: Pair, penalty: Pair }),
  events: Type.Optional(Type.Array(FixtureEvent)),
  lineups: Type.Optional(Type.Array(FixtureLineup)),
  statistics: Type.Optional(Type.Array(FixtureTeamStatistics)),
});

export const FixturesAnswer = envelope(Fixture);

export type ProviderFixture = Static<typeof Fixture>;
export type ProviderEvent = Static<typeof FixtureEvent>;
export type ProviderLineup = Static<typeof FixtureLineup>;
export type ProviderTeamStatistics = Static<typeof FixtureTeamStatistics>;
export type FixturesAnswer = Static<typeof FixturesAnswer>;
