import { setImmediate as yieldToIo } from 'node:timers/promises';
import { IMPORT_FILES, type ImportFileName } from '../format.js';
import { type BulkTarget, type ImportSummary, RecordStream } from '../import/index.js';
import { buildSchedule } from './calendar/schedule.js';
import { clearSquads } from './calendar/squads.js';
import { MATCH_FILES } from './folder-writer.js';
import { MatchGenerator } from './match-output.js';
import type { DemoOptions, DemoStats } from './options.js';
import {
  bookmakerRecords,
  competitionRecords,
  playerRecords,
  teamRecords,
} from './reference-records.js';
import { clearRatings } from './strength.js';

export const DEMO_SOURCE = 'touchline-demo';

/** Matches per chunk: generated, checked and encoded while the chunk before is copied in. */
const CHUNK_MATCHES = 2_000;
/** Matches generated between two yields to the event loop (so COPY data keeps flowing). */
const YIELD_EVERY = 25;

const FILES = Object.keys(IMPORT_FILES) as ImportFileName[];

/**
 * The demo without a folder: matches are generated in kick-off order, each
 * record checked like an import line and encoded as COPY rows, and chunks of matches are
 * copied in by the bulk write pass (import/bulk/load.ts) while the next chunk is generated.
 * One transaction: any failure commits nothing. Memory holds the schedule and two chunks.
 */
export async function streamDemo(
  target: BulkTarget,
  options: DemoOptions,
): Promise<{ generated: DemoStats; imported: ImportSummary }> {
  const started = performance.now();
  const progress = options.onProgress ?? (() => {});
  const now = options.now.getTime();
  const schedule = buildSchedule(options.seed, options.matches, now);
  const total = schedule.matches.length;
  progress(`demo: schedule of ${total} matches built in ${elapsed(started)}`);
  const references: Array<[ImportFileName, readonly object[]]> = [
    ['competitions.ndjson', competitionRecords()],
    ['teams.ndjson', teamRecords(schedule.teams)],
    ['bookmakers.ndjson', bookmakerRecords()],
    ['players.ndjson', playerRecords(options.seed, schedule.matches)],
  ];
  const stream = await RecordStream.open(target, FILES, DEMO_SOURCE, progress);
  let imported: ImportSummary;
  try {
    for (const [name, records] of references) {
      for (const record of records) {
        stream.add(name, record);
      }
      await stream.checkStoredUnique(name);
    }
    await stream.flush();
    const generator = new MatchGenerator(options.seed, now);
    const step = Math.max(1, Math.ceil(total / (total >= 100_000 ? 100 : 10)));
    let rows = 0;
    for (const [i, m] of schedule.matches.entries()) {
      const out = generator.generate(m);
      for (const [name, pick] of MATCH_FILES) {
        const records = pick(out);
        rows += records.length;
        for (const record of records) {
          stream.add(name, record, name === 'matches.ndjson' ? undefined : m.id);
        }
      }
      if (i % YIELD_EVERY === YIELD_EVERY - 1) {
        await yieldToIo();
      }
      const done = i + 1;
      if (done % CHUNK_MATCHES === 0 && done < total) {
        await stream.flush();
      }
      if (done % step === 0 || done === total) {
        const rate = done / ((performance.now() - started) / 1000);
        progress(
          `demo: ${done}/${total} matches (${Math.round((100 * done) / total)}%), ${(rows / 1e6).toFixed(2)}M records, ${elapsed(started)}, ${Math.round(rate)} matches/s${done < total ? `, about ${Math.round((total - done) / rate)} s to go` : ''}`,
        );
      }
    }
    progress(
      `demo: ${total} matches generated in ${elapsed(started)}; copying the rest, restoring indexes`,
    );
    imported = await stream.finish();
  } catch (error) {
    await stream.abort();
    throw error;
  } finally {
    clearSquads();
    clearRatings();
  }
  const records = Object.fromEntries(imported.files.map((s) => [s.file, s.read])) as Record<
    ImportFileName,
    number
  >;
  return {
    generated: { dir: null, matches: total, records, bytes: stream.bytes },
    imported: { ...imported, elapsedMs: Math.round(performance.now() - started) },
  };
}

function elapsed(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}
