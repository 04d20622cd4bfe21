import { describe, expect, it } from 'vitest';
import { advancing, matchResult, type ResultInput } from '../../../src/football/match-result.js';

const none = { home: null, away: null };
const m = (overrides: Partial<ResultInput>): ResultInput => ({
  status: 'finished',
  minute: null,
  score: { home: 1, away: 1 },
  extraTime: none,
  penalties: none,
  decidedBy: null,
  winner: null,
  ...overrides,
});

describe('matchResult: phase', () => {
  it('follows the clock of a live match', () => {
    const live = (minute: string | null, more: Partial<ResultInput> = {}) =>
      matchResult(m({ status: 'live', minute, ...more })).phase;
    expect(live('12')).toBe('first_half');
    expect(live('45+2')).toBe('first_half');
    expect(live('HT')).toBe('half_time');
    expect(live('46')).toBe('second_half');
    expect(live('90+4')).toBe('second_half');
    expect(live('97')).toBe('extra_time');
    expect(live('105', { decidedBy: 'extra_time' })).toBe('extra_time');
    expect(live('120', { decidedBy: 'penalties' })).toBe('penalties');
    expect(live('120', { penalties: { home: 2, away: 1 } })).toBe('penalties');
  });

  it('tells how a finished match was decided', () => {
    expect(matchResult(m({})).phase).toBe('finished');
    expect(
      matchResult(m({ extraTime: { home: 1, away: 0 }, score: { home: 2, away: 1 } })).phase,
    ).toBe('after_extra_time');
    expect(matchResult(m({ penalties: { home: 4, away: 3 } })).phase).toBe('after_penalties');
    expect(matchResult(m({ decidedBy: 'penalties', winner: 'away' })).phase).toBe(
      'after_penalties',
    );
    expect(matchResult(m({ decidedBy: 'awarded', score: { home: 3, away: 0 } })).phase).toBe(
      'awarded',
    );
  });

  it('names the statuses of matches not played as planned', () => {
    expect(matchResult(m({ status: 'scheduled', score: none })).phase).toBe('not_started');
    expect(matchResult(m({ status: 'postponed', score: none })).phase).toBe('postponed');
    expect(matchResult(m({ status: 'cancelled', score: none })).phase).toBe('cancelled');
    expect(matchResult(m({ status: 'abandoned' })).phase).toBe('abandoned');
    expect(matchResult(m({ status: 'suspended' })).phase).toBe('suspended');
  });
});

describe('matchResult: scores and winner', () => {
  it('a shoot-out: level score, the shoot-out winner wins (and goes through)', () => {
    const shootOut = m({
      score: { home: 1, away: 1 },
      extraTime: { home: 0, away: 0 },
      penalties: { home: 3, away: 4 },
    });
    expect(matchResult(shootOut)).toEqual({
      phase: 'after_penalties',
      regularTime: '1-1',
      extraTime: '0-0',
      penalties: '3-4',
      decidedBy: 'penalties',
      winner: 'away',
    });
    expect(advancing(shootOut)).toBe('away');
  });

  it('a shoot-out known by its winner only (no score): no penalties, the winner', () => {
    const result = matchResult(m({ decidedBy: 'penalties', winner: 'home' }));
    expect(result).toMatchObject({ penalties: null, regularTime: null, winner: 'home' });
  });

  it('extra time: regular time is the score less extra time goals', () => {
    const result = matchResult(m({ score: { home: 3, away: 2 }, extraTime: { home: 1, away: 0 } }));
    expect(result).toMatchObject({
      regularTime: '2-2',
      extraTime: '1-0',
      decidedBy: 'extra_time',
      winner: 'home',
    });
  });

  it('a match decided in 90 minutes says nothing beyond its score', () => {
    expect(matchResult(m({ score: { home: 0, away: 2 } }))).toEqual({
      phase: 'finished',
      regularTime: '0-2',
      extraTime: null,
      penalties: null,
      decidedBy: null,
      winner: 'away',
    });
    expect(matchResult(m({})).winner).toBe('draw');
    expect(advancing(m({}))).toBeNull();
  });

  it('an awarded match: the stated winner, else the awarded score', () => {
    expect(matchResult(m({ decidedBy: 'awarded', score: { home: 0, away: 3 } })).winner).toBe(
      'away',
    );
    expect(matchResult(m({ decidedBy: 'awarded', score: none, winner: 'home' })).winner).toBe(
      'home',
    );
  });

  it('no winner before the end', () => {
    expect(matchResult(m({ status: 'live', minute: '80' })).winner).toBeNull();
    expect(matchResult(m({ status: 'scheduled', score: none })).regularTime).toBeNull();
  });
});
