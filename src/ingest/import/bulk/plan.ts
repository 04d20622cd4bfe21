import type { ImportFileName } from '../../format.js';
import { LINEUPS, type NestedFile, REGIONAL } from '../nested-specs.js';
import type { Column, Rec, TableSpec } from '../sql-types.js';
import { FLAT_FILES } from '../tables.js';
import { copyCell, NULL_CELL } from './copy-text.js';

/** One table as the bulk pass writes it: the columns COPY sends and the upserts to run. */
export interface BulkTable {
  table: string;
  /** The columns COPY writes, in order (also the staging table's columns). */
  columns: readonly Column[];
  /** The upserts from the staging table (exchange has two: with and without `receivedAt`). */
  specs: readonly TableSpec[];
  /**
   * Columns a spec sets to the import time (`touch`) and another takes from the record: a new
   * row without a value gets the import time, as the column default gives it on the JSON pass.
   */
  nowColumns: ReadonlySet<string>;
}

/** A file's tables: one, or a parent and its children (`array` names the children's field). */
interface BulkFile {
  file: ImportFileName;
  tables: readonly BulkTable[];
  nested?: { spec: NestedFile; array: string };
}

const NESTED: Partial<Record<ImportFileName, { spec: NestedFile; array: string }>> = {
  'lineups.ndjson': { spec: LINEUPS, array: 'players' },
  'regional.ndjson': { spec: REGIONAL, array: 'pools' },
};

function tableOf(specs: readonly TableSpec[]): BulkTable {
  const first = specs[0];
  if (!first) {
    throw new Error('no table spec');
  }
  const columns = new Map<string, Column>();
  for (const spec of specs) {
    for (const column of spec.columns) {
      if (!columns.has(column.name)) {
        columns.set(column.name, column);
      }
    }
  }
  const touched = specs.flatMap((s) => s.touch ?? []);
  return {
    table: first.table,
    columns: [...columns.values()],
    specs,
    nowColumns: new Set(touched.filter((c) => columns.has(c))),
  };
}

const plans = new Map<ImportFileName, BulkFile>();

export function bulkFile(file: ImportFileName): BulkFile {
  const cached = plans.get(file);
  if (cached) {
    return cached;
  }
  const nested = NESTED[file];
  const plan: BulkFile = nested
    ? { file, tables: [tableOf([nested.spec.parent]), tableOf([nested.spec.child])], nested }
    : { file, tables: [tableOf(FLAT_FILES[file as keyof typeof FLAT_FILES])] };
  plans.set(file, plan);
  return plan;
}

/** The distinct tables of some files, in load order. */
export function tablesOf(files: readonly ImportFileName[]): string[] {
  return [...new Set(files.flatMap((f) => bulkFile(f).tables.map((t) => t.table)))];
}

const PIECE_BYTES = 1 << 20;

/**
 * COPY text of one table, written as UTF-8 into buffers of about 1 MB: the text lives outside
 * the JavaScript heap, and each row string dies young (cheap to collect).
 */
class TableText {
  pieces: Buffer[] = [];
  #buffer = Buffer.allocUnsafe(PIECE_BYTES);
  #used = 0;
  rows = 0;
  bytes = 0;

  push(row: string): void {
    // A UTF-16 code unit is at most 3 bytes of UTF-8.
    if (this.#used + row.length * 3 > this.#buffer.length) {
      this.cut();
      if (row.length * 3 > this.#buffer.length) {
        this.#buffer = Buffer.allocUnsafe(row.length * 3);
      }
    }
    const written = this.#buffer.write(row, this.#used, 'utf8');
    this.#used += written;
    this.bytes += written;
    this.rows += 1;
  }

  cut(): void {
    if (this.#used > 0) {
      this.pieces.push(this.#buffer.subarray(0, this.#used));
      this.#buffer = Buffer.allocUnsafe(PIECE_BYTES);
      this.#used = 0;
    }
  }
}

/** The COPY text of a batch of records: per table of the file, pieces of rows. */
export interface EncodedBatch {
  file: ImportFileName;
  records: number;
  tables: { table: BulkTable; pieces: Buffer[]; rows: number }[];
  /** Bytes of COPY text. */
  bytes: number;
}

type CellOf = (x: Rec, element?: Rec, index?: number) => string;

/**
 * Turns records into COPY rows of the file's tables. `now` (the import transaction's
 * timestamp) fills the `nowColumns` of rows that are inserted directly; without it they stay
 * NULL for the staging table's upserts to decide.
 */
export class RowEncoder {
  readonly plan: BulkFile;
  readonly #cells: CellOf[][];
  #texts: TableText[];
  #records = 0;

  constructor(file: ImportFileName, now: string | null) {
    this.plan = bulkFile(file);
    this.#cells = this.plan.tables.map((t) =>
      t.columns.map((c): CellOf => {
        if (now !== null && t.nowColumns.has(c.name)) {
          return (x, v, i) => {
            const cell = copyCell(c.value(x, v, i));
            return cell === NULL_CELL ? now : cell;
          };
        }
        return (x, v, i) => copyCell(c.value(x, v, i));
      }),
    );
    this.#texts = this.plan.tables.map(() => new TableText());
  }

  get records(): number {
    return this.#records;
  }

  /** Bytes of COPY text so far. */
  get bytes(): number {
    let bytes = 0;
    for (const t of this.#texts) {
      bytes += t.bytes;
    }
    return bytes;
  }

  add(record: Rec): void {
    const [parentCells, childCells] = this.#cells;
    const [parentText, childText] = this.#texts;
    if (!parentCells || !parentText) {
      throw new Error('no table');
    }
    this.#row(parentText, parentCells, record);
    const nested = this.plan.nested;
    if (nested && childCells && childText) {
      const elements = record[nested.array] as readonly Rec[];
      for (let i = 0; i < elements.length; i += 1) {
        this.#row(childText, childCells, record, elements[i], i);
      }
    }
    this.#records += 1;
  }

  #row(text: TableText, cells: CellOf[], x: Rec, element?: Rec, index?: number): void {
    let row = '';
    for (let c = 0; c < cells.length; c += 1) {
      row += (c === 0 ? '' : '\t') + (cells[c] as CellOf)(x, element, index);
    }
    row += '\n';
    text.push(row);
  }

  /** The batch so far; the encoder starts over empty. */
  take(): EncodedBatch {
    const batch: EncodedBatch = {
      file: this.plan.file,
      records: this.#records,
      bytes: this.bytes,
      tables: this.plan.tables.map((table, i) => {
        const text = this.#texts[i] as TableText;
        text.cut();
        return { table, pieces: text.pieces, rows: text.rows };
      }),
    };
    this.#texts = this.plan.tables.map(() => new TableText());
    this.#records = 0;
    return batch;
  }
}
