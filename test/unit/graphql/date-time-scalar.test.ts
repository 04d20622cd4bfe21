import { describe, expect, it } from 'vitest';
import { DateTimeScalar } from '../../../src/graphql/schema/date-time-scalar.js';

describe('DateTime scalar', () => {
  it('sends a valid Date as its toISOString, so the answer holds no Date to convert', () => {
    const kickoff = new Date('2026-04-18T07:30:00.000Z');
    const sent = DateTimeScalar.serialize(kickoff);
    expect(sent).toBe('2026-04-18T07:30:00.000Z');
    expect(JSON.stringify({ sent })).toBe(JSON.stringify({ sent: kickoff }));
  });

  it('sends a string already in toISOString form as it is', () => {
    expect(DateTimeScalar.serialize('2026-11-14T12:00:00.000Z')).toBe('2026-11-14T12:00:00.000Z');
  });

  it('leaves anything else to the stock scalar, errors included', () => {
    expect(() => DateTimeScalar.serialize(new Date(Number.NaN))).toThrow(/invalid Date/);
    expect(() => DateTimeScalar.serialize('yesterday')).toThrow(/invalid date-time-string/);
    const offset = DateTimeScalar.serialize('2026-11-14T20:00:00+08:00');
    expect(JSON.stringify(offset)).toBe('"2026-11-14T12:00:00.000Z"');
  });
});
