import { describe, expect, it } from 'vitest';
import { computeH2h } from '../../../src/football/h2h-compute.js';
import { dayWindow, todayIn } from '../../../src/football/match-day.js';
import { parseListQuery } from '../../../src/football/match-query.js';
import type { MatchRecord } from '../../../src/football/match-record.js';

const NOW = new Date('2026-11-22T16:30:00Z');

describe('match list parameters (DECISIONS.md "Matches")', () => {
  it('defaults: today in Hong Kong, page 1, 25 per page, no filters', () => {
    expect(parseListQuery({}, NOW)).toEqual({ date: '2026-11-23', tz: 480, page: 1, pageSize: 25 });
  });

  it('today follows tz; pageSize is capped at 100; lists are trimmed and deduplicated', () => {
    expect(
      parseListQuery(
        {
          tz: -300,
          pageSize: 500,
          page: 2,
          league: ' Premier League,,laliga ',
          status: 'live, finished,live',
        },
        NOW,
      ),
    ).toEqual({
      date: '2026-11-22',
      tz: -300,
      page: 2,
      pageSize: 100,
      leagues: ['Premier League', 'laliga'],
      statuses: ['live', 'finished'],
    });
  });

  it('an impossible calendar date is 400 naming date', () => {
    expect(() => parseListQuery({ date: '2026-02-30' }, NOW)).toThrow(
      expect.objectContaining({ code: 'invalid_parameter', extras: { parameter: 'date' } }),
    );
  });

  it('the day is [00:00, 24:00) local to tz, in UTC', () => {
    expect(dayWindow('2026-11-23', 480)).toEqual({
      from: new Date('2026-11-22T16:00:00Z'),
      to: new Date('2026-11-23T16:00:00Z'),
    });
    expect(dayWindow('2026-11-23', -720).from).toEqual(new Date('2026-11-23T12:00:00Z'));
    expect(dayWindow('2026-11-23', 840).from).toEqual(new Date('2026-11-22T10:00:00Z'));
    expect(todayIn(480, new Date('2026-11-22T15:59:59Z'))).toBe('2026-11-22');
    expect(todayIn(480, new Date('2026-11-22T16:00:00Z'))).toBe('2026-11-23');
  });
});

describe('computeH2h', () => {
  const team = (id: number) => ({
    id,
    names: { en: `T${id}`, 'zh-CN': null, 'zh-HK': null },
    nameOriginal: `T${id}`,
  });
  let id = 0;
  const m = (
    home: number,
    away: number,
    day: number,
    score: [number, number] | null,
  ): MatchRecord => ({
    id: ++id,
    competition: { id: 1, names: { en: 'L', 'zh-CN': null, 'zh-HK': null }, nameOriginal: null },
    home: team(home),
    away: team(away),
    status: 'finished',
    minute: null,
    kickoffUtc: new Date(Date.UTC(2026, 0, day)),
    round: null,
    venue: null,
    score: { home: score?.[0] ?? null, away: score?.[1] ?? null },
    halfTime: { home: null, away: null },
    extraTime: { home: null, away: null },
    penalties: { home: null, away: null },
    decidedBy: null,
    winner: null,
    corners: { home: null, away: null },
    cards: { home: { yellow: null, red: null }, away: { yellow: null, red: null } },
  });

  it('summary from the target home side, latest first; unscored matches are skipped', () => {
    const target = m(1, 2, 30, null);
    const meetings = [
      m(1, 2, 1, [1, 0]),
      m(2, 1, 5, [2, 2]),
      m(2, 1, 9, [3, 1]),
      m(1, 2, 10, null),
    ];
    const h2h = computeH2h(target, { meetings, homeForm: [], awayForm: [] });
    expect(h2h.summary).toEqual({
      played: 3,
      homeWins: 1,
      draws: 1,
      awayWins: 1,
      homeGoals: 4,
      awayGoals: 5,
    });
    expect(h2h.meetings.map((x) => [x.match.kickoffUtc.getUTCDate(), x.result])).toEqual([
      [9, 'L'],
      [5, 'D'],
      [1, 'W'],
    ]);
  });

  it('a shoot-out is a draw in the summary, the meetings and the form (issue 49)', () => {
    const target = m(1, 2, 30, null);
    // Team 2 went through on penalties after 1-1 (and 2-2 after extra time in the other).
    const shootOut = {
      ...m(1, 2, 20, [1, 1]),
      penalties: { home: 3, away: 4 },
      decidedBy: 'penalties' as const,
    };
    const afterExtraTime = {
      ...m(2, 1, 25, [2, 2]),
      extraTime: { home: 1, away: 1 },
      decidedBy: 'penalties' as const,
      winner: 'home' as const,
    };
    const meetings = [shootOut, afterExtraTime];
    const h2h = computeH2h(target, { meetings, homeForm: meetings, awayForm: meetings });
    expect(h2h.summary).toMatchObject({ played: 2, homeWins: 0, draws: 2, awayWins: 0 });
    expect(h2h.meetings.map((x) => x.result)).toEqual(['D', 'D']);
    expect(h2h.form.home.map((f) => f.result)).toEqual(['D', 'D']);
    expect(h2h.form.away.map((f) => f.result)).toEqual(['D', 'D']);
  });

  it('form keeps the five latest results of the team, with its venue', () => {
    const target = m(1, 2, 30, null);
    const homeForm = [1, 2, 3, 4, 5, 6].map((d) => m(d % 2 ? 1 : 3, d % 2 ? 3 : 1, d, [d, 3]));
    const { form } = computeH2h(target, { meetings: [], homeForm, awayForm: [] });
    expect(form.home.map((f) => [f.match.kickoffUtc.getUTCDate(), f.venue, f.result])).toEqual([
      [6, 'away', 'L'],
      [5, 'home', 'W'],
      [4, 'away', 'L'],
      [3, 'home', 'D'],
      [2, 'away', 'W'],
    ]);
    expect(form.away).toEqual([]);
  });
});
