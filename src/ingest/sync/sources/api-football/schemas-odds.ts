import Type, { type Static } from 'typebox';
import { DateTime, envelope, Id, nullable } from './schemas.js';

/**
 * Pre-match odds (`/odds`) and in-play odds (`/odds/live`), documentation-v3 "Odds (Pre-Match)"
 * and "Odds (In-Play)". Odds are decimal numbers written as text ("1.95"); a pre-match `value`
 * is text or a number (`{"value": 4}` in "Exact Goals Number").
 */

const PreMatchValue = Type.Object({
  value: Type.Union([Type.String(), Type.Number()]),
  odd: Type.String(),
});

const PreMatchOdds = Type.Object({
  fixture: Type.Object({ id: Id }),
  /** When the bookmakers' prices were last taken. */
  update: DateTime,
  bookmakers: Type.Array(
    Type.Object({
      id: Id,
      name: Type.String({ minLength: 1 }),
      bets: Type.Array(
        Type.Object({ id: Type.Integer(), name: Type.String(), values: Type.Array(PreMatchValue) }),
      ),
    }),
  ),
});

const InPlayValue = Type.Object({
  value: Type.String(),
  odd: Type.String(),
  /** The line ("2.5", "-0.25") of handicap and total markets, null elsewhere. */
  handicap: Type.Optional(nullable(Type.String())),
  /** True on the line to consider when a market lists several (see "INFORMATIONS ABOUT VALUES"). */
  main: Type.Optional(nullable(Type.Boolean())),
  suspended: Type.Boolean(),
});

const LiveSide = Type.Object({ id: Id, goals: nullable(Type.Integer({ minimum: 0 })) });

const InPlayOdds = Type.Object({
  fixture: Type.Object({
    id: Id,
    status: Type.Object({
      long: Type.String(),
      elapsed: nullable(Type.Integer({ minimum: 0 })),
    }),
  }),
  teams: Type.Object({ home: LiveSide, away: LiveSide }),
  status: Type.Object({
    stopped: Type.Boolean(),
    blocked: Type.Boolean(),
    finished: Type.Boolean(),
  }),
  update: DateTime,
  odds: Type.Array(
    Type.Object({ id: Type.Integer(), name: Type.String(), values: Type.Array(InPlayValue) }),
  ),
});

export const PreMatchOddsAnswer = envelope(PreMatchOdds);
export const InPlayOddsAnswer = envelope(InPlayOdds);

export type ProviderPreMatchOdds = Static<typeof PreMatchOdds>;
export type ProviderInPlayOdds = Static<typeof InPlayOdds>;
export type InPlayValue = Static<typeof InPlayValue>;
