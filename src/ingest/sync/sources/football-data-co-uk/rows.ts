import type { Row } from './csv.js';
import { ukLocalToUtc } from './uk-time.js';

/**
 * A count, or null when the cell is empty (not reported), or undefined when the file has no
 * such column (this file does not say).
 */
export function count(row: Row, column: string): number | null | undefined {
  const cell = row[column];
  if (cell === undefined) {
    return undefined;
  }
  const text = cell.trim();
  const value = Number(text);
  return text !== '' && Number.isInteger(value) && value >= 0 && value <= 1000 ? value : null;
}

/** What identifies and dates one row; `season` is undefined in season files (see fixtures.ts). */
export interface RowHead {
  competition: string;
  season: string | undefined;
  home: string;
  away: string;
  kickoffUtc: string;
  homeGoals: number | null;
  awayGoals: number | null;
}

/**
 * Season files (and fixtures.csv) have `Div`, `HomeTeam`, `FTHG`; the all-seasons files
 * `Country`, `League`, `Season`, `Home`, `HG`. Names are trimmed: JPN.csv writes " J1 League"
 * for 2012 to mid-2019 and "J1 League" afterwards, one league.
 */
export function readHead(row: Row): RowHead {
  const seasonFile = row['Div'] !== undefined;
  const cell = (column: string) => (row[column] ?? '').trim();
  return {
    competition: seasonFile ? cell('Div') : `${cell('Country')}|${cell('League')}`,
    season: seasonFile ? undefined : seasonLabel(cell('Season')),
    home: cell(seasonFile ? 'HomeTeam' : 'Home'),
    away: cell(seasonFile ? 'AwayTeam' : 'Away'),
    // A row without a time (older season files) is read as 15:00 UK time.
    kickoffUtc: ukLocalToUtc(cell('Date'), cell('Time') || '15:00'),
    homeGoals: count(row, seasonFile ? 'FTHG' : 'HG') ?? null,
    awayGoals: count(row, seasonFile ? 'FTAG' : 'AG') ?? null,
  };
}

/** `2012` stays; `2012/2013` (split-year leagues of the all-seasons files) becomes `2012-13`. */
function seasonLabel(text: string): string {
  const split = /^(\d{4})\/\d{2}(\d{2})$/.exec(text);
  return split ? `${split[1]}-${split[2]}` : text;
}

/** European season label `2024-25` of a kick-off: a season starts in July. */
export function seasonOfKickoff(kickoffUtc: string): string {
  const date = new Date(kickoffUtc);
  const start = date.getUTCMonth() >= 6 ? date.getUTCFullYear() : date.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
