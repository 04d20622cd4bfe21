import { readBatches } from './batches.js';
import { emptySummary, type FileSummary } from './summary.js';
import { FLAT_FILES, type FlatFileName } from './tables.js';
import { type Tx, upsertBatch } from './upsert.js';

const PROGRESS_EVERY = 250_000;

/** The write pass of a one-table file: batched upserts, counting what changed. */
export async function writeFlatFile(
  tx: Tx,
  file: FlatFileName,
  path: string,
  onProgress: (msg: string) => void,
): Promise<FileSummary> {
  const summary = emptySummary(file);
  let nextReport = PROGRESS_EVERY;
  for await (const batch of readBatches(path)) {
    let inserted = 0;
    let changed = 0;
    for (const spec of FLAT_FILES[file]) {
      const counts = await upsertBatch(tx, spec, batch.json);
      inserted += counts.inserted;
      changed += counts.changed;
    }
    summary.read += batch.count;
    summary.inserted += inserted;
    summary.updated += changed - inserted;
    summary.unchanged += batch.count - changed;
    if (summary.read >= nextReport) {
      onProgress(`writing ${file}: ${summary.read} records`);
      nextReport += PROGRESS_EVERY;
    }
  }
  return summary;
}
