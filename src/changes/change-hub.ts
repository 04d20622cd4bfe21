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
export function createChangeHub(
  db: PrismaClient,
  events: Pick<EventBus, 'subscribe'>,
  /**
   * Told before listeners hear entries that no data-changed event has announced yet (a write
   * whose event is still on its way, or was lost): the values read for them must not come from
   * a replica that has not replayed them (`DataReads.markChanged`, docs/scale.md).
   */
  onUnannounced: () => void = () => {},
) {
  /** Listeners of every match's changes, and listeners of some matches, by match. */
  const listeners = new Set<ChangeListener>();
  const byMatch = new Map<number, Set<ChangeListener>>();
  let count = 0;

  /** The page to every listener of everything, and to each other one the entries it follows. */
  function dispatch(page: readonly LoggedChange[]): void {
    for (const listener of listeners) {
      listener(page);
    }
    if (byMatch.size === 0) {
      return;
    }
    const followed = new Map<ChangeListener, LoggedChange[]>();
    for (const change of page) {
      for (const listener of byMatch.get(change.matchId as number) ?? []) {
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
  let position: bigint | null = null;
  /** The highest sequence a data-changed event has announced to this instance. */
  let announced = 0n;
  const beforeHanding = (entries: readonly LoggedChange[]) => {
    const last = entries[entries.length - 1];
    if (last && last.seq > announced) {
      onUnannounced();
    }
  };
  let reading: Promise<void> | null = null;
  let again = false;

  const latest = async (): Promise<bigint> => {
    const rows = await db.$queryRawUnsafe<{ seq: string | null }[]>(
      'SELECT max(seq)::text AS seq FROM change_log',
    );
    return BigInt(rows[0]?.seq ?? 0);
  };

  async function catchUp(): Promise<void> {
    position ??= await latest();
    for (;;) {
      const page = await changesAfter(db, position, PAGE);
      const last = page[page.length - 1];
      if (!last) {
        return;
      }
      position = last.seq;
      beforeHanding(page);
      dispatch(page);
      if (page.length < PAGE) {
        // The log's end: another read would find nothing (a later write sends its own event).
        return;
      }
    }
  }

  /** Reads what is new, one read at a time; a call during a read asks for one more after it. */
  function read(): Promise<void> {
    if (reading) {
      again = true;
      return reading;
    }
    reading = catchUp()
      .catch(() => {
        // The next event or poll tries again: nothing is lost, the position did not move.
      })
      .finally(() => {
        reading = null;
        if (again) {
          again = false;
          void read();
        }
      });
    return reading;
  }

  const unsubscribeEvents = events.subscribe((event) => {
    if (event.type !== 'data-changed') {
      return;
    }
    const seq = event.changes?.seq;
    if (seq !== undefined && /^\d{1,19}$/.test(seq) && BigInt(seq) > announced) {
      announced = BigInt(seq);
    }
    if (count === 0) {
      return;
    }
    // The same write can be announced twice (NOTIFY and Redis, or a summary split in parts):
    // what the hub has already read needs no read.
    if (seq !== undefined && position !== null && reading === null && BigInt(seq) <= position) {
      return;
    }
    void read();
  });
  const poller = setInterval(() => {
    if (count > 0) {
      void read();
    }
  }, POLL_MS);
  poller.unref();

  return {
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
      const first = count === 0;
      count += 1;
      if (matchIds) {
        for (const id of matchIds) {
          const set = byMatch.get(id) ?? new Set();
          set.add(listener);
          byMatch.set(id, set);
        }
      } else {
        listeners.add(listener);
      }
      if (first || position === null) {
        position = await latest();
      }
      let stopped = false;
      const stop = () => {
        if (stopped) {
          return;
        }
        stopped = true;
        count -= 1;
        listeners.delete(listener);
        for (const id of matchIds ?? []) {
          const set = byMatch.get(id);
          set?.delete(listener);
          if (set?.size === 0) {
            byMatch.delete(id);
          }
        }
      };
      return { from: position, stop };
    },
    /** How far the log has been read (0 before the first read). */
    position: (): bigint => position ?? 0n,
    /**
     * The entries after `after` up to `upTo`, in order, a page at a time (a resumed stream's
     * gap): the reader stops when it has had enough, so a long gap is never read whole.
     */
    async *backlog(after: bigint, upTo: bigint): AsyncGenerator<LoggedChange[]> {
      let from = after;
      while (from < upTo) {
        const page = await changesAfter(db, from, PAGE);
        const last = page[page.length - 1];
        if (!last) {
          return;
        }
        const inGap = page.filter((c) => c.seq <= upTo);
        beforeHanding(inGap);
        yield inGap;
        from = last.seq;
      }
    },
    /** The oldest entry the log still holds (0 when it is empty). */
    async oldest(): Promise<bigint> {
      const rows = await db.$queryRawUnsafe<{ seq: string | null }[]>(
        'SELECT min(seq)::text AS seq FROM change_log',
      );
      return BigInt(rows[0]?.seq ?? 0);
    },
    close(): void {
      clearInterval(poller);
      unsubscribeEvents();
      listeners.clear();
      byMatch.clear();
      count = 0;
    },
  };
}

export type ChangeHub = ReturnType<typeof createChangeHub>;
