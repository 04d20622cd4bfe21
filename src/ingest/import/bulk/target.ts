import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../../../db/database.js';

interface SessionResult<T> {
  rows: T[];
  rowCount: number;
}

/** The write pass's transaction, on a connection no one else writes through meanwhile. */
export interface BulkSession {
  /** One statement with parameters, or (without) several separated by semicolons. */
  query<T>(sql: string, values?: readonly unknown[]): Promise<SessionResult<T>>;
  /** Sends COPY text rows: `copy` is `COPY <table> (<columns>) FROM STDIN [WITH (...)]`. */
  copyIn(copy: string, pieces: readonly Buffer[]): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/** Where the bulk write pass (bulk/load.ts) writes: PostgreSQL's pool or the embedded PGlite. */
export interface BulkTarget {
  begin(): Promise<BulkSession>;
  /** A statement outside the transaction (ANALYZE after COMMIT). */
  run(sql: string): Promise<void>;
}

/** The write pass's target for an open database: its `pg` pool or its PGlite instance. */
export function bulkTargetOf(database: Database): BulkTarget {
  return database.driver.kind === 'postgres'
    ? pgTarget(database.driver.pool)
    : pgliteTarget(database.driver.pglite);
}

function pgTarget(pool: pg.Pool): BulkTarget {
  return {
    async begin() {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
      } catch (error) {
        client.release(error instanceof Error ? error : true);
        throw error;
      }
      return {
        async query<T>(sql: string, values?: readonly unknown[]) {
          const result = await client.query(sql, values ? [...values] : undefined);
          return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
        },
        async copyIn(copy, pieces) {
          await pipeline(Readable.from(pieces), client.query(copyFrom(copy)));
        },
        async commit() {
          await client.query('COMMIT');
          client.release();
        },
        async rollback() {
          try {
            await client.query('ROLLBACK');
            client.release();
          } catch (error) {
            // A broken connection must not go back to the pool.
            client.release(error instanceof Error ? error : true);
          }
        },
      };
    },
    async run(sql) {
      await pool.query(sql);
    },
  };
}

/**
 * PGlite has one connection. The write pass holds it in `transaction()`, which makes every other
 * query of the process wait until COMMIT or ROLLBACK, as other sessions wait for the write pass's
 * locks on PostgreSQL. COPY reads its rows from the `/dev/blob` PGlite attaches to the statement.
 */
function pgliteTarget(pglite: PGlite): BulkTarget {
  return {
    async begin() {
      let finish!: (commit: boolean) => void;
      const finished = new Promise<boolean>((resolve) => {
        finish = resolve;
      });
      let opened!: (tx: Transaction) => void;
      const open = new Promise<Transaction>((resolve) => {
        opened = resolve;
      });
      const done = pglite.transaction(async (tx) => {
        opened(tx);
        if (!(await finished)) {
          await tx.rollback();
        }
      });
      const tx = await Promise.race([
        open,
        done.then(() => Promise.reject(new Error('BEGIN failed'))),
      ]);
      return {
        async query<T>(sql: string, values?: readonly unknown[]) {
          if (values && values.length > 0) {
            const result = await tx.query<T>(sql, [...values]);
            return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
          }
          const results = await tx.exec(sql);
          const last = results.at(-1);
          return {
            rows: (last?.rows ?? []) as T[],
            rowCount: last?.affectedRows ?? last?.rows.length ?? 0,
          };
        },
        async copyIn(copy, pieces) {
          // Buffers are Blob parts; their type also admits a SharedArrayBuffer, which ours never are.
          const parts = [...pieces] as unknown as BlobPart[];
          await tx.query(copy.replace(/ FROM STDIN/, " FROM '/dev/blob'"), [], {
            blob: new Blob(parts),
          });
        },
        async commit() {
          finish(true);
          await done;
        },
        async rollback() {
          finish(false);
          await done.catch(() => {});
        },
      };
    },
    async run(sql) {
      await pglite.exec(sql);
    },
  };
}
