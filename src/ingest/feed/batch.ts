import type { LoggedChange } from '../../changes/change-log.js';
import type { PrismaClient } from '../../db/generated/client.js';
import { databaseRefusal } from '../../db/refusal.js';
import { applyChanges, type NumberedChange } from '../changes/apply.js';
import { checkChange } from '../changes/format.js';
import { ImportValidationError } from '../import/errors.js';

export type BatchResult =
  | { ok: true; records: number; changes: LoggedChange[] }
  | { ok: false; records: number; error: string };

/** A non-blank line of a batch and its number (lines count from 1, blank lines included). */
export interface BatchLine {
  line: number;
  text: string;
}

function parseLine({ line, text }: BatchLine, source: string): NumberedChange {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ImportValidationError({ file: source, line }, 'not valid JSON');
  }
  return { line, change: checkChange(value, line, source) };
}

/** The non-blank lines of a batch held as text. */
export function linesOf(text: string): BatchLine[] {
  return text
    .split('\n')
    .map((raw, i) => ({ line: i + 1, text: raw.trim() }))
    .filter((l) => l.text !== '');
}

/** The change records of one batch of NDJSON text; blank lines are skipped, lines count from 1. */
export function parseBatch(text: string, source: string): NumberedChange[] {
  return linesOf(text).map((l) => parseLine(l, source));
}

/** The same, from lines read one at a time (a batch file is streamed, never read whole). */
async function readBatch(
  lines: AsyncIterable<BatchLine> | Iterable<BatchLine>,
  source: string,
): Promise<NumberedChange[]> {
  const out: NumberedChange[] = [];
  for await (const l of lines) {
    out.push(parseLine(l, source));
  }
  return out;
}

/**
 * One batch of a provider feed (docs/feed-format.md): every line checked, then all of it written
 * by the one writer in one transaction, or none of it. A bad record is reported with its line,
 * and so is a batch the database refuses (its reason, on one line); the caller goes on with the
 * next batch. A database that cannot be reached is thrown: the batch is not at fault.
 */
export async function applyBatch(
  db: PrismaClient,
  lines: AsyncIterable<BatchLine> | Iterable<BatchLine>,
  source: string,
  now: Date,
): Promise<BatchResult> {
  let records = 0;
  try {
    const batch = await readBatch(lines, source);
    records = batch.length;
    return { ok: true, records, changes: await applyChanges(db, batch, source, now) };
  } catch (error) {
    if (error instanceof ImportValidationError) {
      return { ok: false, records, error: error.message };
    }
    const refusal = databaseRefusal(error);
    if (refusal) {
      return { ok: false, records, error: `the database refused the batch: ${refusal}` };
    }
    throw error;
  }
}
