import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { type Database, openDatabase } from '../../src/db/database.js';
import { applyMigrations } from '../../src/db/migrate.js';

/** The PostgreSQL server the suite may use (`.ci/run` sets it); unset skips the PostgreSQL half. */
export const TEST_DATABASE_URL = process.env['DATABASE_URL'];

export type DatabaseKind = 'pglite' | 'postgres';

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database of the given kind; each call gets its own (runs never collide). */
export type TestDatabase = Database & {
  /** The connection string of a PostgreSQL test database (for child processes). */
  url?: string;
};

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const db = await openDatabase({ dataDir: 'memory://' });
    await applyMigrations(db.adapter);
    return db;
  }
  if (!TEST_DATABASE_URL) {
    throw new Error('DATABASE_URL is not set');
  }
  const name = `touchline_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = withDatabaseName(TEST_DATABASE_URL, name);
  const db = await openDatabase({ databaseUrl: url, dataDir: '' });
  await applyMigrations(db.adapter);
  return {
    ...db,
    url,
    async close() {
      await db.close();
      await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

let warned = false;

/**
 * Runs a suite once on embedded PGlite and once on PostgreSQL. Without DATABASE_URL the
 * PostgreSQL half is reported as skipped, by name, never silently passed.
 */
export function describeEachDatabase(
  title: string,
  body: (ctx: { db: () => Database; kind: DatabaseKind }) => void,
) {
  for (const kind of ['pglite', 'postgres'] as const) {
    if (kind === 'postgres' && !TEST_DATABASE_URL) {
      if (!warned) {
        warned = true;
        console.warn(
          'DATABASE_URL is not set: the PostgreSQL half of the database tests is SKIPPED',
        );
      }
      describe.skip(`${title} [postgres: SKIPPED, DATABASE_URL not set]`, () =>
        body({ db: () => undefined as never, kind }));
      continue;
    }
    describe(`${title} [${kind}]`, () => {
      let db: Database | undefined;
      beforeAll(async () => {
        db = await createTestDatabase(kind);
      }, 120_000);
      afterAll(async () => {
        await db?.close();
      });
      body({
        kind,
        db: () => {
          if (!db) {
            throw new Error('database not ready');
          }
          return db;
        },
      });
    });
  }
}
