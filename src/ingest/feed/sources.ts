import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BatchResult } from './batch.js';

/** One batch from a source: its name (for errors), its NDJSON text, and what to do once applied. */
export interface FeedBatch {
  name: string;
  text: string;
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
          text: await readFile(path, 'utf8'),
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

/** Standard input: batches are separated by a blank line; the feed ends with the input. */
export function stdinSource(input: NodeJS.ReadableStream): FeedSource {
  return async function* (signal) {
    let buffered = '';
    let count = 0;
    const batch = (text: string): FeedBatch => ({
      name: `stdin batch ${++count}`,
      text,
      settle: async () => {},
    });
    for await (const chunk of input) {
      if (signal.aborted) {
        return;
      }
      buffered += chunk.toString();
      let end = buffered.search(/\n[ \t\r]*\n/);
      while (end >= 0) {
        const text = buffered.slice(0, end + 1);
        buffered = buffered.slice(end + 1).replace(/^[ \t\r]*\n/, '');
        if (text.trim() !== '') {
          yield batch(text);
        }
        end = buffered.search(/\n[ \t\r]*\n/);
      }
    }
    if (buffered.trim() !== '') {
      yield batch(buffered);
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
          const text = await res.text();
          const tag = res.headers.get('etag') ?? undefined;
          yield {
            name: `${url} response ${++count}`,
            text,
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
