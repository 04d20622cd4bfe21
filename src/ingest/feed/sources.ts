import { readdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { readLines } from '../import/ndjson.js';
import { type BatchLine, type BatchResult, linesOf } from './batch.js';

/**
 * One batch from a source: its name (for errors), its NDJSON lines, read once and one at a time
 * (a batch is never held as one string: V8 refuses strings over 512 MiB, issue 46), and what to
 * do once applied.
 */
export interface FeedBatch {
  name: string;
  lines(): AsyncIterable<BatchLine>;
  settle(result: BatchResult): Promise<void>;
}

export type FeedSource = (signal: AbortSignal) => AsyncIterable<FeedBatch>;

const wait = (ms: number, signal: AbortSignal) =>
  sleep(ms, undefined, { signal }).catch(() => undefined);

/**
 * A watched folder: every `*.ndjson` file is one batch, taken in name order, then renamed
 * `<name>.done` or `<name>.rejected` (with `<name>.rejected.txt` saying why), so a restarted
 * feed never applies a file twice. The folder is read again every `intervalMs`.
 */
export function folderSource(dir: string, intervalMs: number): FeedSource {
  return async function* (signal) {
    while (!signal.aborted) {
      const names = (await readdir(dir)).filter((n) => n.endsWith('.ndjson')).sort();
      for (const name of names) {
        if (signal.aborted) {
          return;
        }
        const path = join(dir, name);
        yield {
          name,
          lines: () => readLines(path),
          async settle(result) {
            if (result.ok) {
              await rename(path, `${path}.done`);
            } else {
              await rename(path, `${path}.rejected`);
              await writeFile(`${path}.rejected.txt`, `${result.error}\n`);
            }
          },
        };
      }
      await wait(intervalMs, signal);
    }
  };
}

const blank = (text: string) => text.trim() === '';

/**
 * Standard input: batches are separated by a blank line; the feed ends with the input. Each
 * batch is read line by line as the writer asks; what it leaves unread (a bad line stops it) is
 * skipped up to the blank line.
 */
export function stdinSource(input: NodeJS.ReadableStream): FeedSource {
  return async function* (signal) {
    const reader = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
    const read = reader[Symbol.asyncIterator]();
    let next = await read.next();
    let count = 0;
    async function* batchLines(): AsyncGenerator<BatchLine> {
      for (let line = 1; !next.done && !blank(next.value); line++) {
        yield { line, text: next.value };
        next = await read.next();
      }
    }
    try {
      while (!signal.aborted) {
        while (!next.done && blank(next.value)) {
          next = await read.next();
        }
        if (next.done) {
          return;
        }
        const lines = batchLines();
        yield { name: `stdin batch ${++count}`, lines: () => lines, settle: async () => {} };
        while (!next.done && !blank(next.value)) {
          next = await read.next();
        }
      }
    } finally {
      reader.close();
    }
  };
}

/**
 * An HTTP(S) URL polled every `intervalMs` with the last `ETag` in `If-None-Match`: a 304 is
 * nothing new, a 200's body is one batch. A failed poll is reported and tried again.
 */
export function httpSource(
  url: string,
  intervalMs: number,
  onProblem: (message: string) => void,
): FeedSource {
  return async function* (signal) {
    let etag: string | undefined;
    let count = 0;
    while (!signal.aborted) {
      try {
        const res = await fetch(url, {
          headers: etag ? { 'if-none-match': etag } : {},
          signal,
        });
        if (res.status === 200) {
          // Held whole: a body that cannot be (over V8's 512 MiB) is a failed poll, reported.
          const lines = linesOf(await res.text());
          const tag = res.headers.get('etag') ?? undefined;
          yield {
            name: `${url} response ${++count}`,
            lines: async function* () {
              yield* lines;
            },
            // A rejected response is not asked for again (same ETag): the next one is new data.
            settle: async () => {
              etag = tag;
            },
          };
        } else if (res.status !== 304) {
          onProblem(`${url}: HTTP ${res.status}`);
          await res.body?.cancel();
        }
      } catch (error) {
        if (!signal.aborted) {
          onProblem(`${url}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      await wait(intervalMs, signal);
    }
  };
}
