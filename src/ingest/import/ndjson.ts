import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { ImportValidationError } from './errors.js';

interface NdjsonLine {
  /** 1-based physical line number in the file (blank lines count). */
  line: number;
  value: unknown;
}

/** Streams the non-blank lines of a file (BOM removed), with their 1-based line numbers. */
export async function* readLines(path: string): AsyncGenerator<{ line: number; text: string }> {
  const input = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 });
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let line = 0;
  try {
    for await (const raw of lines) {
      line += 1;
      const text = line === 1 && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
      if (text.trim() !== '') {
        yield { line, text };
      }
    }
  } finally {
    lines.close();
    input.destroy();
  }
}

/**
 * Streams the records of one NDJSON file, one parsed line at a time; blank lines are skipped.
 * A line that is not JSON is an `ImportValidationError` naming the file and line.
 */
export async function* readNdjson(path: string, file: string): AsyncGenerator<NdjsonLine> {
  for await (const { line, text } of readLines(path)) {
    yield { line, value: parseLine(text, file, line) };
  }
}

function parseLine(text: string, file: string, line: number): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new ImportValidationError({ file, line }, `is not valid JSON (${detail})`);
  }
}
