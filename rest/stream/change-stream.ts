import type { Writable } from 'node:stream';
import type { ChangeHub } from '../../src/changes/change-hub.js';
import type { LoggedChange } from '../../src/changes/change-log.js';
import { ApiError } from '../../src/errors/api-error.js';
import type { Language } from '../../src/i18n/language.js';
import { ofLiveMatches, ofMatches } from '../../src/push/change-filters.js';
import type { ChangeValues } from '../../src/push/change-values.js';
import type { KeyRefused } from '../../src/push/push.js';

/** A comment line every this often keeps proxies from closing a quiet stream (DECISIONS.md). */
export const HEARTBEAT_MS = 15_000;
/** Queued events are written together up to this many bytes at a time. */
const WRITE_CHUNK = 64 * 1024;
/** A client this far behind (bytes written and not yet taken) is disconnected. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/**
 * A resume replays at most this many bytes of missed changes; past it the client gets `reset`
 * (docs/push.md). The replay is written before the client reads anything, so it must leave room
 * under MAX_BUFFERED_BYTES for the changes that come while the response starts.
 */
const MAX_REPLAY_BYTES = MAX_BUFFERED_BYTES - WRITE_CHUNK;

export interface StreamRequest {
  /** The matches the client follows; null: every live match. */
  matchIds: ReadonlySet<number> | null;
  /** The last event the client saw (the `Last-Event-ID` header), if it resumes. */
  lastEventId: bigint | null;
  /** The caller's tier reads analysis (Plus and Pro): analysis changes reach it. */
  analysis: boolean;
  language: Language;
  /**
   * Watches the stream's key (push.ts `watchKey`): `refused` hears the ApiError of a key no
   * longer good (revoked, expired); the returned function stops watching.
   */
  watchKey(refused: KeyRefused): () => void;
  /** How long the stream stays open before it ends (the client reconnects and resumes). */
  maxMs: number;
}

const event = (name: string, id: bigint | null, data: unknown) =>
  `${id === null ? '' : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * One client's Server-Sent Events stream of changes (docs/push.md): the changes it missed since
 * `Last-Event-ID` first (in order, each once) or a `reset` when the log no longer holds them,
 * then every change as it is written; heartbeats; an `error` event and the end when its key
 * stops being good; the end when the client falls too far behind or the stream's time is up.
 */
export async function openChangeStream(
  hub: ChangeHub,
  values: ChangeValues,
  request: StreamRequest,
  out: Writable,
): Promise<{ close: () => void }> {
  const queue: LoggedChange[] = [];
  let lastSent = 0n;
  let ready = false;
  let pumping = false;
  let closed = false;
  const timers: NodeJS.Timeout[] = [];
  let unwatch = () => {};

  const close = () => {
    if (closed) {
      return;
    }
    closed = true;
    for (const timer of timers) {
      clearInterval(timer);
    }
    unwatch();
    listening.stop();
    out.end();
  };
  const write = (chunk: string | Buffer) => {
    if (closed || chunk.length === 0) {
      return;
    }
    if (out.writableLength + chunk.length > MAX_BUFFERED_BYTES) {
      // Not an event the client would read: it is too far behind to get it.
      out.destroy();
      close();
      return;
    }
    out.write(chunk);
  };

  const carries = request.matchIds
    ? ofMatches(request.matchIds, request.analysis)
    : ofLiveMatches(values, { analysis: request.analysis });

  /** The change's event, or null when the stream does not carry it. */
  async function eventOf(change: LoggedChange): Promise<Buffer | null> {
    if (change.seq <= lastSent || !(await carries(change))) {
      return null;
    }
    const encoded = await values.eventOf(change, request.language);
    lastSent = change.seq;
    return encoded;
  }

  /** The events of the changes missed since `after`, or null past MAX_REPLAY_BYTES. */
  async function missedEvents(after: bigint, upTo: bigint): Promise<Buffer | null> {
    const events: Buffer[] = [];
    let bytes = 0;
    for await (const page of hub.backlog(after, upTo)) {
      for (const change of page) {
        const encoded = await eventOf(change);
        if (!encoded) {
          continue;
        }
        bytes += encoded.length;
        if (bytes > MAX_REPLAY_BYTES) {
          return null;
        }
        events.push(encoded);
      }
    }
    return Buffer.concat(events, bytes);
  }

  const reset = (seq: bigint, reason: string) => {
    write(event('reset', seq, { seq: String(seq), reason }));
    lastSent = seq;
  };

  /** What is queued, written together (one write per page of changes, not one per change). */
  async function pump(): Promise<void> {
    if (!ready || pumping) {
      return;
    }
    pumping = true;
    try {
      while (queue.length > 0 && !closed) {
        let page: Buffer[] = [];
        let bytes = 0;
        for (const change of queue.splice(0)) {
          const encoded = await eventOf(change);
          if (encoded) {
            page.push(encoded);
            bytes += encoded.length;
          }
          if (bytes >= WRITE_CHUNK) {
            write(Buffer.concat(page, bytes));
            page = [];
            bytes = 0;
          }
        }
        write(page.length === 1 ? (page[0] as Buffer) : Buffer.concat(page, bytes));
      }
    } finally {
      pumping = false;
    }
  }

  const listening = await hub.listen((changes) => {
    queue.push(...changes);
    void pump().catch(close);
  }, request.matchIds);
  write('retry: 3000\n\n');
  if (request.lastEventId === null) {
    lastSent = listening.from;
  } else if (request.lastEventId < (await hub.oldest()) - 1n) {
    reset(listening.from, 'the log no longer holds what you missed: fetch the resources again');
  } else {
    lastSent = request.lastEventId;
    const missed = await missedEvents(request.lastEventId, listening.from);
    if (missed === null) {
      reset(
        listening.from,
        'you missed more than a stream replays (1 MiB): fetch the resources again',
      );
    } else {
      write(missed);
      lastSent = lastSent > listening.from ? lastSent : listening.from;
    }
  }
  ready = true;
  void pump().catch(close);

  timers.push(setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_MS));
  unwatch = request.watchKey((error) => {
    const code = error instanceof ApiError ? error.code : 'internal_error';
    const message = error instanceof ApiError ? error.message : 'The stream ended';
    write(event('error', null, { code, message }));
    close();
  });
  timers.push(setInterval(close, request.maxMs));
  for (const timer of timers) {
    timer.unref();
  }
  return { close };
}
