import { expect, it } from 'vitest';
import { ukLocalToUtc } from '../../../src/ingest/sources/uk-time.js';

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
});
