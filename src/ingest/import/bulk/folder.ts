import { appendChanges } from '../../../changes/change-log.js';
import type { PrismaClient } from '../../../db/generated/client.js';
import { refreshSearchTerms } from '../../../search/term-store.js';
import { TouchedMatches } from '../../changes/touched.js';
import type { ImportFileName } from '../../format.js';
import { openImportFolder } from '../folder.js';
import { readNdjson } from '../ndjson.js';
import type { Rec } from '../sql-types.js';
import { emptySummary, type FileSummary, type ImportSummary } from '../summary.js';
import { validateFolder } from '../validate.js';
import { BulkLoad, type WriteCounts } from './load.js';
import type { EncodedBatch } from './plan.js';
import type { BulkTarget } from './target.js';

/** A batch is cut at whichever comes first: this many records or this much COPY text. */
const BATCH_RECORDS = 50_000;
const BATCH_BYTES = 16_000_000;
const PROGRESS_EVERY = 250_000;

type Progress = (msg: string) => void;

/**
 * `importFolder` with COPY: the same validation pass, then every file written with COPY in one
 * transaction (bulk/load.ts). Same summary, same rows as the JSON write pass.
 */
export async function importFolderBulk(
  db: PrismaClient,
  target: BulkTarget,
  dir: string,
  onProgress: Progress,
): Promise<ImportSummary> {
  const started = Date.now();
  const folder = await openImportFolder(dir);
  const touched = new TouchedMatches();
  await validateFolder(db, folder, onProgress, touched);
  const load = await BulkLoad.begin(
    target,
    folder.files.map((f) => f.name),
    onProgress,
  );
  const files: FileSummary[] = [];
  try {
    for (const { name, path } of folder.files) {
      const summary = await writeFile(load, name, path, onProgress);
      onProgress(
        `wrote ${name}: ${summary.read} read, ${summary.inserted} inserted, ${summary.updated} updated, ${summary.unchanged} unchanged`,
      );
      files.push(summary);
    }
    await refreshSearchTerms(load.reader, touched.searchTargets());
    await appendChanges(load.reader, touched.changes(), new Date());
    await load.commit();
  } catch (error) {
    await load.rollback();
    throw error;
  }
  await load.analyze();
  return { source: folder.manifest.source, files, elapsedMs: Date.now() - started };
}

/**
 * Parses and encodes the next batch while the database writes the previous one (at most one
 * batch in flight).
 */
async function writeFile(
  load: BulkLoad,
  file: ImportFileName,
  path: string,
  onProgress: Progress,
): Promise<FileSummary> {
  const summary = emptySummary(file);
  const encoder = load.encoder(file);
  const pipe = new WritePipe(load, summary);
  let nextReport = PROGRESS_EVERY;
  for await (const { value } of readNdjson(path, file)) {
    encoder.add(value as Rec);
    if (encoder.records >= BATCH_RECORDS || encoder.bytes >= BATCH_BYTES) {
      await pipe.send(encoder.take());
      if (summary.read >= nextReport) {
        onProgress(`writing ${file}: ${summary.read} records`);
        nextReport += PROGRESS_EVERY;
      }
    }
  }
  await pipe.send(encoder.take());
  await pipe.drain();
  return summary;
}

/** Sends batches one after the other, the caller preparing the next while one is written. */
class WritePipe {
  readonly #load: BulkLoad;
  readonly #summary: FileSummary;
  #inflight: Promise<void> | null = null;

  constructor(load: BulkLoad, summary: FileSummary) {
    this.#load = load;
    this.#summary = summary;
  }

  /** Waits for the batch before, then starts this one and returns. */
  async send(batch: EncodedBatch): Promise<void> {
    await this.drain();
    this.#summary.read += batch.records;
    const writing = this.#load.write(batch).then((counts) => this.#count(counts));
    // Handled now (no unhandled rejection while the caller works); rethrown by drain().
    writing.catch(() => {});
    this.#inflight = writing;
  }

  async drain(): Promise<void> {
    const inflight = this.#inflight;
    this.#inflight = null;
    await inflight;
  }

  #count(counts: WriteCounts): void {
    this.#summary.inserted += counts.inserted;
    this.#summary.updated += counts.updated;
    this.#summary.unchanged += counts.unchanged;
  }
}
