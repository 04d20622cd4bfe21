import { appendChanges } from '../../changes/change-log.js';
import { refreshSearchTerms } from '../../search/term-store.js';
import { TouchedMatches } from '../changes/touched.js';
import type { ImportFileName } from '../format.js';
import { BulkLoad } from './bulk/load.js';
import type { EncodedBatch, RowEncoder } from './bulk/plan.js';
import type { BulkTarget } from './bulk/target.js';
import { ImportValidationError } from './errors.js';
import { ReferenceTracker } from './references.js';
import type { Rec } from './sql-types.js';
import { emptySummary, type FileSummary, type ImportSummary } from './summary.js';
import { checkUniqueFields, UniqueTracker } from './unique.js';
import { RecordChecker } from './validate.js';

type Progress = (msg: string) => void;

/**
 * One file of a record stream: every record is checked as the importer checks a line (schema,
 * rules, duplicate keys, references; errors name the line the record would have in a folder),
 * then encoded as COPY rows.
 */
class StreamFile<F extends ImportFileName> {
  readonly checker: RecordChecker<F>;
  readonly unique: UniqueTracker;
  readonly summary: FileSummary;
  line = 0;
  /** Keys seen: of the whole file (files that define ids) or of the current owner's records. */
  #keys = new Set<string>();
  #owner: number | undefined;

  constructor(
    readonly file: F,
    readonly encoder: RowEncoder,
    private readonly refs: ReferenceTracker,
    private readonly touched: TouchedMatches,
  ) {
    this.checker = new RecordChecker(file);
    this.unique = new UniqueTracker(file);
    this.summary = emptySummary(file);
  }

  add(value: unknown, matchId: number | undefined): void {
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
    } else {
      if (matchId !== this.#owner) {
        this.#keys.clear();
        this.#owner = matchId;
      }
      if (this.#keys.has(key)) {
        throw new ImportValidationError({ file, line }, `duplicate key (${key})`);
      }
      this.#keys.add(key);
    }
    this.unique.add(record, line);
    this.touched.add(file, record as Rec);
    for (const reference of rule.references(record)) {
      this.refs.refer(reference, line, file);
    }
    this.encoder.add(record as Rec);
  }
}

/**
 * An import fed record by record rather than from a folder (the demo). Records
 * are checked like import lines and encoded as COPY rows; `flush` writes what was added since
 * the last flush with the bulk write pass (bulk/load.ts) while the caller prepares the next
 * chunk. One transaction: `finish` commits, and any failure (call `abort`) commits nothing.
 * Child records given with their `matchId` may repeat keys only across matches; records of
 * one match must come together.
 */
export class RecordStream {
  readonly #load: BulkLoad;
  readonly #refs = new ReferenceTracker();
  readonly #touched = new TouchedMatches();
  readonly #files: Map<ImportFileName, StreamFile<ImportFileName>>;
  readonly #source: string;
  readonly #started = performance.now();
  #inflight: Promise<void> | null = null;
  /** COPY text bytes written so far. */
  bytes = 0;

  private constructor(load: BulkLoad, files: readonly ImportFileName[], source: string) {
    this.#load = load;
    this.#source = source;
    this.#files = new Map(
      files.map((f) => [f, new StreamFile(f, load.encoder(f), this.#refs, this.#touched)]),
    );
  }

  static async open(
    target: BulkTarget,
    files: readonly ImportFileName[],
    source: string,
    onProgress: Progress,
  ): Promise<RecordStream> {
    return new RecordStream(await BulkLoad.begin(target, files, onProgress), files, source);
  }

  /** Checks and encodes one record; `matchId`: the match a child record was generated for. */
  add(file: ImportFileName, record: unknown, matchId?: number): void {
    this.#file(file).add(record, matchId);
  }

  /** Checks the unique fields of `file` against what is already stored (reference files). */
  async checkStoredUnique(file: ImportFileName): Promise<void> {
    await checkUniqueFields(this.#load.reader, this.#file(file).unique);
  }

  /** Waits for the chunk before, then starts writing what was added since. */
  async flush(): Promise<void> {
    await this.#inflight;
    const writing = this.#write([...this.#files.values()].map((f) => f.encoder.take()));
    // Handled now (no unhandled rejection while the caller works); rethrown by the next await.
    writing.catch(() => {});
    this.#inflight = writing;
  }

  /** Writes the rest, checks every reference, commits and refreshes the planner statistics. */
  async finish(): Promise<ImportSummary> {
    await this.flush();
    await this.#inflight;
    await this.#refs.settle(this.#load.reader, this.#source);
    await refreshSearchTerms(this.#load.reader, this.#touched.searchTargets());
    await appendChanges(this.#load.reader, this.#touched.changes(), new Date());
    await this.#load.commit();
    await this.#load.analyze();
    return {
      source: this.#source,
      files: [...this.#files.values()].map((f) => f.summary),
      elapsedMs: Math.round(performance.now() - this.#started),
    };
  }

  async abort(): Promise<void> {
    await this.#inflight?.catch(() => {});
    await this.#load.rollback();
  }

  #file(name: ImportFileName): StreamFile<ImportFileName> {
    const file = this.#files.get(name);
    if (!file) {
      throw new Error(`${name} is not part of this import stream`);
    }
    return file;
  }

  async #write(batches: EncodedBatch[]): Promise<void> {
    for (const batch of batches) {
      const counts = await this.#load.write(batch);
      const summary = this.#file(batch.file).summary;
      summary.read += batch.records;
      summary.inserted += counts.inserted;
      summary.updated += counts.updated;
      summary.unchanged += counts.unchanged;
      this.bytes += batch.bytes;
    }
  }
}
