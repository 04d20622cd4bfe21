import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { MatchStatus } from '../../../src/football/vocabulary.js';
import { matchFact as afMatchFact } from '../../../src/ingest/sync/sources/api-football/map-fixture.js';
import type { ProviderFixture } from '../../../src/ingest/sync/sources/api-football/schemas.js';
import { matchFact as fdoMatchFact } from '../../../src/ingest/sync/sources/football-data-org/map.js';
import type { FdoMatch } from '../../../src/ingest/sync/sources/football-data-org/schemas.js';
import { matchFact as smMatchFact } from '../../../src/ingest/sync/sources/sportmonks/map-fixture.js';
import type { SmFixture } from '../../../src/ingest/sync/sources/sportmonks/schemas.js';
import type { StateName } from '../../../src/ingest/sync/sources/sportmonks/states.js';

/** How each adapter tells a match decided in extra time, on penalties or awarded (issue 49). */

const team = (id: number, name: string) => ({ id, name, shortName: name, tla: 'XXX' });

function fdo(overrides: Partial<FdoMatch>): FdoMatch {
  return {
    id: 1,
    utcDate: '2024-07-05T16:00:00Z',
    status: 'FINISHED',
    competition: { id: 2018, name: 'European Championship', code: 'EC' },
    season: { startDate: '2024-06-14', endDate: '2024-07-14' },
    stage: 'QUARTER_FINALS',
    homeTeam: team(759, 'Portugal'),
    awayTeam: team(773, 'France'),
    score: {
      winner: 'DRAW',
      duration: 'REGULAR',
      fullTime: { home: 1, away: 1 },
      halfTime: { home: 0, away: 0 },
    },
    ...overrides,
  };
}

describe('football-data.org: score.duration, winner and AWARDED', () => {
  it('a shoot-out: decided by penalties, its winner the match winner', () => {
    const fact = fdoMatchFact(
      fdo({
        score: {
          winner: 'AWAY_TEAM',
          duration: 'PENALTY_SHOOTOUT',
          fullTime: { home: 3, away: 5 },
          halfTime: { home: 0, away: 0 },
          regularTime: { home: 0, away: 0 },
          extraTime: { home: 0, away: 0 },
          penalties: { home: 3, away: 5 },
        },
      }),
    );
    expect(fact).toMatchObject({
      homeScore: 0,
      awayScore: 0,
      penHomeScore: 3,
      penAwayScore: 5,
      decidedBy: 'penalties',
      winner: 'away',
    });
  });

  it('extra time; a live shoot-out; an awarded match; a match of 90 minutes', () => {
    const aet = fdoMatchFact(
      fdo({
        score: {
          winner: 'HOME_TEAM',
          duration: 'EXTRA_TIME',
          fullTime: { home: 2, away: 1 },
          halfTime: { home: 1, away: 0 },
          extraTime: { home: 1, away: 0 },
        },
      }),
    );
    expect(aet).toMatchObject({ decidedBy: 'extra_time', winner: null, etHomeScore: 1 });
    expect(fdoMatchFact(fdo({ status: 'PENALTY_SHOOTOUT' })).decidedBy).toBe('penalties');
    expect(fdoMatchFact(fdo({ status: 'EXTRA_TIME', minute: 97 })).decidedBy).toBe('extra_time');
    const awarded = fdoMatchFact(
      fdo({
        status: 'AWARDED',
        score: {
          winner: 'HOME_TEAM',
          duration: 'REGULAR',
          fullTime: { home: 3, away: 0 },
          halfTime: { home: null, away: null },
        },
      }),
    );
    expect(awarded).toMatchObject({ status: 'finished', decidedBy: 'awarded', winner: 'home' });
    expect(fdoMatchFact(fdo({}))).toMatchObject({ decidedBy: null, winner: null });
  });
});

const season = JSON.parse(
  readFileSync(
    new URL('../../fixtures/providers/api-football/season.json', import.meta.url),
    'utf8',
  ),
) as { steps: { answers: { json: { response: ProviderFixture[] } }[] }[] };
const recorded = season.steps[0]?.answers[0]?.json.response[0] as ProviderFixture;

function af(short: string, more: Partial<ProviderFixture> = {}): ProviderFixture {
  const item = structuredClone(recorded);
  item.fixture.status = { ...item.fixture.status, short: short as never, elapsed: 120 };
  return { ...item, ...more };
}

describe('API-Football: AET, PEN, AWD and the teams winner flag', () => {
  it('PEN: decided by penalties, the winner from teams.*.winner, goals without the shoot-out', () => {
    const item = af('PEN', {
      goals: { home: 1, away: 1 },
      score: {
        halftime: { home: 1, away: 0 },
        fulltime: { home: 1, away: 1 },
        extratime: { home: 0, away: 0 },
        penalty: { home: 2, away: 4 },
      },
    });
    item.teams.home.winner = false;
    item.teams.away.winner = true;
    expect(afMatchFact(item)).toMatchObject({
      status: 'finished',
      homeScore: 1,
      awayScore: 1,
      penHomeScore: 2,
      penAwayScore: 4,
      decidedBy: 'penalties',
      winner: 'away',
    });
  });

  it('AET, AWD, WO, and live ET and P', () => {
    expect(afMatchFact(af('AET'))).toMatchObject({ decidedBy: 'extra_time', winner: null });
    const awarded = af('AWD');
    awarded.teams.home.winner = true;
    expect(afMatchFact(awarded)).toMatchObject({ decidedBy: 'awarded', winner: 'home' });
    expect(afMatchFact(af('WO')).decidedBy).toBe('awarded');
    expect(afMatchFact(af('ET'))).toMatchObject({ status: 'live', decidedBy: 'extra_time' });
    expect(afMatchFact(af('P'))).toMatchObject({ status: 'live', decidedBy: 'penalties' });
    expect(afMatchFact(af('FT')).decidedBy).toBeNull();
  });
});

describe('Sportmonks: states and the participants winner flag', () => {
  const fixture = (homeWins: boolean | null) =>
    ({
      id: 9,
      league_id: 8,
      periods: [],
      season: null,
      round: null,
      venue: null,
      participants: [
        { id: 1, name: 'A', meta: { location: 'home', winner: homeWins } },
        {
          id: 2,
          name: 'B',
          meta: { location: 'away', winner: homeWins === null ? null : !homeWins },
        },
      ],
      scores: [
        { description: 'CURRENT', score: { goals: 2, participant: 'home' } },
        { description: 'CURRENT', score: { goals: 2, participant: 'away' } },
        { description: 'PENALTY_SHOOTOUT', score: { goals: 4, participant: 'home' } },
        { description: 'PENALTY_SHOOTOUT', score: { goals: 3, participant: 'away' } },
      ],
    }) as unknown as SmFixture;
  const fact = (state: StateName, status: MatchStatus, homeWins: boolean | null = null) =>
    smMatchFact({
      fixture: fixture(homeWins),
      state,
      status,
      kickoffUtc: '2024-07-05T16:00:00.000Z',
      home: 1,
      away: 2,
      statistics: new Map(),
    });

  it('FT_PEN: penalties, its winner; AET; AWARDED; live extra time and shoot-out', () => {
    expect(fact('FT_PEN', 'finished', true)).toMatchObject({
      homeScore: 2,
      awayScore: 2,
      penHomeScore: 4,
      penAwayScore: 3,
      decidedBy: 'penalties',
      winner: 'home',
    });
    expect(fact('AET', 'finished')).toMatchObject({ decidedBy: 'extra_time', winner: null });
    expect(fact('AWARDED', 'finished', false)).toMatchObject({
      decidedBy: 'awarded',
      winner: 'away',
    });
    expect(fact('INPLAY_ET', 'live').decidedBy).toBe('extra_time');
    expect(fact('INPLAY_PENALTIES', 'live').decidedBy).toBe('penalties');
    expect(fact('FT', 'finished')).toMatchObject({ decidedBy: null, winner: null });
  });
});
