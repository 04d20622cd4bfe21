import { InvalidArgumentError } from 'commander';

/** A commander parser for a whole number in [1, max]; commander prints the one-line reason. */
export function positiveInt(name: string, max = 10_000_000) {
  return (value: string): number => {
    if (!/^[0-9]+$/.test(value)) {
      throw new InvalidArgumentError(`--${name} must be a whole number, got '${value}'`);
    }
    const parsed = Number(value);
    if (parsed < 1 || parsed > max) {
      throw new InvalidArgumentError(`--${name} must be between 1 and ${max}, got ${value}`);
    }
    return parsed;
  };
}

/** A commander parser for a number above 0 (`--speed 60`, `--speed 0.5`). */
export function positiveNumber(name: string, max = 1_000_000) {
  return (value: string): number => {
    const parsed = /^[0-9]+(\.[0-9]+)?$/.test(value) ? Number(value) : Number.NaN;
    if (!(parsed > 0 && parsed <= max)) {
      throw new InvalidArgumentError(
        `--${name} must be a number above 0 and at most ${max}, got '${value}'`,
      );
    }
    return parsed;
  };
}

/** A commander parser for an ISO 8601 date-time with its zone (`2026-11-25T19:00:00Z`); ms since the epoch. */
export function dateTime(name: string) {
  return (value: string): number => {
    const parsed = Date.parse(value);
    if (!/T.*(Z|[+-][0-9]{2}:?[0-9]{2})$/i.test(value) || Number.isNaN(parsed)) {
      throw new InvalidArgumentError(
        `--${name} must be a date-time with a zone, e.g. 2026-11-25T19:00:00Z, got '${value}'`,
      );
    }
    return parsed;
  };
}

/** A commander parser for a calendar date, YYYY-MM-DD. */
export function calendarDate(name: string) {
  return (value: string): string => {
    if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
      throw new InvalidArgumentError(`--${name} must be a date, YYYY-MM-DD, got '${value}'`);
    }
    return value;
  };
}
