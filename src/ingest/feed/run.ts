import { setTimeout as sleep } from 'node:timers/promises';
import { reanalyseAfter } from '../analyze/reanalyse.js';
import { holdLease, type WriterRun } from '../live/writer-lease.js';
import { applyBatch, type BatchResult } from './batch.js';
import type { FeedSource } from './sources.js';

export interface FeedRun extends WriterRun {
  source: FeedSource;
  now: () => Date;
}

export interface FeedSummary {
  batches: number;
  rejected: number;
  changes: number;
}

const pause = (ms: number, signal: AbortSignal) =>
  sleep(ms, undefined, { signal }).catch(() => undefined);
const waitFor = (run: FeedRun) => holdLease({ ...run, sleep: pause }, 'feed');

/**
 * `touchline feed` (docs/feed-format.md): batches from the source, each applied by the one
 * writer (only while this instance holds the writer lease) in one transaction, or rejected
 * whole with the line and reason of its first bad record; the feed goes on with the next batch.
 */
export async function runFeed(run: FeedRun): Promise<FeedSummary> {
  const summary: FeedSummary = { batches: 0, rejected: 0, changes: 0 };
  if (!(await waitFor(run))) {
    return summary;
  }
  try {
    for await (const batch of run.source(run.signal)) {
      if (!(await run.lease.check()) && !(await waitFor(run))) {
        break;
      }
      const result: BatchResult = await applyBatch(run.db, batch.lines(), batch.name, run.now());
      await batch.settle(result);
      summary.batches += 1;
      if (result.ok) {
        summary.changes += result.changes.length;
        run.report(
          `feed: ${batch.name}: ${result.records} records, ${result.changes.length} changes`,
        );
        if (result.changes.length > 0) {
          const reanalysed = await reanalyseAfter(run.db, result.changes, run.now());
          await run.onChanged([...result.changes, ...reanalysed.changes]);
        }
      } else {
        summary.rejected += 1;
        run.report(`feed: ${batch.name} rejected, nothing of it written: ${result.error}`);
      }
    }
  } finally {
    await run.lease.release();
  }
  return summary;
}
