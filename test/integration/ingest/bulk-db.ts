import type pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { pgPoolOf } from '../../../src/ingest/import/index.js';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../helpers/db.js';

export interface PostgresContext {
  db: () => TestDatabase;
  pool: () => pg.Pool;
}

/**
 * A suite on a fresh PostgreSQL database with its `pg` pool (the COPY write pass); reported
 * as skipped, by name, without DATABASE_URL.
 */
export function describePostgres(title: string, body: (ctx: PostgresContext) => void): void {
  if (!TEST_DATABASE_URL) {
    describe.skip(`${title} [postgres: SKIPPED, DATABASE_URL not set]`, () =>
      body({ db: () => undefined as never, pool: () => undefined as never }));
    return;
  }
  describe(`${title} [postgres]`, () => {
    let db: TestDatabase | undefined;
    beforeAll(async () => {
      db = await createTestDatabase('postgres');
    }, 120_000);
    afterAll(async () => {
      await db?.close();
    });
    const current = () => {
      if (!db) {
        throw new Error('database not ready');
      }
      return db;
    };
    body({
      db: current,
      pool: () => {
        const pool = pgPoolOf(current());
        if (!pool) {
          throw new Error('no pg pool');
        }
        return pool;
      },
    });
  });
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
