import Type from 'typebox';
import { COMPETITION_TYPES } from '../../football/vocabulary.js';

/** docs/rest/competitions.md: the competitions list and a competition's standings. */

const closed = { additionalProperties: false } as const;
const Int = Type.Integer({ format: 'int32' });
const Day = Type.String({ format: 'date' });
const Year = Type.Integer({
  format: 'int32',
  description: 'The season by its start year: 2024 for 2024-25, the calendar year for J1.',
});

export const Season = Type.Object({ year: Year, firstDay: Day, lastDay: Day }, closed);

const flag = (description: string) => Type.Boolean({ description });

/** Which resources exist for at least one match of the competition (the table: its standings). */
export const Coverage = Type.Object(
  {
    standings: flag('A table: a league with matches, or a cup with groups or a league phase.'),
    events: flag('Match events.'),
    lineups: flag('Published lineups.'),
    statistics: flag('Match statistics.'),
    odds: flag("Bookmakers' odds."),
    exchange: flag('Exchange odds.'),
    regional: flag("The regional operator's board."),
    aiBasic: flag('Basic AI reports.'),
    aiDeep: flag('Deep AI reports.'),
    tips: flag('The tips distribution.'),
    handicap: flag('The handicap analysis.'),
    overUnder: flag('The over-under analysis.'),
    corners: flag('The corner analysis.'),
  },
  closed,
);

export const CompetitionSource = Type.Object(
  {
    resource: Type.String({ description: '`fixtures`, `odds`, `exchange` ...' }),
    source: Type.String(),
    licence: Type.String(),
  },
  closed,
);

export const Competition = Type.Object(
  {
    id: Int,
    name: Type.String({ description: 'In the language of Accept-Language.' }),
    nameOriginal: Type.Optional(Type.String()),
    code: Type.String(),
    region: Type.Enum(['Asia', 'Europe']),
    country: Type.Optional(Type.String()),
    type: Type.Enum(COMPETITION_TYPES),
    seasons: Type.Array(Season, { description: 'Oldest first.' }),
    currentSeason: Type.Optional(Year),
    coverage: Coverage,
    source: Type.Optional(Type.String({ description: 'Where its fixtures come from.' })),
    licence: Type.Optional(Type.String({ description: "The fixtures source's licence." })),
    sources: Type.Array(CompetitionSource, { description: 'Every source, per resource.' }),
  },
  closed,
);

const Result = Type.Enum(['W', 'D', 'L']);

export const StandingsRow = Type.Object(
  {
    position: Int,
    team: Type.Object({ id: Int, name: Type.String() }, closed),
    played: Int,
    won: Int,
    drawn: Int,
    lost: Int,
    goalsFor: Int,
    goalsAgainst: Int,
    goalDifference: Int,
    points: Int,
    form: Type.Array(Result, {
      maxItems: 5,
      description: 'The last five results of this table, oldest first, newest last.',
    }),
  },
  closed,
);

export const StandingsTable = Type.Object(
  {
    type: Type.Enum(['total', 'home', 'away']),
    group: Type.Optional(Type.String({ description: "A cup's group; absent for a league." })),
    table: Type.Array(StandingsRow),
  },
  closed,
);

export const CompetitionStandings = Type.Object(
  {
    competitionId: Int,
    season: Year,
    live: Type.Boolean({ description: 'Matches in play count at their current score.' }),
    standings: Type.Array(StandingsTable),
  },
  closed,
);
