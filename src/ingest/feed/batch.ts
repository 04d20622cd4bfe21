import type { PrismaClient } from '../../db/generated/client.js';
import { applyChanges, type NumberedChange } from '../changes/apply.js';
import type { LoggedChange } from '../changes/change-log.js';
import { checkChange } from '../changes/format.js';
import { ImportValidationError } from '../import/errors.js';

export type BatchResult =
  | { ok: true; records: number; changes: LoggedChange[] }
  | { ok: false; records: number; error: string };

/** The change records of one batch of NDJSON text; blank lines are skipped, lines count from 1. */
export function parseBatch(text: string, source: string): NumberedChange[] {
  const out: NumberedChange[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    const body = raw.trim();
    if (body === '') {
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      throw new ImportValidationError({ file: source, line }, 'not valid JSON');
    }
    out.push({ line, change: checkChange(value, line, source) });
  });
  return out;
}

/**
 * One batch of a provider feed (docs/feed-format.md): every line checked, then all of it written
 * by the one writer in one transaction, or none of it. A bad record is reported with its line;
 * the caller goes on with the next batch.
 */
export async function applyBatch(
  db: PrismaClient,
  text: string,
  source: string,
  now: Date,
): Promise<BatchResult> {
  let records = 0;
  try {
    const batch = parseBatch(text, source);
    records = batch.length;
    return { ok: true, records, changes: await applyChanges(db, batch, source, now) };
  } catch (error) {
    if (error instanceof ImportValidationError) {
      return { ok: false, records, error: error.message };
    }
    throw error;
  }
}
