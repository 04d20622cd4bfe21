import type { ImportFileName } from '../format.js';
import { ImportValidationError } from './errors.js';
import type { SqlReader } from './reader.js';
import { UNIQUE_FIELDS } from './rules.js';

interface Seen {
  id: number;
  line: number;
}

/**
 * Secondary unique columns (bookmaker `name`, competition `code`): the files that have one are
 * small reference lists, so a plain map is fine.
 */
export class UniqueTracker {
  readonly file: ImportFileName;
  readonly values = new Map<string, Seen>();

  constructor(file: ImportFileName) {
    this.file = file;
  }

  add(record: unknown, line: number): void {
    const spec = UNIQUE_FIELDS[this.file];
    if (!spec) {
      return;
    }
    const { id, [spec.field]: value } = record as { id: number } & Record<string, string>;
    if (value === undefined) {
      return;
    }
    const seen = this.values.get(value);
    if (seen) {
      throw new ImportValidationError(
        { file: this.file, line, field: `/${spec.field}` },
        `${JSON.stringify(value)} is already used by id ${seen.id} on line ${seen.line}`,
      );
    }
    this.values.set(value, { id, line });
  }
}

/** A value already held in the database by a different id would break the unique index. */
export async function checkUniqueFields(db: SqlReader, tracker: UniqueTracker): Promise<void> {
  const spec = UNIQUE_FIELDS[tracker.file];
  if (!spec || tracker.values.size === 0) {
    return;
  }
  const rows = await db.$queryRawUnsafe<{ id: number; value: string }[]>(
    `SELECT id, "${spec.column}" AS value FROM "${spec.table}"`,
  );
  for (const row of rows) {
    const seen = tracker.values.get(row.value);
    if (seen && seen.id !== row.id) {
      throw new ImportValidationError(
        { file: tracker.file, line: seen.line, field: `/${spec.field}` },
        `${JSON.stringify(row.value)} belongs to id ${row.id} in the database`,
      );
    }
  }
}
