import pg from 'pg';
import type { LoggedChange } from '../../changes/change-log.js';
import type { PrismaClient } from '../../db/generated/client.js';

/**
 * One writer at a time across instances (DECISIONS.md "Live data"). `acquire` is called again
 * and again by instances that do not write; `check` by the one that does, which stops writing
 * the moment it returns false.
 */
export interface WriterLease {
  acquire(): Promise<boolean>;
  /** Whether this instance still holds the lease (its connection answers). */
  check(): Promise<boolean>;
  release(): Promise<void>;
}

export interface LeaseWait {
  lease: WriterLease;
  leasePollMs: number;
  signal: AbortSignal;
  report: (line: string) => void;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

/**
 * What every command that writes as the one writer is given (feed, replay, sync): the lease, how
 * it tells running servers what a write changed, and its report line.
 */
export interface WriterRun {
  db: PrismaClient;
  lease: WriterLease;
  leasePollMs: number;
  signal: AbortSignal;
  /** After a write that changed something: tell the caches what changed. */
  onChanged: (changes: LoggedChange[]) => Promise<void>;
  report: (line: string) => void;
}

/**
 * Waits until this instance holds the writer lease, asking every `leasePollMs` and saying once
 * that another instance writes; false when `signal` stops the wait first.
 */
export async function holdLease(wait: LeaseWait, who: string): Promise<boolean> {
  let said = false;
  while (!wait.signal.aborted) {
    if (await wait.lease.acquire()) {
      return true;
    }
    if (!said) {
      wait.report(`${who}: another instance writes; waiting for the writer lease`);
      said = true;
    }
    await wait.sleep(wait.leasePollMs, wait.signal);
  }
  return false;
}

/** The advisory lock's key: arbitrary but fixed ("touchline live writer"). */
const WRITER_LOCK = 7_311_046_002;
const CONNECT_TIMEOUT_MS = 3_000;
const QUERY_TIMEOUT_MS = 3_000;

/**
 * PGlite serves one process (the data folder is locked to it): that process is the writer.
 */
export function embeddedLease(): WriterLease {
  return {
    acquire: async () => true,
    check: async () => true,
    release: async () => {},
  };
}

/**
 * PostgreSQL: a session advisory lock on a connection of its own. The lock lives as long as that
 * session: when the writer stops, dies (kill -9 closes its socket) or loses its connection,
 * PostgreSQL releases it and the next instance to ask gets it. A writer whose connection stops
 * answering stops writing at its next check, before anyone else can have taken over.
 */
export function postgresLease(connectionString: string): WriterLease {
  let client: pg.Client | null = null;

  const drop = async () => {
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };

  return {
    async acquire() {
      if (!client) {
        const next = new pg.Client({
          connectionString,
          connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
          query_timeout: QUERY_TIMEOUT_MS,
          keepAlive: true,
          application_name: 'touchline live writer',
        });
        // A broken connection is noticed by the next check; never an unhandled error.
        next.on('error', () => {});
        try {
          await next.connect();
        } catch {
          await next.end().catch(() => {});
          return false;
        }
        client = next;
      }
      try {
        const { rows } = await client.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_lock($1) AS locked',
          [WRITER_LOCK],
        );
        if (rows[0]?.locked === true) {
          return true;
        }
      } catch {
        await drop();
        return false;
      }
      // Someone else writes: do not keep an idle connection open meanwhile.
      await drop();
      return false;
    },
    async check() {
      if (!client) {
        return false;
      }
      try {
        // Held by this session: the lock is counted once per acquisition, so ask pg_locks.
        const { rows } = await client.query<{ held: boolean }>(
          `SELECT EXISTS (
             SELECT 1 FROM pg_locks
              WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND granted
                AND ((classid::bigint << 32) | objid::bigint) = $1::bigint
           ) AS held`,
          [WRITER_LOCK],
        );
        if (rows[0]?.held === true) {
          return true;
        }
      } catch {
        // The connection is gone, and with it the lock.
      }
      await drop();
      return false;
    },
    async release() {
      await drop();
    },
  };
}
