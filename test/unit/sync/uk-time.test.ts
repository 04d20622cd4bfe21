import { expect, it } from 'vitest';
import { wallClockToUtc } from '../../../src/football/local-time.js';
import { ukLocalToUtc } from '../../../src/ingest/sync/sources/football-data-co-uk/uk-time.js';

it('converts UK local time to UTC across daylight saving time', () => {
  expect(ukLocalToUtc('16/08/2024', '20:00')).toBe('2024-08-16T19:00:00.000Z');
  expect(ukLocalToUtc('04/01/2025', '15:00')).toBe('2025-01-04T15:00:00.000Z');
  // Last Sunday of March 2025: clocks go forward at 01:00 UTC.
  expect(ukLocalToUtc('30/03/2025', '00:30')).toBe('2025-03-30T00:30:00.000Z');
  expect(ukLocalToUtc('30/03/2025', '14:00')).toBe('2025-03-30T13:00:00.000Z');
  // Last Sunday of October 2024: back at 01:00 UTC.
  expect(ukLocalToUtc('27/10/2024', '14:00')).toBe('2024-10-27T14:00:00.000Z');
  expect(ukLocalToUtc('26/10/2024', '17:30')).toBe('2024-10-26T16:30:00.000Z');
  expect(ukLocalToUtc('05/03/21', '20:00')).toBe('2021-03-05T20:00:00.000Z');
  expect(() => ukLocalToUtc('2025-03-05', '20:00')).toThrow(/unreadable/);
});

it('converts a wall clock in any zone, with or without daylight saving time', () => {
  const at = (hour: number, minute = 0) => ({ year: 2025, month: 3, day: 30, hour, minute });
  expect(wallClockToUtc(at(19), 'Asia/Tokyo')).toBe('2025-03-30T10:00:00.000Z');
  expect(wallClockToUtc(at(19, 35), 'Asia/Shanghai')).toBe('2025-03-30T11:35:00.000Z');
  // Central Europe springs forward at 01:00 UTC on 30 March 2025.
  expect(wallClockToUtc(at(1), 'Europe/Madrid')).toBe('2025-03-30T00:00:00.000Z');
  expect(wallClockToUtc(at(21), 'Europe/Madrid')).toBe('2025-03-30T19:00:00.000Z');
  // In the gap (02:30 does not exist): read with the offset before the change.
  expect(wallClockToUtc(at(2, 30), 'Europe/Paris')).toBe('2025-03-30T01:30:00.000Z');
});
