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
