import { describe, expect, it } from 'vitest';
import { WEEK_MS, weekStartOf } from '../../../../src/ingest/demo/calendar/calendar.js';
import { FixtureFactory } from '../../../../src/ingest/demo/calendar/fixtures.js';
import { buildTeams } from '../../../../src/ingest/demo/calendar/teams.js';
import { DAY_MS, hkDayStart } from '../../../../src/ingest/demo/clock.js';

const YEAR_START = hkDayStart(Date.UTC(2026, 0, 1));

function fixturesPerHkDay(factory: FixtureFactory) {
  const perDay = new Map<number, { count: number; friendlies: number }>();
  const last = YEAR_START + 365 * DAY_MS;
  for (let w = weekStartOf(YEAR_START) - WEEK_MS; w < last + WEEK_MS; w += WEEK_MS) {
    for (const f of factory.week(w)) {
      const day = hkDayStart(f.kickoff);
      const seen = perDay.get(day) ?? { count: 0, friendlies: 0 };
      seen.count += 1;
      seen.friendlies += f.comp.kind === 'friendly' ? 1 : 0;
      perDay.set(day, seen);
    }
  }
  return perDay;
}

describe('the demo calendar', () => {
  it('has matches on every Hong Kong day of a year, friendlies only where nothing else plays', () => {
    const perDay = fixturesPerHkDay(new FixtureFactory(42, buildTeams()));
    let friendlyDays = 0;
    for (let day = YEAR_START; day < YEAR_START + 365 * DAY_MS; day += DAY_MS) {
      const seen = perDay.get(day);
      expect(seen?.count ?? 0, new Date(day).toISOString()).toBeGreaterThan(0);
      if (seen && seen.friendlies > 0) {
        friendlyDays += 1;
        expect(seen.friendlies).toBe(seen.count);
      }
    }
    // The leagues' and cups' calendar leaves about 70 days a year empty (summer, winter, midweek).
    expect(friendlyDays).toBeGreaterThan(30);
    expect(friendlyDays).toBeLessThan(120);
  });

  it('pairs clubs of two different leagues of one region, no club twice a day', () => {
    const factory = new FixtureFactory(7, buildTeams());
    const friendlies = [];
    for (let w = weekStartOf(YEAR_START); w < YEAR_START + 365 * DAY_MS; w += WEEK_MS) {
      friendlies.push(...factory.week(w).filter((f) => f.comp.kind === 'friendly'));
    }
    expect(friendlies.length).toBeGreaterThan(90);
    const clubsByDay = new Map<number, number[]>();
    for (const f of friendlies) {
      expect(f.home.league.id).not.toBe(f.away.league.id);
      expect(f.home.league.region).toBe(f.away.league.region);
      expect(f.round).toBe('Friendly');
      const clubs = clubsByDay.get(hkDayStart(f.kickoff)) ?? [];
      clubs.push(f.home.id, f.away.id);
      clubsByDay.set(hkDayStart(f.kickoff), clubs);
    }
    for (const clubs of clubsByDay.values()) {
      expect(new Set(clubs).size).toBe(clubs.length);
    }
  });

  it('is the same under the same seed', () => {
    const a = new FixtureFactory(42, buildTeams()).week(weekStartOf(Date.UTC(2026, 5, 18)));
    const b = new FixtureFactory(42, buildTeams()).week(weekStartOf(Date.UTC(2026, 5, 18)));
    expect(a.map((f) => [f.home.id, f.away.id, f.kickoff])).toEqual(
      b.map((f) => [f.home.id, f.away.id, f.kickoff]),
    );
  });
});
