import { describe, expect, it } from 'vitest';
import { factsOfMatches } from '../../../src/ingest/sync/sources/football-data-org/map.js';
import type { FdoMatch } from '../../../src/ingest/sync/sources/football-data-org/schemas.js';

/** Issue 49: a source says whether a competition is a league or a cup where it knows. */
const fdoMatch = (id: number, competition: FdoMatch['competition']): FdoMatch => ({
  id,
  utcDate: '2024-08-16T19:00:00Z',
  status: 'SCHEDULED',
  competition,
  homeTeam: { id: 1, name: 'A', shortName: 'A', tla: 'AAA' },
  awayTeam: { id: 2, name: 'B', shortName: 'B', tla: 'BBB' },
  score: {
    winner: null,
    duration: 'REGULAR',
    fullTime: { home: null, away: null },
    halfTime: { home: null, away: null },
  },
});

describe('football-data.org competition type', () => {
  it('LEAGUE is a league, CUP a cup, anything else or nothing unknown', () => {
    const facts = factsOfMatches([
      fdoMatch(1, { id: 2021, name: 'Premier League', code: 'PL', type: 'LEAGUE' }),
      fdoMatch(2, { id: 2001, name: 'UEFA Champions League', code: 'CL', type: 'CUP' }),
      fdoMatch(3, { id: 2000, name: 'FIFA World Cup', code: 'WC', type: 'PLAYOFFS' }),
      fdoMatch(4, { id: 2018, name: 'European Championship', code: 'EC' }),
    ]);
    expect(facts.competitions?.map((c) => [c.code, c.type])).toEqual([
      ['PL', 'league'],
      ['CL', 'cup'],
      ['WC', undefined],
      ['EC', undefined],
    ]);
  });
});
