import { ImportValidationError } from './errors.js';
import type { SqlReader } from './reader.js';
import { PARENT_TABLES, type Parent, type Reference } from './rules.js';

interface Pending extends Reference {
  line: number;
  /** The file of the reference, when one tracker serves several files at once. */
  file?: string | undefined;
}

/**
 * Tracks the parent ids an import defines and the references its records make. A reference
 * to an id that the import does not define is remembered (first occurrence only) and looked
 * up in the database when the file ends.
 */
export class ReferenceTracker {
  private readonly defined: Record<Parent, Set<number>> = {
    competition: new Set(),
    team: new Set(),
    player: new Set(),
    bookmaker: new Set(),
    match: new Set(),
  };
  private pending = new Map<string, Pending>();

  define(parent: Parent, id: number): void {
    this.defined[parent].add(id);
  }

  isDefined(parent: Parent, id: number): boolean {
    return this.defined[parent].has(id);
  }

  refer(reference: Reference, line: number, file?: string): void {
    if (this.defined[reference.parent].has(reference.id)) {
      return;
    }
    const key = `${reference.parent}:${reference.id}`;
    if (!this.pending.has(key)) {
      this.pending.set(key, { ...reference, line, file });
    }
  }

  /** Throws for the earliest reference of `file` that the database does not hold either. */
  async settle(db: SqlReader, file: string): Promise<void> {
    const pending = [...this.pending.values()];
    this.pending = new Map();
    const existing = await existingIds(db, pending);
    const missing = pending
      .filter((p) => !existing[p.parent].has(p.id))
      .sort((a, b) => a.line - b.line)[0];
    if (missing) {
      throw new ImportValidationError(
        { file: missing.file ?? file, line: missing.line, field: missing.field },
        `${missing.parent} ${missing.id} does not exist (neither in this import nor in the database)`,
      );
    }
  }
}

async function existingIds(db: SqlReader, refs: Pending[]): Promise<Record<Parent, Set<number>>> {
  const found: Record<Parent, Set<number>> = {
    competition: new Set(),
    team: new Set(),
    player: new Set(),
    bookmaker: new Set(),
    match: new Set(),
  };
  for (const parent of Object.keys(found) as Parent[]) {
    const ids = [...new Set(refs.filter((r) => r.parent === parent).map((r) => r.id))];
    for (let i = 0; i < ids.length; i += 10_000) {
      const chunk = ids.slice(i, i + 10_000).join(',');
      // A comma-separated text parameter: portable across driver adapters (no array binding).
      const rows = await db.$queryRawUnsafe<{ id: number }[]>(
        `SELECT id FROM "${PARENT_TABLES[parent]}" WHERE id = ANY(string_to_array($1::text, ',')::int[])`,
        chunk,
      );
      for (const row of rows) {
        found[parent].add(row.id);
      }
    }
  }
  return found;
}
