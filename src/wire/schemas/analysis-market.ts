import Type, { type TSchema } from 'typebox';
import { SIDES } from '../../football/vocabulary.js';

/** Shapes of the stored handicap and over-under documents (docs/analysis.md; spec 2.11). */
const ref = () =>
  Type.Object(
    { id: Type.Integer({ format: 'int32' }), name: Type.String() },
    { additionalProperties: false },
  );
/** Same shape, two objects: GraphQL names them apart (a team and a competition may share an id). */
export const CompetitionRef = ref();
export const TeamRef = ref();

export const HistoryRow = Type.Object(
  {
    matchId: Type.Integer({ format: 'int32' }),
    kickoffUtc: Type.String({ format: 'date-time' }),
    competition: CompetitionRef,
    opponent: TeamRef,
    venue: Type.Enum(SIDES),
    score: Type.String({ description: 'home-away' }),
  },
  { additionalProperties: false },
);

export const TeamHistory = Type.Object(
  { teamId: Type.Integer({ format: 'int32' }), history: Type.Array(HistoryRow) },
  { additionalProperties: false },
);

const counts = (names: readonly string[]) =>
  Object.fromEntries(names.map((n) => [n, n.endsWith('Rate') ? Type.Number() : Type.Integer()]));

const HandicapStatistics = Type.Object(
  {
    ...counts(['matches', 'win', 'halfWin', 'push', 'halfLoss', 'loss']),
    ...counts(['winRate', 'pushRate', 'lossRate']),
    net: Type.Number(),
  },
  { additionalProperties: false },
);

const TotalStatistics = Type.Object(
  {
    ...counts(['matches', 'over', 'halfOver', 'push', 'halfUnder', 'under']),
    ...counts(['overRate', 'pushRate', 'underRate']),
    net: Type.Number(),
  },
  { additionalProperties: false },
);

function documentSchema(results: readonly string[], statistics: TSchema) {
  const nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
  const Evaluation = Type.Object(
    { statistics, cumulative: Type.Array(Type.Number()) },
    { additionalProperties: false },
  );
  const Selection = Type.Object(
    {
      matchIds: Type.Optional(Type.Array(Type.Integer())),
      opening: Evaluation,
      closing: Type.Optional(Evaluation),
    },
    { additionalProperties: false },
  );
  const SelectionSet = Type.Object(
    { openingOnly: Selection, openingAndClosing: Selection },
    { additionalProperties: false },
  );
  const TeamAtBookmaker = Type.Object(
    {
      openingLines: Type.Array(nullable(Type.Number())),
      openingResults: Type.Array(nullable(Type.Enum([...results]))),
      closingLines: Type.Array(nullable(Type.Number())),
      closingResults: Type.Array(nullable(Type.Enum([...results]))),
      all: SelectionSet,
      sameCompetition: SelectionSet,
    },
    { additionalProperties: false },
  );
  return Type.Object(
    {
      matchId: Type.Integer({ format: 'int32' }),
      market: Type.Enum(['hdp', 'hilo']),
      competitionId: Type.Integer({ format: 'int32' }),
      sampleLimit: Type.Integer(),
      home: TeamHistory,
      away: TeamHistory,
      bookmakers: Type.Array(
        Type.Object(
          {
            bookmakerId: Type.Integer({ format: 'int32' }),
            bookmakerName: Type.String(),
            home: TeamAtBookmaker,
            away: TeamAtBookmaker,
          },
          { additionalProperties: false },
        ),
      ),
    },
    { additionalProperties: false },
  );
}

export const HandicapAnalysis = documentSchema(
  ['win', 'halfWin', 'push', 'halfLoss', 'loss'],
  HandicapStatistics,
);

export const OverUnderAnalysis = documentSchema(
  ['over', 'halfOver', 'push', 'halfUnder', 'under'],
  TotalStatistics,
);
