import type { ImportFileName } from '../format.js';
import type { BulkTarget } from './bulk/target.js';

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
  /** Where the COPY write pass writes (`bulkTargetOf(database)`); without it, the JSON pass. */
  bulk?: BulkTarget | undefined;
}

export const emptySummary = (file: ImportFileName): FileSummary => ({
  file,
  read: 0,
  inserted: 0,
  updated: 0,
  unchanged: 0,
});
