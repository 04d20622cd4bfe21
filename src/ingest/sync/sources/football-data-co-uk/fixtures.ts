import type { Row } from './csv.js';
import { type RowHead, readHead, seasonOfKickoff } from './rows.js';

/** One row with its season and source id. */
export interface FixtureRow extends RowHead {
  season: string;
  sourceId: string;
  row: Row;
}

/**
 * The rows of one file, identified. A match's source id is `competition|season|home|away`, no
 * date, so a re-dated fixture keeps it; where a pair meets more than once in a season (J1 2015's
 * championship stage, CSL 2020), the second meeting in file order gets `|2`, the third `|3`.
 *
 * A season file holds one season but does not name it: the season of its earliest kick-off
 * (July starts a season) is every row's, so a season that ran into a second summer (2019-20
 * ended in August 2020) stays one season. The all-seasons files name each row's season.
 */
export function identifyRows(rows: readonly Row[]): FixtureRow[] {
  const heads = rows.map(readHead);
  const earliest = heads.map((h) => h.kickoffUtc).sort()[0];
  const fileSeason = earliest === undefined ? '' : seasonOfKickoff(earliest);
  const meetings = new Map<string, number>();
  return heads.map((head, index) => {
    const season = head.season ?? fileSeason;
    const key = [head.competition, season, head.home, head.away].join('|');
    const meeting = (meetings.get(key) ?? 0) + 1;
    meetings.set(key, meeting);
    const sourceId = meeting === 1 ? key : `${key}|${meeting}`;
    return { ...head, season, sourceId, row: rows[index] ?? {} };
  });
}

const scored = (r: FixtureRow) => r.homeGoals !== null && r.awayGoals !== null;

/**
 * One row per match over several files (read in path order): a row with a score wins over one
 * without (a stale fixtures.csv beside the season file never un-finishes a match), otherwise the
 * later file's row wins. The order is each match's first appearance.
 */
export function mergeFiles(files: readonly (readonly FixtureRow[])[]): FixtureRow[] {
  const byId = new Map<string, FixtureRow>();
  for (const rows of files) {
    for (const row of rows) {
      const known = byId.get(row.sourceId);
      if (!known || scored(row) || !scored(known)) {
        byId.set(row.sourceId, row);
      }
    }
  }
  return [...byId.values()];
}
