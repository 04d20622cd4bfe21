import type { PrismaClient } from '../db/generated/client.js';
import type { EventBus } from '../events/event-bus.js';
import { changesAfter, type LoggedChange } from './change-log.js';

/** Entries read from the log per statement. */
const PAGE = 500;
/** Safety net: the log is read this often while anyone listens, even if no event came. */
const POLL_MS = 1_000;

export type ChangeListener = (changes: readonly LoggedChange[]) => void;

/**
 * One instance's view of the change log for its push streams (docs/push.md): it reads the
 * entries a write appended once, when the data-changed event of that write arrives (from this
 * instance or, through Redis or NOTIFY, another), and hands them in order to every listener.
 * Streams that resume read the entries they missed with `backlog`.
 */
export class ChangeHub {
  readonly #db: PrismaClient;
  readonly #onUnannounced: () => void;
  /** Listeners of every match's changes, and listeners of some matches, by match. */
  readonly #listeners = new Set<ChangeListener>();
  readonly #byMatch = new Map<number, Set<ChangeListener>>();
  #count = 0;
  #position: bigint | null = null;
  /** The highest sequence a data-changed event has announced to this instance. */
  #announced = 0n;
  #reading: Promise<void> | null = null;
  #again = false;
  readonly #unsubscribeEvents: () => void;
  readonly #poller: NodeJS.Timeout;

  constructor(
    db: PrismaClient,
    events: Pick<EventBus, 'subscribe'>,
    /**
     * Told before listeners hear entries that no data-changed event has announced yet (a write
     * whose event is still on its way, or was lost): the values read for them must not come from
     * a replica that has not replayed them (`DataReads.markChanged`, docs/scale.md).
     */
    onUnannounced: () => void = () => {},
  ) {
    this.#db = db;
    this.#onUnannounced = onUnannounced;
    this.#unsubscribeEvents = events.subscribe((event) => {
      if (event.type === 'data-changed') {
        this.#heard(event.changes?.seq);
      }
    });
    this.#poller = setInterval(() => {
      if (this.#count > 0) {
        void this.#read();
      }
    }, POLL_MS);
    this.#poller.unref();
  }

  /**
   * Listens from now on, to every match's changes or to those of `matchIds`: answers the
   * position from which `listener` hears every such entry (older ones it may also hear, and
   * must skip).
   */
  async listen(
    listener: ChangeListener,
    matchIds: ReadonlySet<number> | null = null,
  ): Promise<{ from: bigint; stop: () => void }> {
    // Nobody listened, so nothing was read: where the hub stood is old news. Start from the
    // log's end (the first listener may also hear older entries from a read in flight; the
    // stream skips what is not after `from`).
    const first = this.#count === 0;
    this.#count += 1;
    if (matchIds) {
      for (const id of matchIds) {
        const set = this.#byMatch.get(id) ?? new Set();
        set.add(listener);
        this.#byMatch.set(id, set);
      }
    } else {
      this.#listeners.add(listener);
    }
    if (first || this.#position === null) {
      this.#position = await this.#latest();
    }
    let stopped = false;
    const stop = () => {
      if (stopped) {
        return;
      }
      stopped = true;
      this.#unlisten(listener, matchIds);
    };
    return { from: this.#position, stop };
  }

  /** How far the log has been read (0 before the first read); may be passed on unbound. */
  readonly position = (): bigint => this.#position ?? 0n;

  /**
   * The entries after `after` up to `upTo`, in order, a page at a time (a resumed stream's
   * gap): the reader stops when it has had enough, so a long gap is never read whole.
   */
  async *backlog(after: bigint, upTo: bigint): AsyncGenerator<LoggedChange[]> {
    let from = after;
    while (from < upTo) {
      const page = await changesAfter(this.#db, from, PAGE);
      const last = page[page.length - 1];
      if (!last) {
        return;
      }
      const inGap = page.filter((c) => c.seq <= upTo);
      this.#beforeHanding(inGap);
      yield inGap;
      from = last.seq;
    }
  }

  /** The oldest entry the log still holds (0 when it is empty). */
  async oldest(): Promise<bigint> {
    const rows = await this.#db.$queryRawUnsafe<{ seq: string | null }[]>(
      'SELECT min(seq)::text AS seq FROM change_log',
    );
    return BigInt(rows[0]?.seq ?? 0);
  }

  close(): void {
    clearInterval(this.#poller);
    this.#unsubscribeEvents();
    this.#listeners.clear();
    this.#byMatch.clear();
    this.#count = 0;
  }

  #unlisten(listener: ChangeListener, matchIds: ReadonlySet<number> | null): void {
    this.#count -= 1;
    this.#listeners.delete(listener);
    for (const id of matchIds ?? []) {
      const set = this.#byMatch.get(id);
      set?.delete(listener);
      if (set?.size === 0) {
        this.#byMatch.delete(id);
      }
    }
  }

  /** A data-changed event, with the sequence of the last entry it announces when it says. */
  #heard(seq: string | undefined): void {
    if (seq !== undefined && /^\d{1,19}$/.test(seq) && BigInt(seq) > this.#announced) {
      this.#announced = BigInt(seq);
    }
    if (this.#count === 0) {
      return;
    }
    // The same write can be announced twice (NOTIFY and Redis, or a summary split in parts):
    // what the hub has already read needs no read.
    if (
      seq !== undefined &&
      this.#position !== null &&
      this.#reading === null &&
      BigInt(seq) <= this.#position
    ) {
      return;
    }
    void this.#read();
  }

  /** The page to every listener of everything, and to each other one the entries it follows. */
  #dispatch(page: readonly LoggedChange[]): void {
    for (const listener of this.#listeners) {
      listener(page);
    }
    if (this.#byMatch.size === 0) {
      return;
    }
    const followed = new Map<ChangeListener, LoggedChange[]>();
    for (const change of page) {
      for (const listener of this.#byMatch.get(change.matchId as number) ?? []) {
        const entries = followed.get(listener);
        if (entries) {
          entries.push(change);
        } else {
          followed.set(listener, [change]);
        }
      }
    }
    for (const [listener, entries] of followed) {
      listener(entries);
    }
  }

  #beforeHanding(entries: readonly LoggedChange[]): void {
    const last = entries[entries.length - 1];
    if (last && last.seq > this.#announced) {
      this.#onUnannounced();
    }
  }

  async #latest(): Promise<bigint> {
    const rows = await this.#db.$queryRawUnsafe<{ seq: string | null }[]>(
      'SELECT max(seq)::text AS seq FROM change_log',
    );
    return BigInt(rows[0]?.seq ?? 0);
  }

  async #catchUp(): Promise<void> {
    this.#position ??= await this.#latest();
    for (;;) {
      const page = await changesAfter(this.#db, this.#position, PAGE);
      const last = page[page.length - 1];
      if (!last) {
        return;
      }
      this.#position = last.seq;
      this.#beforeHanding(page);
      this.#dispatch(page);
      if (page.length < PAGE) {
        // The log's end: another read would find nothing (a later write sends its own event).
        return;
      }
    }
  }

  /** Reads what is new, one read at a time; a call during a read asks for one more after it. */
  #read(): Promise<void> {
    if (this.#reading) {
      this.#again = true;
      return this.#reading;
    }
    this.#reading = this.#catchUp()
      .catch(() => {
        // The next event or poll tries again: nothing is lost, the position did not move.
      })
      .finally(() => {
        this.#reading = null;
        if (this.#again) {
          this.#again = false;
          void this.#read();
        }
      });
    return this.#reading;
  }
}

export function createChangeHub(
  db: PrismaClient,
  events: Pick<EventBus, 'subscribe'>,
  onUnannounced?: () => void,
): ChangeHub {
  return new ChangeHub(db, events, onUnannounced);
}
