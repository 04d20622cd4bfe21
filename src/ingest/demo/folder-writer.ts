import { join } from 'node:path';
import { IMPORT_FILES, type ImportFileName } from '../format.js';
import type { MatchOutput } from './match-output.js';
import { NdjsonWriter } from './writer.js';

export type RecordCounts = Record<ImportFileName, number>;

/** Which import file each part of a generated match goes to (the folder and the stream alike). */
export const MATCH_FILES: ReadonlyArray<[ImportFileName, (o: MatchOutput) => readonly object[]]> = [
  ['matches.ndjson', (o) => [o.match]],
  ['events.ndjson', (o) => o.events],
  ['statistics.ndjson', (o) => o.statistics],
  ['lineups.ndjson', (o) => o.lineups],
  ['odds.ndjson', (o) => o.odds],
  ['movements.ndjson', (o) => o.movements],
  ['exchange.ndjson', (o) => (o.exchange ? [o.exchange] : [])],
  ['regional.ndjson', (o) => (o.regional ? [o.regional] : [])],
  ['ai-reports.ndjson', (o) => o.aiReports],
  ['tips.ndjson', (o) => o.tips],
];

/** All NDJSON files of the folder, open at once so each match's records stream out together. */
export class FolderWriter {
  readonly #writers: Map<ImportFileName, NdjsonWriter>;

  constructor(dir: string) {
    this.#writers = new Map(
      (Object.keys(IMPORT_FILES) as ImportFileName[]).map((name) => [
        name,
        new NdjsonWriter(join(dir, name)),
      ]),
    );
  }

  private writer(name: ImportFileName): NdjsonWriter {
    const w = this.#writers.get(name);
    if (!w) {
      throw new Error(`no writer for ${name}`);
    }
    return w;
  }

  writeRecords(name: ImportFileName, records: readonly object[]): void {
    this.writer(name).writeAll(records);
  }

  writeMatch(out: MatchOutput): void {
    for (const [name, pick] of MATCH_FILES) {
      this.writer(name).writeAll(pick(out));
    }
  }

  async flush(): Promise<void> {
    for (const w of this.#writers.values()) {
      await w.flush();
    }
  }

  async close(): Promise<{ records: RecordCounts; bytes: number }> {
    let bytes = 0;
    const records = {} as RecordCounts;
    for (const [name, w] of this.#writers) {
      await w.close();
      records[name] = w.records;
      bytes += w.bytes;
    }
    return { records, bytes };
  }

  destroy(): void {
    for (const w of this.#writers.values()) {
      w.destroy();
    }
  }
}
