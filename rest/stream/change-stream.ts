import type { Writable } from 'node:stream';
import type { ChangeHub } from '../../src/changes/change-hub.js';
import type { LoggedChange } from '../../src/changes/change-log.js';
import { ApiError } from '../../src/errors/api-error.js';
import type { Language } from '../../src/i18n/language.js';
import { ofCompetitions, ofLiveMatches, ofMatches } from '../../src/push/change-filters.js';
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
  /** The matches the client follows; null: every live match (or its competitions' only). */
  matchIds: ReadonlySet<number> | null;
  /** The competitions whose matches and live standings the client follows (issue 49). */
  competitionIds?: ReadonlySet<number> | null | undefined;
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
  const stream = new ChangeStream(hub, values, request, out);
  await stream.start();
  return { close: () => stream.close() };
}

class ChangeStream {
  private readonly queue: LoggedChange[] = [];
  private lastSent = 0n;
  private ready = false;
  private pumping = false;
  private closed = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private unwatch = () => {};
  private stopListening = () => {};
  private readonly carries: (change: LoggedChange) => boolean | Promise<boolean>;
  /** The standings data last sent per followed competition (sent again only when it differs). */
  private readonly tables = new Map<number, string>();

  constructor(
    private readonly hub: ChangeHub,
    private readonly values: ChangeValues,
    private readonly request: StreamRequest,
    private readonly out: Writable,
  ) {
    const { matchIds, competitionIds, analysis } = request;
    this.carries = competitionIds
      ? ofCompetitions(values, { competitionIds, matchIds, analysis })
      : matchIds
        ? ofMatches(matchIds, analysis)
        : ofLiveMatches(values, { analysis });
  }

  /** Listens to the hub, writes what the client missed (or `reset`), then the live changes. */
  async start(): Promise<void> {
    const listening = await this.hub.listen(
      (changes) => {
        this.queue.push(...changes);
        this.pumpInBackground();
      },
      this.request.competitionIds ? null : this.request.matchIds,
    );
    this.stopListening = () => listening.stop();
    this.write('retry: 3000\n\n');
    await this.resume(listening.from);
    await this.writeTables(listening.from);
    this.ready = true;
    this.pumpInBackground();
    this.timers.push(setInterval(() => this.write(': heartbeat\n\n'), HEARTBEAT_MS));
    this.unwatch = this.request.watchKey((error) => this.endWith(error));
    this.timers.push(setInterval(() => this.close(), this.request.maxMs));
    for (const timer of this.timers) {
      timer.unref();
    }
  }

  close(): void {
    if (this.closed) {
      return;
    }
    this.closed = true;
    for (const timer of this.timers) {
      clearInterval(timer);
    }
    this.unwatch();
    this.stopListening();
    this.out.end();
  }

  /** Where the client starts: now, after its `Last-Event-ID` (the missed changes), or `reset`. */
  private async resume(from: bigint): Promise<void> {
    const { lastEventId } = this.request;
    if (lastEventId === null) {
      this.lastSent = from;
    } else if (lastEventId < (await this.hub.oldest()) - 1n) {
      this.reset(from, 'the log no longer holds what you missed: fetch the resources again');
    } else {
      this.lastSent = lastEventId;
      const missed = await this.missedEvents(lastEventId, from);
      if (missed === null) {
        this.reset(
          from,
          'you missed more than a stream replays (1 MiB): fetch the resources again',
        );
      } else {
        this.write(missed);
        this.lastSent = this.lastSent > from ? this.lastSent : from;
      }
    }
  }

  /** The key stopped being good: an `error` event, then the end. */
  private endWith(error: unknown): void {
    const code = error instanceof ApiError ? error.code : 'internal_error';
    const message = error instanceof ApiError ? error.message : 'The stream ended';
    this.write(event('error', null, { code, message }));
    this.close();
  }

  private write(chunk: string | Buffer): void {
    if (this.closed || chunk.length === 0) {
      return;
    }
    if (this.out.writableLength + chunk.length > MAX_BUFFERED_BYTES) {
      // Not an event the client would read: it is too far behind to get it.
      this.out.destroy();
      this.close();
      return;
    }
    this.out.write(chunk);
  }

  /**
   * The change's event, or null when the stream does not carry it; with `tables`, followed by
   * the `standings` event of its competition when the change moved its live table.
   */
  private async eventOf(change: LoggedChange, tables = false): Promise<Buffer | null> {
    if (change.seq <= this.lastSent || !(await this.carries(change))) {
      return null;
    }
    const encoded = await this.values.eventOf(change, this.request.language);
    this.lastSent = change.seq;
    const standings = tables ? await this.tablesAfter(change) : null;
    return standings ? Buffer.concat([encoded, standings]) : encoded;
  }

  /** A followed competition's `standings` event, when its live table differs from the last sent. */
  private async tablesAfter(change: LoggedChange): Promise<Buffer | null> {
    const followed = this.request.competitionIds ?? null;
    if (!followed || change.resource !== 'detail' || change.kind !== 'upsert') {
      return null;
    }
    const match = await this.values.matchAt(change.matchId as number, change.seq);
    if (!match || !followed.has(match.competition.id)) {
      return null;
    }
    return this.tablesEvent(match.competition.id, change.seq, change.seq);
  }

  private async tablesEvent(competitionId: number, seq: bigint, id: bigint | null) {
    const { language } = this.request;
    const text = await this.values.standings.textAt(competitionId, undefined, seq, language);
    if (text === null || this.tables.get(competitionId) === text) {
      return null;
    }
    this.tables.set(competitionId, text);
    return Buffer.from(`${id === null ? '' : `id: ${id}\n`}event: standings\ndata: ${text}\n\n`);
  }

  /**
   * Each followed competition's live table as it is now, once, after the missed changes of a
   * resume (whose own tables are not replayed): without an id, so a resume point stays a change.
   */
  private async writeTables(from: bigint): Promise<void> {
    for (const competitionId of this.request.competitionIds ?? []) {
      const encoded = await this.tablesEvent(competitionId, from, null);
      if (encoded) {
        this.write(encoded);
      }
    }
  }

  /** The events of the changes missed since `after`, or null past MAX_REPLAY_BYTES. */
  private async missedEvents(after: bigint, upTo: bigint): Promise<Buffer | null> {
    const events: Buffer[] = [];
    let bytes = 0;
    for await (const page of this.hub.backlog(after, upTo)) {
      for (const change of page) {
        const encoded = await this.eventOf(change);
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

  private reset(seq: bigint, reason: string): void {
    this.write(event('reset', seq, { seq: String(seq), reason }));
    this.lastSent = seq;
  }

  private pumpInBackground(): void {
    void this.pump().catch(() => this.close());
  }

  /** What is queued, written together (one write per page of changes, not one per change). */
  private async pump(): Promise<void> {
    if (!this.ready || this.pumping) {
      return;
    }
    this.pumping = true;
    try {
      while (this.queue.length > 0 && !this.closed) {
        let page: Buffer[] = [];
        let bytes = 0;
        for (const change of this.queue.splice(0)) {
          const encoded = await this.eventOf(change, true);
          if (encoded) {
            page.push(encoded);
            bytes += encoded.length;
          }
          if (bytes >= WRITE_CHUNK) {
            this.write(Buffer.concat(page, bytes));
            page = [];
            bytes = 0;
          }
        }
        this.write(page.length === 1 ? (page[0] as Buffer) : Buffer.concat(page, bytes));
      }
    } finally {
      this.pumping = false;
    }
  }
}
