import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../../src/ingest/demo/calendar/schedule.js';

/**
 * docs/scale.md's stores: more matches than one round a week holds between 1800 (the oldest
 * kick-off the import takes) and today still fit, with midweek rounds in the oldest seasons.
 */
describe('demo schedule beyond the weekly calendar', () => {
  const now = Date.UTC(2026, 11, 1, 12);
  const year = (ms: number) => new Date(ms).getUTCFullYear();
  const perYear = (matches: { kickoff: number }[], from: number, to: number) =>
    matches.filter((m) => year(m.kickoff) >= from && year(m.kickoff) <= to).length;

  it('650,000 matches, none before 1800; midweek rounds in the oldest years only', () => {
    const { matches } = buildSchedule(1, 650_000, now);
    expect(matches).toHaveLength(650_000);
    expect(year(matches[0]?.kickoff ?? 0)).toBe(1800);
    const weekly = buildSchedule(1, 400_000, now).matches;
    // The same recent decades as a demo that needs no midweek round.
    expect(perYear(matches, 1990, 2020)).toBe(perYear(weekly, 1990, 2020));
    // The first years play midweek too (as many as needed: about 60,000 here).
    expect(perYear(matches, 1801, 1805)).toBeGreaterThan(1.1 * perYear(matches, 1990, 1994));
  }, 60_000);
});
