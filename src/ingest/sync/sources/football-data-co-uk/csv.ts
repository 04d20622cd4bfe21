import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { Compile } from 'typebox/compile';
import { SourceRefusal } from '../../adapter.js';
import { FootballDataRow, refuseRow } from './schemas.js';

export type Row = Readonly<Record<string, string>>;

export const SOURCE = 'football-data-co-uk';

const check = Compile(FootballDataRow);

const blank = (row: Row) => Object.values(row).every((cell) => cell.trim() === '');

/**
 * The rows of one football-data.co.uk CSV, each checked (schemas.ts); rows with every cell empty
 * (some files end with a line of commas) are skipped. A file that does not parse, or a row that
 * breaks the shape, refuses the whole file: nothing of it is used.
 */
export async function readRows(path: string): Promise<Row[]> {
  const refuse = (reason: string) => new SourceRefusal(SOURCE, 'matches', path, reason);
  let rows: Row[];
  try {
    rows = parse(await readFile(path), {
      columns: true,
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as Row[];
  } catch (error) {
    throw refuse(`not a readable CSV: ${(error as Error).message}`);
  }
  rows.forEach((row, index) => {
    const line = `row ${index + 1}`;
    if (blank(row)) {
      return;
    }
    if (!check.Check(row)) {
      const first = [...check.Errors(row)][0];
      throw refuse(`${line}: ${first?.instancePath ?? ''} ${first?.message ?? 'unexpected shape'}`);
    }
    const reason = refuseRow(row);
    if (reason) {
      throw refuse(`${line}: ${reason}`);
    }
  });
  return rows.filter((row) => !blank(row));
}
