import type { Database } from '../../../src/db/database.js';
import { type BulkTarget, bulkTargetOf } from '../../../src/ingest/import/index.js';
import { type DatabaseKind, describeEachDatabase } from '../../helpers/db.js';

export interface BulkContext {
  db: () => Database;
  bulk: () => BulkTarget;
  kind: DatabaseKind;
}

/**
 * A suite of the COPY write pass on a fresh database of each kind: PostgreSQL through its `pg`
 * pool, embedded PGlite through `/dev/blob` (bulk/target.ts).
 */
export function describeEachBulk(title: string, body: (ctx: BulkContext) => void): void {
  describeEachDatabase(title, ({ db, kind }) => body({ db, kind, bulk: () => bulkTargetOf(db()) }));
}

const STARTED = Date.now();

/**
 * Every row of a table set as JSON text, with the import-time columns blanked: `updated_at`,
 * and a `received_at` the import set (one not in the records: later than this test started).
 */
export function withoutImportTimes(snapshot: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(snapshot).map(([table, rows]) => [
      table,
      rows
        .map((r) => {
          const row = JSON.parse(r) as Record<string, unknown>;
          if ('updated_at' in row) {
            row['updated_at'] = 'import time';
          }
          const received = row['received_at'];
          if (typeof received === 'string' && Date.parse(received) >= STARTED) {
            row['received_at'] = 'import time';
          }
          return JSON.stringify(row);
        })
        .sort(),
    ]),
  );
}
