import { describe, expect, it } from 'vitest';
import {
  hkDay,
  hkDayNumber,
  hkDayOfNumber,
  hkDayStart,
  nextHkMidnight,
  secondsToHkMidnight,
  secondsToMinuteEnd,
} from '../../../src/counters/windows.js';

describe('Hong Kong day (spec 8.2: resets 00:00 HKT = 16:00 UTC)', () => {
  it('changes date at 16:00 UTC, not at UTC midnight', () => {
    expect(hkDay(new Date('2026-11-22T15:59:59.999Z'))).toBe('2026-11-22');
    expect(hkDay(new Date('2026-11-22T16:00:00.000Z'))).toBe('2026-11-23');
    expect(hkDay(new Date('2026-11-22T00:30:00Z'))).toBe('2026-11-22');
    expect(hkDay(new Date('2026-11-21T23:59:00Z'))).toBe('2026-11-22');
  });

  it('counts seconds to the next 16:00 UTC', () => {
    expect(nextHkMidnight(new Date('2026-11-22T15:00:00Z')).toISOString()).toBe(
      '2026-11-22T16:00:00.000Z',
    );
    expect(nextHkMidnight(new Date('2026-11-22T16:00:00Z')).toISOString()).toBe(
      '2026-11-23T16:00:00.000Z',
    );
    expect(secondsToHkMidnight(new Date('2026-11-22T15:59:30Z'))).toBe(30);
    expect(secondsToHkMidnight(new Date('2026-11-22T15:59:59.500Z'))).toBe(1);
    expect(secondsToHkMidnight(new Date('2026-11-22T16:00:00Z'))).toBe(86400);
  });

  it('starts the day at 16:00 UTC of the UTC day before; day numbers name dates', () => {
    expect(hkDayStart(new Date('2026-11-22T15:59:59.999Z')).toISOString()).toBe(
      '2026-11-21T16:00:00.000Z',
    );
    expect(hkDayStart(new Date('2026-11-22T16:00:00.000Z')).toISOString()).toBe(
      '2026-11-22T16:00:00.000Z',
    );
    const today = hkDayNumber(new Date('2026-11-22T17:00:00Z'));
    expect([hkDayOfNumber(today), hkDayOfNumber(today - 29)]).toEqual(['2026-11-23', '2026-10-25']);
  });
});

describe('calendar minute', () => {
  it('resets at the end of the minute', () => {
    expect(secondsToMinuteEnd(new Date('2026-11-22T10:00:00Z'))).toBe(60);
    expect(secondsToMinuteEnd(new Date('2026-11-22T10:00:59.200Z'))).toBe(1);
    expect(secondsToMinuteEnd(new Date('2026-11-22T10:00:15Z'))).toBe(45);
  });
});
