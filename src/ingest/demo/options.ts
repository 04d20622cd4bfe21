import type { RecordCounts } from './folder-writer.js';

export interface DemoOptions {
  /** Number of matches (default of the CLI: 1,000). */
  matches: number;
  seed: number;
  /** "Now" of the demo: live matches, today's and the coming week's fixtures are relative to it. */
  now: Date;
  onProgress?: (msg: string) => void;
}

export interface DemoStats {
  /** The folder written; null when the demo was streamed into PostgreSQL without one. */
  dir: string | null;
  matches: number;
  /** Records written per file. */
  records: RecordCounts;
  /** Bytes of the NDJSON files (the manifest aside), or characters of COPY text streamed. */
  bytes: number;
}
