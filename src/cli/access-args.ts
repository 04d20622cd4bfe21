import { TIER_NAMES, type TierName } from '../accounts/tiers.js';
import { UsageError } from './output.js';

/**
 * Argument checks of the management commands. They run inside the command (not as commander
 * parsers), so a bad value is one line on stderr and, with --json, a problem object on stdout.
 */
const INT32_MAX = 2_147_483_647;

export function parseId(name: string, value: string | undefined): number {
  if (value === undefined) {
    throw new UsageError(`${name} is required`);
  }
  if (!/^[0-9]{1,10}$/.test(value) || Number(value) < 1 || Number(value) > INT32_MAX) {
    throw new UsageError(`${name} must be a positive whole number, got '${value}'`);
  }
  return Number(value);
}

/** A whole number from 1 to `max` (`--days`). */
export function parseCount(
  name: string,
  value: string | undefined,
  max: number,
): number | undefined {
  if (value === undefined) {
    return undefined;
  }
  if (!/^[0-9]{1,6}$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw new UsageError(`${name} must be a whole number from 1 to ${max}, got '${value}'`);
  }
  return Number(value);
}

export function parseTier(value: string | undefined): TierName {
  if (value === undefined) {
    throw new UsageError(`--tier is required (${TIER_NAMES.join(', ')})`);
  }
  const tier = TIER_NAMES.find((t) => t.toLowerCase() === value.toLowerCase());
  if (!tier) {
    throw new UsageError(`--tier must be one of ${TIER_NAMES.join(', ')}, got '${value}'`);
  }
  return tier;
}

export function parseDate(name: string, value: string | undefined): string | undefined {
  if (value === undefined) {
    return undefined;
  }
  const date = new Date(`${value}T00:00:00Z`);
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(value) ||
    Number.isNaN(date.getTime()) ||
    date.toISOString().slice(0, 10) !== value
  ) {
    throw new UsageError(`${name} must be a date YYYY-MM-DD, got '${value}'`);
  }
  return value;
}

export function parsePrice(name: string, value: string | undefined): number | undefined {
  if (value === undefined) {
    return undefined;
  }
  if (!/^[0-9]{1,10}(\.[0-9]{1,2})?$/.test(value) || Number(value) <= 0) {
    throw new UsageError(
      `${name} must be a positive amount with at most two decimals (e.g. 168 or 168.50), got '${value}'`,
    );
  }
  return Number(value);
}

export function requireText(name: string, value: string | undefined): string {
  if (value === undefined || value.trim() === '') {
    throw new UsageError(`${name} is required`);
  }
  return value.trim();
}
