import { seedPlans } from '../src/accounts/plans-seed.js';
import type { Config } from '../src/config/config.js';
import {
  type Database,
  type DatabaseOptions,
  openDatabase,
  type ReplicaStatus,
} from '../src/db/database.js';
import { ensureMigrated } from '../src/db/migrate.js';
import { rebuildSearchTerms } from '../src/search/term-store.js';
import { replicaOptions } from './replica-options.js';

/**
 * `server`: `touchline serve` (statement and connection timeouts, so that a database that stops
 * answering turns into 503s; the read replicas). `command`: every other command (no timeouts,
 * which long imports and migrations want; no replicas: they only read the primary).
 */
export type ProcessKind = 'server' | 'command';

export interface OpenProcessOptions {
  /** Told the migrations applied, and (servers) each replica coming into use or leaving it. */
  progress: (line: string) => void;
  /** Seeds the plan tables after migrating (default); `touchline db migrate` only migrates. */
  seedPlans?: boolean;
  /**
   * Settles before anything is migrated: a failure (a bad trusted documents' manifest) closes
   * the database and stops the start with nothing applied.
   */
  ready?: Promise<unknown>;
}

export interface OpenedProcess {
  database: Database;
  /** The migrations this start applied (none when the database was up to date). */
  applied: string[];
}

/** A replica coming into use or leaving it (docs/scale.md "Read replicas"). */
const replicaLine = (status: ReplicaStatus) =>
  status.health === 'in-use'
    ? `replica ${status.name}: in use (lag ${status.lagMs ?? 0} ms)`
    : `replica ${status.name}: skipped, ${status.health}${status.reason ? `: ${status.reason}` : ''}`;

function databaseOptions(
  config: Config,
  kind: ProcessKind,
  progress: (line: string) => void,
): DatabaseOptions {
  const common = { databaseUrl: config.databaseUrl, dataDir: config.dataDir, fromTemplate: true };
  if (kind === 'command') {
    return common;
  }
  return {
    ...common,
    queryTimeoutMs: config.databaseQueryTimeoutMs,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    replicas: replicaOptions(config, (status) => progress(replicaLine(status))),
  };
}

/**
 * The one way a process opens the configured database (PostgreSQL with DATABASE_URL, else the
 * embedded one): opened as its kind wants, brought to the current migrations (idempotent; Prisma's
 * advisory lock on PostgreSQL) and the plan tables seeded. On a failure the database is closed.
 */
export async function openProcess(
  config: Config,
  kind: ProcessKind,
  options: OpenProcessOptions,
): Promise<OpenedProcess> {
  const database = await openDatabase(databaseOptions(config, kind, options.progress));
  try {
    await options.ready;
    const applied = await ensureMigrated(database);
    if (applied.length > 0) {
      options.progress(`applied migrations: ${applied.join(', ')}`);
    }
    if (applied.some((name) => name.endsWith('_search_terms'))) {
      // The table is new: every stored entity's terms, once (later writes keep them).
      await database.prisma.$transaction((tx) => rebuildSearchTerms(tx), { timeout: 600_000 });
    }
    if (options.seedPlans !== false) {
      await seedPlans(database.prisma, database.read);
    }
    return { database, applied };
  } catch (error) {
    await database.close();
    throw error;
  }
}
