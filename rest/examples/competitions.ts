import type { Static } from 'typebox';
import type { Competition, CompetitionStandings } from '../../src/wire/schemas/competitions.js';

/**
 * Examples of the competition routes' 200 bodies (rest/examples): the Premier League as
 * football-data.co.uk's files bring it, and the top of its 2024-25 final table.
 */

const coverage = {
  standings: true,
  events: false,
  lineups: false,
  statistics: true,
  odds: true,
  exchange: true,
  regional: false,
  aiBasic: false,
  aiDeep: false,
  tips: false,
  handicap: false,
  overUnder: false,
  corners: false,
};

export const COMPETITIONS = [
  {
    id: 1,
    name: 'Premier League',
    code: 'E0',
    region: 'Europe',
    country: 'England',
    type: 'league',
    seasons: [
      { year: 2023, firstDay: '2023-08-11', lastDay: '2024-05-19' },
      { year: 2024, firstDay: '2024-08-16', lastDay: '2025-05-25' },
    ],
    currentSeason: 2024,
    coverage,
    source: 'football-data-co-uk',
    licence:
      'football-data.co.uk: free to download, no open-data licence; third-party data, not for redistribution',
    sources: [
      {
        resource: 'fixtures',
        source: 'football-data-co-uk',
        licence:
          'football-data.co.uk: free to download, no open-data licence; third-party data, not for redistribution',
      },
    ],
  },
] satisfies Static<typeof Competition>[];

const row = (
  position: number,
  id: number,
  name: string,
  record: [won: number, drawn: number, lost: number, goalsFor: number, goalsAgainst: number],
  form: ('W' | 'D' | 'L')[],
) => {
  const [won, drawn, lost, goalsFor, goalsAgainst] = record;
  return {
    position,
    team: { id, name },
    played: won + drawn + lost,
    won,
    drawn,
    lost,
    goalsFor,
    goalsAgainst,
    goalDifference: goalsFor - goalsAgainst,
    points: 3 * won + drawn,
    form,
  };
};

export const STANDINGS = {
  competitionId: 1,
  season: 2024,
  live: false,
  standings: [
    {
      type: 'total',
      table: [
        row(1, 4, 'Liverpool', [25, 9, 4, 86, 41], ['W', 'L', 'D', 'L', 'D']),
        row(2, 12, 'Arsenal', [20, 14, 4, 69, 34], ['D', 'L', 'D', 'W', 'W']),
        row(3, 18, 'Man City', [21, 8, 9, 72, 44], ['W', 'D', 'W', 'W', 'W']),
      ],
    },
  ],
} satisfies Static<typeof CompetitionStandings>;
