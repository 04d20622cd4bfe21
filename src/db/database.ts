import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.js';
import { PrismaClient } from './generated/client.js';

export type Db = PrismaClient;

/** A statement: Prisma's `Prisma.sql` tag makes one, or write `{ text, values }` by hand. */
export interface SqlStatement {
  readonly text: string;
  readonly values: readonly unknown[];
}

export type SqlRead = <T>(sql: SqlStatement) => Promise<T[]>;

/** The driver under the Prisma client, for the few paths that need its own features (COPY). */
export type Driver = { kind: 'postgres'; pool: pg.Pool } | { kind: 'pglite'; pglite: PGlite };

export interface Database {
  readonly prisma: PrismaClient;
  /**
   * Raw reads through the driver itself (the `pg` pool, or PGlite), for the hot read paths whose
   * SQL is written by hand anyway: it skips the Prisma client's per-statement work (about 70-90
   * µs of CPU a statement, measured in docs/benchmarks.md), which `$queryRaw` pays. Rows come back
   * as the driver parses them: the same values `$queryRaw` gives for int, text and timestamptz.
   */
  readonly read: SqlRead;
  readonly kind: Driver['kind'];
  readonly driver: Driver;
  /** The driver adapter factory, for the schema engine (migrations, drift checks). */
  readonly adapter: SqlMigrationAwareDriverAdapterFactory;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Embedded database folder; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /**
   * PostgreSQL only: the longest one statement and one connection attempt may take, in ms
   * (`DATABASE_QUERY_TIMEOUT_MS`, `DATABASE_CONNECT_TIMEOUT_MS`; unset or 0: no limit, which the
   * CLI's long imports and migrations want). The server passes them so that a database that
   * stops answering turns into 503s, never into requests that hang.
   */
  queryTimeoutMs?: number | undefined;
  connectTimeoutMs?: number | undefined;
  /**
   * Embedded only: a new database starts from the build's template (src/db/template.ts), already
   * initialised and migrated, instead of running initdb. The server and the CLI ask for it; tests
   * leave it off so that they cover the migrations themselves.
   */
  fromTemplate?: boolean | undefined;
}

/** The template's bytes when asked for and the folder holds no database yet. */
async function templateFor(
  options: DatabaseOptions,
  path: string | null,
): Promise<Blob | undefined> {
  if (!options.fromTemplate || (path && existsSync(join(path, 'PG_VERSION')))) {
    return undefined;
  }
  const { readTemplate } = await import('./template.js');
  return readTemplate();
}

const statementNames = new Map<string, string>();

/**
 * A name per statement text: `pg` prepares a named statement once per connection, and PostgreSQL
 * then plans it once instead of on every read (planning a four-table join costs more than running
 * it by primary key). The texts are the services' own, so there are few.
 */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `tl_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * PostgreSQL through `pg` when a URL is configured, else embedded PGlite in the data folder. Each
 * driver is loaded only when it is the one used (a short CLI command pays for one, not both).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const [{ createPgPool }, { PrismaPg }] = await Promise.all([
      import('./pg-pool.js'),
      import('@prisma/adapter-pg'),
    ]);
    const pool = createPgPool(options.databaseUrl, {
      ...(options.queryTimeoutMs ? { queryTimeoutMs: options.queryTimeoutMs } : {}),
      ...(options.connectTimeoutMs ? { connectTimeoutMs: options.connectTimeoutMs } : {}),
    });
    const adapter = new PrismaPg(pool);
    const prisma = new PrismaClient({ adapter });
    return {
      prisma,
      read: async <T>(sql: SqlStatement) =>
        (
          await pool.query({
            name: statementName(sql.text),
            text: sql.text,
            values: [...sql.values],
          })
        ).rows as T[],
      kind: 'postgres',
      driver: { kind: 'postgres', pool },
      adapter,
      async close() {
        await prisma.$disconnect();
        // The pool is ours: its idle connections would keep the process alive for seconds.
        await pool.end().catch(() => {});
      },
    };
  }
  const [{ PGlite }, { PrismaPGlite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('pglite-prisma-adapter'),
  ]);
  const inMemory = options.dataDir === 'memory://';
  let releaseLock = async () => {};
  let pglite: PGlite;
  if (inMemory) {
    const loadDataDir = await templateFor(options, null);
    pglite = new PGlite(loadDataDir ? { loadDataDir } : {});
  } else {
    await mkdir(options.dataDir, { recursive: true });
    releaseLock = await acquireDataDirLock(options.dataDir);
    const path = join(options.dataDir, 'pglite');
    const loadDataDir = await templateFor(options, path);
    pglite = new PGlite(path, loadDataDir ? { loadDataDir } : {});
  }
  await pglite.waitReady;
  const adapter = new PrismaPGlite(pglite);
  const prisma = new PrismaClient({ adapter });
  return {
    prisma,
    read: async <T>(sql: SqlStatement) => (await pglite.query<T>(sql.text, [...sql.values])).rows,
    kind: 'pglite',
    driver: { kind: 'pglite', pglite },
    adapter,
    async close() {
      await prisma.$disconnect();
      await pglite.close();
      await releaseLock();
    },
  };
}
