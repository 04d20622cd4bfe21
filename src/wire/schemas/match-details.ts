import Type from 'typebox';
import { EVENT_TYPES } from '../../football/vocabulary.js';
import { CompetitionRef, MatchScore, ScorePair } from './matches.js';

const closed = { additionalProperties: false } as const;
const Int = Type.Integer({ format: 'int32' });
const Name = Type.Object({ name: Type.String() }, closed);
const Side = Type.Union([Type.Literal('home'), Type.Literal('away')]);
const Result = Type.Union([Type.Literal('W'), Type.Literal('D'), Type.Literal('L')], {
  description:
    'From the side named; a shoot-out is a draw (`decidedBy`, `winner` say who went through).',
});

/** A cup match's additive score fields (docs/rest/matches.md "Cup football"): omitted otherwise. */
const decided = {
  penalties: Type.Optional(MatchScore.properties.penalties),
  decidedBy: Type.Optional(MatchScore.properties.decidedBy),
  winner: Type.Optional(MatchScore.properties.winner),
};

/** docs/rest/matches.md "Events". */
export const MatchEvent = Type.Object(
  {
    seq: Int,
    minute: Int,
    extraMinute: Type.Optional(Int),
    clock: Type.String({ description: '"67", or "45+2" in stoppage time.' }),
    type: Type.Enum(EVENT_TYPES),
    side: Side,
    player: Type.Optional(Type.String()),
    playerId: Type.Optional(Int),
    relatedPlayer: Type.Optional(Type.String()),
    relatedPlayerId: Type.Optional(Int),
    detail: Type.Optional(Type.String()),
    score: Type.Optional(ScorePair),
  },
  closed,
);

/** docs/rest/matches.md "Statistics". */
export const MatchStatistic = Type.Object(
  { type: Type.String(), home: Type.Optional(Type.Number()), away: Type.Optional(Type.Number()) },
  closed,
);

const LineupPlayer = Type.Object(
  {
    name: Type.String(),
    playerId: Type.Optional(Int),
    shirtNumber: Type.Optional(Int),
    position: Type.Optional(Type.String()),
    x: Type.Optional(Type.Number()),
    y: Type.Optional(Type.Number()),
    rating: Type.Optional(Type.Number()),
    captain: Type.Boolean(),
    goals: Int,
    cards: Type.Object({ yellow: Int, red: Int }, closed),
    subbedInMinute: Type.Optional(Int),
    subbedOutMinute: Type.Optional(Int),
  },
  closed,
);

const LineupSide = Type.Object(
  {
    formation: Type.Optional(Type.String()),
    coach: Type.Optional(Type.String()),
    starters: Type.Array(LineupPlayer),
    substitutes: Type.Array(LineupPlayer),
  },
  closed,
);

/** docs/rest/matches.md "Lineups". */
export const Lineups = Type.Object({ home: LineupSide, away: LineupSide }, closed);

const H2hMatch = Type.Object(
  {
    id: Int,
    competition: CompetitionRef,
    kickoffUtc: Type.String({ format: 'date-time' }),
    home: Name,
    away: Name,
    score: ScorePair,
    halfTime: Type.Optional(ScorePair),
    result: Result,
    ...decided,
  },
  closed,
);

const FormEntry = Type.Object(
  {
    matchId: Int,
    competition: CompetitionRef,
    kickoffUtc: Type.String({ format: 'date-time' }),
    venue: Side,
    opponent: Name,
    score: ScorePair,
    result: Result,
    ...decided,
  },
  closed,
);

/** docs/rest/matches.md "Head-to-head". */
export const HeadToHead = Type.Object(
  {
    home: Name,
    away: Name,
    summary: Type.Object(
      {
        played: Int,
        homeWins: Int,
        draws: Int,
        awayWins: Int,
        homeGoals: Int,
        awayGoals: Int,
      },
      closed,
    ),
    matches: Type.Array(H2hMatch),
    form: Type.Object({ home: Type.Array(FormEntry), away: Type.Array(FormEntry) }, closed),
  },
  closed,
);
