import type pg from 'pg';
import type { ImportFileName } from '../format.js';

/** What one file did: records read, and how many were new, changed or already identical. */
export interface FileSummary {
  file: ImportFileName;
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface ImportSummary {
  /** `source` of the manifest. */
  source: string;
  files: FileSummary[];
  elapsedMs: number;
}

export interface ImportOptions {
  onProgress?: (msg: string) => void;
  /** PostgreSQL only: the `pg` pool to write with COPY (`pgPoolOf(database)`). */
  pool?: pg.Pool | undefined;
}

export const emptySummary = (file: ImportFileName): FileSummary => ({
  file,
  read: 0,
  inserted: 0,
  updated: 0,
  unchanged: 0,
});
