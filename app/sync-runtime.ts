import { UsageError } from '../src/cli/output.js';
import type { CliRuntime, Progress } from '../src/cli/runtime.js';
import type { Config } from '../src/config/config.js';
import type { Database } from '../src/db/database.js';
import type { Writer } from './cli-database.js';

/** What the sync commands need from the CLI runtime's database handling. */
interface SyncRuntimeParts {
  withDatabase<T>(fn: (database: Database) => Promise<T>, progress?: Progress): Promise<T>;
  withDataChange<T>(fn: (database: Database) => Promise<T>, progress?: Progress): Promise<T>;
  asWriter<T>(database: Database, fn: (writer: Writer) => Promise<T>): Promise<T>;
}

/** A source name no source has, a missing credential, a bad budget: the command's usage error. */
async function asUsage<T>(work: () => Promise<T>): Promise<T> {
  const [{ SourceConfigError }, { MappingError }] = await Promise.all([
    import('../src/ingest/sync/adapter.js'),
    import('../src/ingest/sync/identity/mapping.js'),
  ]);
  try {
    return await work();
  } catch (error) {
    if (error instanceof SourceConfigError || error instanceof MappingError) {
      throw new UsageError(error.message);
    }
    throw error;
  }
}

/** `touchline sync`, `sources` and `map` (docs/sources.md) over the configured database. */
export function syncRuntime(
  config: Config,
  parts: SyncRuntimeParts,
): Pick<CliRuntime, 'sync' | 'sources' | 'map'> {
  return {
    sync: ({ source, follow, scope, budget, pollMs, json, signal, progress }) =>
      asUsage(async () => {
        const [{ loadSource, SOURCE_NAMES }, { SyncRunner }] = await Promise.all([
          import('../src/ingest/sync/sources/index.js'),
          import('../src/ingest/sync/runner.js'),
        ]);
        const adapter = await loadSource(source);
        if (!adapter) {
          throw new UsageError(`no source ${source}: one of ${SOURCE_NAMES.join(', ')}`);
        }
        return parts.withDatabase(
          (database) =>
            parts.asWriter(database, (writer) =>
              new SyncRunner({
                ...writer,
                report: json ? (line) => process.stdout.write(`${line}\n`) : writer.report,
                db: database.prisma,
                adapter,
                env: process.env,
                follow,
                scope,
                budget,
                pollMs,
                json,
                signal,
                now: () => new Date(),
              }).run(),
            ),
          progress,
        );
      }),
    sources: () =>
      parts.withDatabase(async (database) => {
        const { listSources } = await import('../src/ingest/sync/listing.js');
        return listSources(
          database.prisma,
          process.env,
          new Date(),
          config.sourceStaleAfterSeconds,
        );
      }),
    map: {
      list: (source) =>
        parts.withDatabase(async (database) => {
          const { listUnmatched } = await import('../src/ingest/sync/identity/mapping.js');
          return listUnmatched(database.prisma, source);
        }),
      link: (link) =>
        asUsage(() =>
          parts.withDataChange(async (database) => {
            const { linkUnmatched } = await import('../src/ingest/sync/identity/mapping.js');
            return linkUnmatched(database.prisma, link);
          }),
        ),
      create: (what) =>
        asUsage(() =>
          parts.withDataChange(async (database) => {
            const { createFromUnmatched } = await import('../src/ingest/sync/identity/mapping.js');
            return createFromUnmatched(database.prisma, what, new Date());
          }),
        ),
      seed: (paths) =>
        asUsage(() =>
          parts.withDatabase(async (database) => {
            const [{ seedNameGroups, aliasStoredNames }, { aliasGroups }] = await Promise.all([
              import('../src/ingest/sync/identity/name-groups.js'),
              import('../src/ingest/sync/aliases/index.js'),
            ]);
            const seeded = await seedNameGroups(database.prisma, await aliasGroups(paths));
            await aliasStoredNames(database.prisma);
            return seeded;
          }),
        ),
    },
  };
}
