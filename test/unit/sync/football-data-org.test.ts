import { describe, expect, it } from 'vitest';
import { matchFact, STATUS_MAP } from '../../../src/ingest/sync/sources/football-data-org/map.js';
import type { FdoMatch } from '../../../src/ingest/sync/sources/football-data-org/schemas.js';

const team = (id: number, name: string) => ({ id, name, shortName: name, tla: 'XXX' });

function match(overrides: Partial<FdoMatch>): FdoMatch {
  return {
    id: 1,
    utcDate: '2024-06-14T19:00:00Z',
    status: 'FINISHED',
    competition: { id: 2018, name: 'European Championship', code: 'EC' },
    season: { startDate: '2024-06-14', endDate: '2024-07-14' },
    stage: 'QUARTER_FINALS',
    homeTeam: team(759, 'Germany'),
    awayTeam: team(760, 'Spain'),
    score: {
      winner: 'DRAW',
      duration: 'REGULAR',
      fullTime: { home: 1, away: 1 },
      halfTime: { home: 0, away: 0 },
    },
    ...overrides,
  };
}

describe('football-data.org matches as facts', () => {
  it('takes the shoot-out out of fullTime and keeps extra time and the shoot-out apart', () => {
    const fact = matchFact(
      match({
        score: {
          winner: 'AWAY_TEAM',
          duration: 'PENALTY_SHOOTOUT',
          fullTime: { home: 5, away: 6 },
          halfTime: { home: 0, away: 1 },
          regularTime: { home: 1, away: 1 },
          extraTime: { home: 0, away: 0 },
          penalties: { home: 4, away: 5 },
        },
      }),
    );
    expect(fact).toMatchObject({
      status: 'finished',
      homeScore: 1,
      awayScore: 1,
      htHomeScore: 0,
      htAwayScore: 1,
      etHomeScore: 0,
      etAwayScore: 0,
      penHomeScore: 4,
      penAwayScore: 5,
      season: '2024',
      round: 'Quarter finals',
    });
  });

  it('gives the clock in play and at half-time, and none otherwise', () => {
    expect(matchFact(match({ status: 'IN_PLAY', minute: 90, injuryTime: 4 })).minute).toBe('90+4');
    expect(matchFact(match({ status: 'PAUSED' })).minute).toBe('HT');
    expect(matchFact(match({ status: 'TIMED', minute: 3 })).minute).toBeNull();
  });

  it('maps every status the provider documents', () => {
    expect(STATUS_MAP).toEqual({
      SCHEDULED: 'scheduled',
      TIMED: 'scheduled',
      IN_PLAY: 'live',
      PAUSED: 'live',
      EXTRA_TIME: 'live',
      PENALTY_SHOOTOUT: 'live',
      FINISHED: 'finished',
      AWARDED: 'finished',
      SUSPENDED: 'suspended',
      POSTPONED: 'postponed',
      CANCELLED: 'cancelled',
    });
    expect(matchFact(match({ status: 'POSTPONED' })).homeScore).toBeNull();
  });
});
