import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';

const CHUNK_CHARS = 1 << 20;

/** One NDJSON file, written in ~1 MB chunks that wait for the stream to drain (backpressure). */
export class NdjsonWriter {
  readonly #stream: WriteStream;
  #lines: string[] = [];
  #chars = 0;
  records = 0;
  bytes = 0;

  constructor(path: string) {
    this.#stream = createWriteStream(path);
  }

  write(record: object): void {
    const line = JSON.stringify(record);
    this.#lines.push(line);
    this.#chars += line.length + 1;
    this.records++;
  }

  writeAll(records: readonly object[]): void {
    for (const r of records) {
      this.write(r);
    }
  }

  /** Hands the buffered lines to the stream once there are enough of them (or always, with `force`). */
  async flush(force = false): Promise<void> {
    if (this.#lines.length === 0 || (!force && this.#chars < CHUNK_CHARS)) {
      return;
    }
    const chunk = `${this.#lines.join('\n')}\n`;
    this.#lines = [];
    this.#chars = 0;
    this.bytes += Buffer.byteLength(chunk);
    if (!this.#stream.write(chunk)) {
      await once(this.#stream, 'drain');
    }
  }

  async close(): Promise<void> {
    await this.flush(true);
    this.#stream.end();
    await finished(this.#stream);
  }

  destroy(): void {
    this.#stream.destroy();
  }
}
