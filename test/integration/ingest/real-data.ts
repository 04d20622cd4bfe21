import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The real provider data lives outside the repository and is never copied into it. */
export const REAL_DATA_DIR = resolve(process.cwd(), '../shared/data/real/football-data-odds');
export const HAS_REAL_DATA = existsSync(REAL_DATA_DIR);

if (!HAS_REAL_DATA) {
  console.warn(`${REAL_DATA_DIR} is absent: the football-data.co.uk tests are SKIPPED`);
}

export interface SpotCheck {
  file: string;
  why: string;
  row: Record<string, string>;
}

export function spotChecks(): SpotCheck[] {
  return JSON.parse(
    readFileSync(resolve(REAL_DATA_DIR, 'spot-checks.json'), 'utf8'),
  ) as SpotCheck[];
}

/** Empty cell -> null, else the number. */
export const num = (value: string | undefined) =>
  value === undefined || value === '' ? null : Number(value);
