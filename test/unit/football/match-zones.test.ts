import { describe, expect, it } from 'vitest';
import { tags } from '../../../src/changes/change-summary.js';
import {
  canonicalZone,
  daysBetween,
  dayWindow,
  rangeWindow,
  todayIn,
} from '../../../src/football/match-day.js';
import { parseListQuery, parseTimeZone } from '../../../src/football/match-query.js';

const HOUR = 3_600_000;
const hours = (w: { from: Date; to: Date }) => (w.to.getTime() - w.from.getTime()) / HOUR;
const iso = (w: { from: Date; to: Date }) => [w.from.toISOString(), w.to.toISOString()];
const NOW = new Date('2026-03-29T00:30:00Z');

/** Issue 49: `tz` names an IANA zone as well as minutes; its days follow its DST changes. */
describe('days in a named zone', () => {
  it('Europe/London: the spring-forward day has 23 hours, the autumn day 25', () => {
    // 2026: BST from 29 March 01:00 UTC to 25 October 01:00 UTC.
    expect(iso(dayWindow('2026-03-29', 'Europe/London'))).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T23:00:00.000Z',
    ]);
    expect(hours(dayWindow('2026-03-29', 'Europe/London'))).toBe(23);
    expect(hours(dayWindow('2026-10-25', 'Europe/London'))).toBe(25);
    expect(iso(dayWindow('2026-10-25', 'Europe/London'))).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-26T00:00:00.000Z',
    ]);
    expect(hours(dayWindow('2026-07-01', 'Europe/London'))).toBe(24);
    expect(iso(dayWindow('2026-07-01', 'Europe/London'))[0]).toBe('2026-06-30T23:00:00.000Z');
  });

  it('Asia/Hong_Kong is UTC+8 all year: the same window as tz=480', () => {
    for (const date of ['2026-03-29', '2026-10-25', '2024-02-29']) {
      expect(dayWindow(date, 'Asia/Hong_Kong')).toEqual(dayWindow(date, 480));
    }
    expect(iso(dayWindow('2026-11-24', 'Asia/Hong_Kong'))).toEqual([
      '2026-11-23T16:00:00.000Z',
      '2026-11-24T16:00:00.000Z',
    ]);
  });

  it('a range runs from the first 00:00 to the 00:00 after its last day, DST inside', () => {
    const march = rangeWindow('2026-03-01', '2026-03-31', 'Europe/London');
    expect(iso(march)).toEqual(['2026-03-01T00:00:00.000Z', '2026-03-31T23:00:00.000Z']);
    expect(hours(march)).toBe(31 * 24 - 1);
    expect(rangeWindow('2026-12-31', '2027-01-01', 480).to.toISOString()).toBe(
      '2027-01-01T16:00:00.000Z',
    );
    expect(daysBetween('2026-01-01', '2026-01-31')).toBe(31);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(3);
    expect(daysBetween('2026-01-02', '2026-01-01')).toBe(0);
  });

  it('today in a zone: London has not reached the day Hong Kong is in', () => {
    const late = new Date('2026-11-22T23:30:00Z');
    expect(todayIn('Europe/London', late)).toBe('2026-11-22');
    expect(todayIn('Asia/Hong_Kong', late)).toBe('2026-11-23');
    expect(todayIn('Europe/London', new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
  });

  it('zone names are canonical; minutes and names parse, anything else is 400 naming tz', () => {
    expect(canonicalZone('asia/hong_kong')).toBe('Asia/Hong_Kong');
    expect(canonicalZone('Mars/Olympus')).toBeNull();
    expect(canonicalZone('+08:00')).toBeNull();
    expect(parseTimeZone(undefined)).toBe(480);
    expect(parseTimeZone('-300')).toBe(-300);
    expect(parseTimeZone('europe/london')).toBe('Europe/London');
    for (const bad of ['Mars/Olympus', '900', 'Hong Kong']) {
      expect(() => parseTimeZone(bad)).toThrowError(
        expect.objectContaining({ code: 'invalid_parameter', extras: { parameter: 'tz' } }),
      );
    }
  });

  it('a range window is tagged with every UTC date it overlaps', () => {
    const w = rangeWindow('2026-03-01', '2026-03-31', 'Europe/London');
    const t = tags.window(w.from, w.to);
    expect(t).toHaveLength(31);
    expect(t[0]).toBe('d:2026-03-01');
    expect(t.at(-1)).toBe('d:2026-03-31');
    const hk = dayWindow('2026-11-24', 480);
    expect(tags.window(hk.from, hk.to)).toEqual(['d:2026-11-23', 'd:2026-11-24']);
  });
});

describe('match list ranges (issue 49)', () => {
  it('from..to replaces date; the query names its first day and its last', () => {
    expect(
      parseListQuery({ from: '2026-03-01', to: '2026-03-31', tz: 'Europe/London' }, NOW),
    ).toEqual({
      date: '2026-03-01',
      to: '2026-03-31',
      tz: 'Europe/London',
      strict: true,
      page: 1,
      pageSize: 25,
    });
    expect(parseListQuery({ tz: 'Europe/London' }, NOW).date).toBe('2026-03-29');
    expect(parseListQuery({ teamId: 7 }, NOW)).toMatchObject({ teamId: 7, strict: true });
  });

  it.each([
    [{ from: '2026-03-01' }, 'to'],
    [{ to: '2026-03-01' }, 'from'],
    [{ from: '2026-03-02', to: '2026-03-01' }, 'to'],
    [{ from: '2026-03-01', to: '2026-04-01' }, 'to'],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'from'],
    [{ date: '2026-03-01', from: '2026-03-01', to: '2026-03-02' }, 'date'],
    [{ tz: 'Atlantis/Capital' }, 'tz'],
  ])('%o is 400 naming %s', (query, parameter) => {
    expect(() => parseListQuery(query, NOW)).toThrowError(
      expect.objectContaining({ code: 'invalid_parameter', extras: { parameter } }),
    );
  });
});
