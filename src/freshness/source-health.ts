import type { SqlRead } from '../db/sql.js';
import { readSourceStates, type SourceStateRow } from './freshness-reads.js';

/** One source as `/metrics` and `/readyz` report it (docs/sources/freshness.md). */
export interface SourceHealthStatus extends SourceStateRow {
  /** Seconds since the last good pass; null before the first. */
  lagSeconds: number | null;
  /**
   * A fixture source silent past SOURCE_STALE_AFTER after its next poll was due (or never
   * successful) while it owns a live match: the match lists showing those matches answer 503.
   */
  stale: boolean;
}

interface SourceHealthOptions {
  read: SqlRead;
  staleAfterSeconds: number;
  now: () => Date;
  /** How long one read serves every caller (scrapes and probes of several targets at once). */
  maxAgeMs?: number;
}

export type SourceHealthReader = () => Promise<SourceHealthStatus[]>;

/** Judges one source's row at `now`. */
export function healthOf(
  row: SourceStateRow,
  now: Date,
  staleAfterSeconds: number,
): SourceHealthStatus {
  const lagSeconds = row.lastSuccessAt
    ? Math.max(0, now.getTime() - row.lastSuccessAt.getTime()) / 1000
    : null;
  // Silent once the poll after the last good one is overdue by the staleness budget.
  const silent = lagSeconds === null || lagSeconds > staleAfterSeconds + row.pollSeconds;
  return { ...row, lagSeconds, stale: row.role === 'fixtures' && row.liveMatches > 0 && silent };
}

/**
 * Every source's health, read on demand (a scrape, a readiness probe) in one statement and shared
 * for a second by every caller meanwhile: nothing is read on the request path.
 */
export function createSourceHealth(options: SourceHealthOptions): SourceHealthReader {
  const maxAgeMs = options.maxAgeMs ?? 1000;
  let last: { at: number; value: Promise<SourceHealthStatus[]> } | undefined;
  return () => {
    const started = Date.now();
    if (last && started - last.at < maxAgeMs) {
      return last.value;
    }
    const value = readSourceStates(options.read).then((rows) => {
      const now = options.now();
      return rows.map((row) => healthOf(row, now, options.staleAfterSeconds));
    });
    // A failed read is not kept: the next caller tries again.
    value.catch(() => {
      if (last?.value === value) {
        last = undefined;
      }
    });
    last = { at: started, value };
    return value;
  };
}
