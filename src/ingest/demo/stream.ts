import { setImmediate as yieldToIo } from 'node:timers/promises';
import type pg from 'pg';
import { IMPORT_FILES, type ImportFileName } from '../format.js';
import { BulkLoad } from '../import/bulk/load.js';
import type { EncodedBatch, RowEncoder } from '../import/bulk/plan.js';
import { ImportValidationError } from '../import/errors.js';
import { ReferenceTracker } from '../import/references.js';
import type { Rec } from '../import/sql-types.js';
import { emptySummary, type FileSummary, type ImportSummary } from '../import/summary.js';
import { checkUniqueFields, UniqueTracker } from '../import/unique.js';
import { RecordChecker } from '../import/validate.js';
import { MATCH_FILES } from './folder-writer.js';
import type { DemoOptions, DemoStats } from './index.js';
import { MatchGenerator } from './match-output.js';
import { bookmakerRecords, competitionRecords, teamRecords } from './reference-records.js';
import { buildSchedule } from './schedule.js';
import { clearSquads } from './squads.js';
import { clearRatings } from './strength.js';

export const DEMO_SOURCE = 'touchline-demo';

/** Matches per chunk: generated, checked and encoded while the chunk before is copied in. */
const CHUNK_MATCHES = 2_000;
/** Matches generated between two yields to the event loop (so COPY data keeps flowing). */
const YIELD_EVERY = 25;

const FILES = Object.keys(IMPORT_FILES) as ImportFileName[];
const REFERENCE_FILES = new Set<ImportFileName>([
  'competitions.ndjson',
  'teams.ndjson',
  'bookmakers.ndjson',
]);

/**
 * One file of the stream: every record is checked as the importer checks a line (schema,
 * rules, duplicate keys, references; errors name the line the record has in a demo folder),
 * then encoded as COPY rows.
 */
class StreamFile<F extends ImportFileName> {
  readonly checker: RecordChecker<F>;
  readonly unique: UniqueTracker;
  readonly summary: FileSummary;
  encoder: RowEncoder;
  line = 0;
  /** Keys seen: of the whole file (reference files) or of the current match (its children). */
  keys = new Set<string>();

  constructor(
    readonly file: F,
    encoder: RowEncoder,
    private readonly refs: ReferenceTracker,
  ) {
    this.checker = new RecordChecker(file);
    this.unique = new UniqueTracker(file);
    this.summary = emptySummary(file);
    this.encoder = encoder;
  }

  add(value: unknown, matchId?: number): void {
    this.line += 1;
    const { file, line } = this;
    const record = this.checker.check(value, line);
    const rule = this.checker.rule;
    const key = rule.key(record);
    const owner = (record as { matchId?: number }).matchId;
    if (matchId !== undefined && owner !== undefined && owner !== matchId) {
      throw new ImportValidationError(
        { file, line, field: '/matchId' },
        `generated with match ${matchId}, not ${owner}`,
      );
    }
    if (rule.defines) {
      const { id } = record as { id: number };
      if (this.refs.isDefined(rule.defines, id)) {
        throw new ImportValidationError({ file, line }, `duplicate key (${key})`);
      }
      this.refs.define(rule.defines, id);
    } else if (this.keys.has(key)) {
      throw new ImportValidationError({ file, line }, `duplicate key (${key})`);
    } else {
      this.keys.add(key);
    }
    this.unique.add(record, line);
    for (const reference of rule.references(record)) {
      this.refs.refer(reference, line, file);
    }
    this.encoder.add(record as Rec);
  }
}

type AnyStreamFile = StreamFile<ImportFileName>;

/**
 * The demo on PostgreSQL, without a folder: matches are generated in kick-off order, each
 * record checked like an import line and encoded as COPY rows, and chunks of matches are
 * copied in by the bulk write pass (import/bulk/load.ts) while the next chunk is generated.
 * One transaction: any failure commits nothing. Memory holds the schedule and two chunks.
 */
export async function streamDemo(
  pool: pg.Pool,
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
  ];
  const load = await BulkLoad.begin(pool, FILES, progress);
  const refs = new ReferenceTracker();
  const files = new Map<ImportFileName, AnyStreamFile>(
    FILES.map((f) => [f, new StreamFile(f, load.encoder(f), refs)]),
  );
  const part = (name: ImportFileName) => files.get(name) as AnyStreamFile;
  let bytes = 0;
  const writeChunk = async (batches: EncodedBatch[]) => {
    for (const batch of batches) {
      const counts = await load.write(batch);
      const summary = part(batch.file).summary;
      summary.read += batch.records;
      summary.inserted += counts.inserted;
      summary.updated += counts.updated;
      summary.unchanged += counts.unchanged;
      bytes += batch.bytes;
    }
  };
  const take = () => FILES.map((f) => part(f).encoder.take());
  try {
    for (const [name, records] of references) {
      for (const record of records) {
        part(name).add(record);
      }
      await checkUniqueFields(load.reader, part(name).unique);
    }
    await writeChunk(take());
    const generator = new MatchGenerator(options.seed, now);
    const step = Math.max(1, Math.ceil(total / (total >= 100_000 ? 100 : 10)));
    let inflight: Promise<void> | null = null;
    let rows = 0;
    for (const [i, m] of schedule.matches.entries()) {
      const out = generator.generate(m);
      for (const [name, pick] of MATCH_FILES) {
        const file = part(name);
        if (!REFERENCE_FILES.has(name) && name !== 'matches.ndjson') {
          file.keys.clear();
        }
        const records = pick(out);
        rows += records.length;
        for (const record of records) {
          file.add(record, name === 'matches.ndjson' ? undefined : m.id);
        }
      }
      if (i % YIELD_EVERY === YIELD_EVERY - 1) {
        await yieldToIo();
      }
      const done = i + 1;
      if (done % CHUNK_MATCHES === 0 || done === total) {
        await inflight;
        const writing = writeChunk(take());
        writing.catch(() => {});
        inflight = writing;
      }
      if (done % step === 0 || done === total) {
        const rate = done / ((performance.now() - started) / 1000);
        progress(
          `demo: ${done}/${total} matches (${Math.round((100 * done) / total)}%), ${(rows / 1e6).toFixed(2)}M records, ${elapsed(started)}, ${Math.round(rate)} matches/s${done < total ? `, about ${Math.round((total - done) / rate)} s to go` : ''}`,
        );
      }
    }
    await inflight;
    // The generator only refers to what it defined: nothing is left to look up (if something
    // were, it would be looked up through the transaction, which holds the locks).
    await refs.settle(load.reader, 'demo');
    progress(`demo: ${total} matches copied in ${elapsed(started)}; restoring indexes`);
    await load.commit();
  } catch (error) {
    await load.rollback();
    throw error;
  } finally {
    clearSquads();
    clearRatings();
  }
  await load.analyze();
  const summaries = FILES.map((f) => part(f).summary);
  const records = Object.fromEntries(summaries.map((s) => [s.file, s.read])) as Record<
    ImportFileName,
    number
  >;
  const elapsedMs = Math.round(performance.now() - started);
  return {
    generated: { dir: null, matches: total, records, bytes },
    imported: { source: DEMO_SOURCE, files: summaries, elapsedMs },
  };
}

function elapsed(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}
