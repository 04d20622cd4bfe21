import type { PrismaClient } from './generated/client.js';
import type { SqlRead } from './sql.js';

/**
 * How a replica stands, as the last check and the queries sent to it left it (docs/scale.md
 * "Read replicas"): `in-use` serves reads (when it has also replayed the latest change this
 * instance heard of), `lagging` is past the lag bound, `down` did not answer, `not-a-replica` is
 * a server out of recovery (promoted, or a primary listed by mistake), `unchecked` before the
 * first check.
 */
export type ReplicaHealth = 'unchecked' | 'in-use' | 'lagging' | 'down' | 'not-a-replica';

export interface ReplicaStatus {
  /** host:port/database, without credentials. */
  readonly name: string;
  readonly health: ReplicaHealth;
  /** Measured at the last check; null when unknown (not checked, not answering, too far behind). */
  readonly lagMs: number | null;
  /** Why it is not in use, in a few words. */
  readonly reason?: string;
}

/**
 * Where the football data reads go (match lists, detail, children, odds, analysis, h2h,
 * `Last-Modified` times): a healthy replica when replicas are configured, else the primary.
 * Everything else (writes, transactions, keys, accounts, plans, the change log, advisory locks,
 * LISTEN) uses `Database.prisma` and `Database.read`, which are always the primary.
 */
export interface DataReads {
  readonly prisma: PrismaClient;
  readonly read: SqlRead;
  /**
   * Data changed on the primary (a data-changed event, or change-log entries read from it): until
   * a replica has shown it replayed the primary's position as of now, reads go to the primary, so
   * nothing that follows the change (a cache refill, a push value) reads from before it.
   */
  markChanged(): void;
  /** Every configured replica's state (none without replicas). */
  replicas(): readonly ReplicaStatus[];
}

/** Every read on the primary: the embedded database, or PostgreSQL without replicas. */
export const primaryReads = (prisma: PrismaClient, read: SqlRead): DataReads => ({
  prisma,
  read,
  markChanged: () => {},
  replicas: () => [],
});
