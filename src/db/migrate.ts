import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { MigrationList } from '@prisma/schema-engine-wasm';
import type { Database } from './database.js';
import { PROJECT_ROOT } from './project-root.js';

const PRISMA_DIR = join(PROJECT_ROOT, 'prisma');
export const MIGRATIONS_DIR = join(PRISMA_DIR, 'migrations');
const SCHEMA_PATH = join(PRISMA_DIR, 'schema.prisma');

async function readSchema() {
  return [{ path: SCHEMA_PATH, content: await readFile(SCHEMA_PATH, 'utf8') }];
}

/** prisma/migrations in the shape Prisma's engine expects (`<timestamp>_<name>/migration.sql`). */
export async function readMigrations(dir = MIGRATIONS_DIR): Promise<MigrationList> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const lockPath = join(dir, 'migration_lock.toml');
  return {
    baseDir: dir,
    lockfile: {
      path: lockPath,
      content: await readFile(lockPath, 'utf8').catch(() => 'provider = "postgresql"\n'),
    },
    shadowDbInitScript: '',
    migrationDirectories: await Promise.all(
      names.map(async (name) => {
        const path = join(dir, name, 'migration.sql');
        const content = await readFile(path, 'utf8');
        return {
          // Relative to baseDir: this is the migration's name in `_prisma_migrations`, as
          // `prisma migrate deploy` records it.
          path: name,
          migrationFile: { path, content: { tag: 'ok', value: content } },
        };
      }),
    ),
  } as MigrationList;
}

/**
 * Applies the unapplied migrations and records them in `_prisma_migrations`, exactly as
 * `prisma migrate deploy` does, so either tool can take over a database.
 */
export async function applyMigrations(
  adapter: SqlMigrationAwareDriverAdapterFactory,
): Promise<string[]> {
  // The schema engine (WebAssembly) loads only when there is something for it to do.
  const { NO_FILTER, openSchemaEngine } = await import('./schema-engine.js');
  const engine = await openSchemaEngine(adapter, await readSchema());
  try {
    const out = await engine.applyMigrations({
      migrationsList: await readMigrations(),
      filters: NO_FILTER,
    });
    return out.appliedMigrationNames;
  } finally {
    engine.free();
  }
}

/**
 * Applies migrations only when some are missing: a cheap read of `_prisma_migrations` spares
 * every CLI command the schema engine's start-up and introspection.
 */
export async function ensureMigrated(
  database: Pick<Database, 'adapter' | 'read'>,
): Promise<string[]> {
  const wanted = (await readMigrations()).migrationDirectories.map((d) => d.path);
  const applied = await database
    .read<{ migration_name: string }>({
      text: 'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
      values: [],
    })
    .then(
      (rows) => new Set(rows.map((r) => r.migration_name)),
      () => new Set<string>(),
    );
  return wanted.every((name) => applied.has(name)) ? [] : applyMigrations(database.adapter);
}

/** SQL that would bring the live database to schema.prisma; empty when they agree. */
export async function diffDatabaseToSchema(
  adapter: SqlMigrationAwareDriverAdapterFactory,
): Promise<string> {
  const files = await readSchema();
  const { NO_FILTER, openSchemaEngine } = await import('./schema-engine.js');
  const engine = await openSchemaEngine(adapter, files);
  try {
    const result = await engine.diff({
      from: { tag: 'schemaDatasource', files, configDir: PRISMA_DIR },
      to: { tag: 'schemaDatamodel', files },
      script: true,
      exitCode: true,
      filters: NO_FILTER,
    });
    return result.exitCode === 2 ? (result.stdout ?? '') : '';
  } finally {
    engine.free();
  }
}

/** The next migration's SQL: migrations replayed on a throwaway PGlite, diffed to the schema. */
export async function nextMigrationScript(): Promise<string> {
  const [{ PGlite }, { PrismaPGlite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('pglite-prisma-adapter'),
  ]);
  const scratch = new PGlite();
  try {
    const adapter = new PrismaPGlite(scratch);
    await applyMigrations(adapter);
    return await diffDatabaseToSchema(adapter);
  } finally {
    await scratch.close();
  }
}
