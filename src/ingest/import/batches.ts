import { readLines } from './ndjson.js';

/** Batches are cut at whichever comes first: this many records or this many characters. */
const MAX_RECORDS = 5_000;
const MAX_CHARS = 8_000_000;

interface Batch {
  /** The records as one JSON array text: the already validated lines, joined. */
  json: string;
  count: number;
}

/** Streams a validated NDJSON file as JSON array batches, without parsing it again. */
export async function* readBatches(path: string): AsyncGenerator<Batch> {
  let lines: string[] = [];
  let chars = 0;
  for await (const { text } of readLines(path)) {
    lines.push(text);
    chars += text.length;
    if (lines.length >= MAX_RECORDS || chars >= MAX_CHARS) {
      yield { json: `[${lines.join(',')}]`, count: lines.length };
      lines = [];
      chars = 0;
    }
  }
  if (lines.length > 0) {
    yield { json: `[${lines.join(',')}]`, count: lines.length };
  }
}
