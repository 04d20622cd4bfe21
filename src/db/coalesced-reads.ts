/** A read of rows by key: the rows found, by key (absent keys have no row). */
type KeyedRead<K, V> = (keys: readonly K[]) => Promise<Map<K, V>>;

/** How many distinct keys one statement reads at most; a fuller batch is sent at once. */
const MAX_KEYS = 256;

interface Batch<K, V> {
  keys: Set<K>;
  rows: Promise<Map<K, V>>;
  /** Sends the batch's statement (once); no key joins it after. */
  send(): void;
}

/**
 * `read` shared by every caller of one turn of the event loop: the keys asked for while a batch
 * is open are read by ONE statement, sent when the turn's I/O callbacks have run (setImmediate),
 * and each caller gets the rows of its own keys. Under load the requests that arrived together
 * share a round trip (docs/performance-miss-path.md "Reads shared across requests"): the
 * statement, its write to the database and its wake-up cost most of a primary-key read, not the
 * row. A batch is only ever joined before it is sent, so every caller's rows were read after it
 * asked for them, never an answer already on its way; a failed read fails each of its callers.
 */
export function coalescedReads<K, V>(read: KeyedRead<K, V>, maxKeys = MAX_KEYS): KeyedRead<K, V> {
  let open: Batch<K, V> | undefined;

  function openBatch(): Batch<K, V> {
    let settle!: (rows: Promise<Map<K, V>>) => void;
    let sent = false;
    const batch: Batch<K, V> = {
      keys: new Set(),
      rows: new Promise<Map<K, V>>((resolve) => {
        settle = resolve;
      }),
      send() {
        if (sent) {
          return;
        }
        sent = true;
        if (open === batch) {
          open = undefined;
        }
        try {
          settle(read([...batch.keys]));
        } catch (error) {
          settle(Promise.reject(error));
        }
      },
    };
    setImmediate(() => batch.send());
    return batch;
  }

  return async (keys) => {
    if (keys.length === 0) {
      return new Map();
    }
    const batches = new Set<Batch<K, V>>();
    for (const key of keys) {
      open ??= openBatch();
      const batch = open;
      batch.keys.add(key);
      batches.add(batch);
      if (batch.keys.size >= maxKeys) {
        batch.send();
      }
    }
    const found = await Promise.all([...batches].map((b) => b.rows));
    const mine = new Map<K, V>();
    for (const key of keys) {
      for (const rows of found) {
        const row = rows.get(key);
        if (row !== undefined) {
          mine.set(key, row);
          break;
        }
      }
    }
    return mine;
  };
}

/**
 * `run` shared by the callers of one turn of the event loop that ask the same thing (equal
 * `keyOf`): one call per distinct key, made when the turn's I/O callbacks have run, its answer
 * (or its failure) handed to every caller that asked for that key, and to no other. As with
 * `coalescedReads`, a call is joined only before it starts, so every caller's answer was read
 * after it asked; nothing is kept once the call has started.
 */
export function coalescedCalls<A, R>(
  run: (arg: A) => Promise<R>,
  keyOf: (arg: A) => string,
): (arg: A) => Promise<R> {
  let open:
    | Map<string, { arg: A; answer: Promise<R>; settle: (answer: Promise<R>) => void }>
    | undefined;

  function openTurn() {
    const turn: NonNullable<typeof open> = new Map();
    setImmediate(() => {
      // Closed before its calls start: a caller from now on opens a turn of its own.
      open = undefined;
      for (const { arg, settle } of turn.values()) {
        try {
          settle(run(arg));
        } catch (error) {
          settle(Promise.reject(error));
        }
      }
    });
    return turn;
  }

  return (arg) => {
    open ??= openTurn();
    const key = keyOf(arg);
    const joined = open.get(key);
    if (joined) {
      return joined.answer;
    }
    let settle!: (answer: Promise<R>) => void;
    const answer = new Promise<R>((resolve) => {
      settle = resolve;
    });
    open.set(key, { arg, settle, answer });
    return answer;
  };
}
