import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Real provider data lives beside the repository (../shared/data/real, each folder with its
 * README and licence) and is never copied into it: tests on it are skipped where it is absent.
 */
export const REAL_DATA_ROOT = resolve(process.cwd(), '../shared/data/real');

/** The folder under the real data, or undefined (with a warning naming what is skipped). */
function realFolder(name: string, skipped: string): string | undefined {
  const dir = resolve(REAL_DATA_ROOT, name);
  if (existsSync(dir)) {
    return dir;
  }
  console.warn(`${dir} is absent: the ${skipped} tests on real data are SKIPPED`);
  return undefined;
}

export const FOOTBALL_DATA_DIR = realFolder('football-data-odds', 'football-data.co.uk');
export const OPENFOOTBALL_DIR = realFolder('openfootball', 'openfootball');
export const NAME_ALIASES_DIR = realFolder('name-aliases', 'alias seed');

export interface SpotCheck {
  file: string;
  why: string;
  row: Record<string, string>;
}

/** football-data-odds/spot-checks.json: rows copied out of the CSVs as expectations. */
export function spotChecks(dir: string): SpotCheck[] {
  return JSON.parse(readFileSync(resolve(dir, 'spot-checks.json'), 'utf8')) as SpotCheck[];
}

/** Empty cell -> null, else the number. */
export const num = (value: string | undefined) =>
  value === undefined || value === '' ? null : Number(value);
