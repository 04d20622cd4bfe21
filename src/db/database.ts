import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.js';
import { type DataReads, primaryReads } from './data-reads.js';
import { PrismaClient } from './generated/client.js';
import type { ReplicaOptions } from './replicas/open.js';
import type { SqlRead } from './sql.js';

export type { DataReads, ReplicaStatus } from './data-reads.js';
export type { SqlRead, SqlStatement } from './sql.js';

export type Db = PrismaClient;

/** The driver under the Prisma client, for the few paths that need its own features (COPY). */
type Driver = { kind: 'postgres'; pool: pg.Pool } | { kind: 'pglite'; pglite: PGlite };

export interface Database {
  readonly prisma: PrismaClient;
  /**
   * Raw reads through the driver itself (the `pg` pool, or PGlite), for the hot read paths whose
   * SQL is written by hand anyway: it skips the Prisma client's per-statement work (about 70-90
   * µs of CPU a statement, measured in docs/benchmarks.md), which `$queryRaw` pays. Rows come back
   * as the driver parses them: the same values `$queryRaw` gives for int, text and timestamptz.
   */
  readonly read: SqlRead;
  /**
   * The football data reads: through a replica when DATABASE_REPLICA_URLS names some
   * (docs/scale.md "Read replicas"), else the same as `prisma` and `read`. `prisma` and `read`
   * themselves always reach the primary.
   */
  readonly data: DataReads;
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
  /** PostgreSQL only: replicas that serve the data reads (`Database.data`). */
  replicas?: ReplicaOptions | undefined;
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

/**
 * PostgreSQL through `pg` when a URL is configured, else embedded PGlite in the data folder. Each
 * driver is loaded only when it is the one used (a short CLI command pays for one, not both).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, options);
  }
  const [{ PGlite }, { PrismaPGlite }, { createPgliteRead }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('pglite-prisma-adapter'),
    import('./pglite-read.js'),
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
  const read = createPgliteRead(pglite);
  return {
    prisma,
    read,
    data: primaryReads(prisma, read),
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

/** The primary's pool and clients, and the data reads over it or over its replicas. */
async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const { openPgTarget } = await import('./pg-target.js');
  const poolOptions = {
    applicationName: 'touchline',
    ...(options.queryTimeoutMs ? { queryTimeoutMs: options.queryTimeoutMs } : {}),
    ...(options.connectTimeoutMs ? { connectTimeoutMs: options.connectTimeoutMs } : {}),
  };
  const primary = openPgTarget(url, poolOptions);
  const replicas = options.replicas?.urls.length
    ? (await import('./replicas/open.js')).openReplicaReads(
        url,
        primary,
        options.replicas,
        poolOptions,
      )
    : null;
  return {
    prisma: primary.prisma,
    read: primary.read,
    data: replicas ?? primaryReads(primary.prisma, primary.read),
    kind: 'postgres',
    driver: { kind: 'postgres', pool: primary.pool },
    adapter: primary.adapter,
    async close() {
      await replicas?.close();
      await primary.close();
    },
  };
}
