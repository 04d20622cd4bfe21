import { appendChanges } from '../../changes/change-log.js';
import type { PrismaClient } from '../../db/generated/client.js';
import { refreshSearchTerms } from '../../search/term-store.js';
import { TouchedMatches } from '../changes/touched.js';
import { importFolderBulk } from './bulk/folder.js';
import { openImportFolder } from './folder.js';
import { relaxForeignKeysIfEmbedded } from './referential-checks.js';
import type { FileSummary, ImportOptions, ImportSummary } from './summary.js';
import type { FlatFileName } from './tables.js';
import { validateFolder } from './validate.js';
import { writeFlatFile } from './write-flat.js';
import { type NestedFileName, writeNestedFile } from './write-nested.js';

export { type BulkTarget, bulkTargetOf } from './bulk/target.js';
export { ImportValidationError } from './errors.js';
export { RecordStream } from './record-stream.js';
export type { FileSummary, ImportOptions, ImportSummary } from './summary.js';

const TRANSACTION = { timeout: 3_600_000, maxWait: 60_000 };

/**
 * Imports a folder in the import format (docs/import-format.md). Every record of every file is
 * validated first (streaming); only then is everything written, in one transaction, by upsert
 * on the source ids: a failure commits nothing, and importing the same folder twice changes
 * nothing the second time.
 *
 * With `options.bulk` (`bulkTargetOf(database)`, PostgreSQL or PGlite) the write pass sends the
 * rows with COPY (bulk/): empty tables are loaded directly, others through staging tables and
 * the same upserts. Without it each batch is one JSON parameter through the Prisma client.
 */
export async function importFolder(
  db: PrismaClient,
  dir: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const started = Date.now();
  const onProgress = options.onProgress ?? (() => {});
  if (options.bulk) {
    return importFolderBulk(db, options.bulk, dir, onProgress);
  }
  const folder = await openImportFolder(dir);
  const touched = new TouchedMatches();
  await validateFolder(db, folder, onProgress, touched);
  const files = await db.$transaction(async (tx) => {
    const out: FileSummary[] = [];
    await relaxForeignKeysIfEmbedded(tx);
    for (const { name, path } of folder.files) {
      const summary =
        name === 'lineups.ndjson' || name === 'regional.ndjson'
          ? await writeNestedFile(tx, name satisfies NestedFileName, path)
          : await writeFlatFile(tx, name satisfies FlatFileName, path, onProgress);
      onProgress(
        `wrote ${name}: ${summary.read} read, ${summary.inserted} inserted, ${summary.updated} updated, ${summary.unchanged} unchanged`,
      );
      out.push(summary);
    }
    await refreshSearchTerms(tx, touched.searchTargets());
    await appendChanges(tx, touched.changes(), new Date());
    return out;
  }, TRANSACTION);
  return { source: folder.manifest.source, files, elapsedMs: Date.now() - started };
}
