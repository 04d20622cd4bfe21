import type pg from 'pg';
import { parseLsn } from './wal-clock.js';

/** The primary's current WAL write position. */
export async function primaryPosition(pool: pg.Pool): Promise<bigint> {
  const { rows } = await pool.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
  return parseLsn(rows[0]?.lsn ?? '');
}

export type ReplicaPosition =
  | { kind: 'replaying'; replay: bigint }
  /** Out of recovery (promoted, or a primary listed as a replica), or never replayed anything. */
  | { kind: 'not-replica'; reason: string };

/** How far a replica has replayed the primary's WAL (what its queries can see). */
export async function replicaPosition(pool: pg.Pool): Promise<ReplicaPosition> {
  const { rows } = await pool.query<{ recovering: boolean; replay: string | null }>(
    'SELECT pg_is_in_recovery() AS recovering, pg_last_wal_replay_lsn()::text AS replay',
  );
  const row = rows[0];
  if (!row?.recovering) {
    return { kind: 'not-replica', reason: 'not in recovery: a primary, not a replica' };
  }
  if (row.replay === null) {
    return { kind: 'not-replica', reason: 'in recovery but not replaying WAL' };
  }
  return { kind: 'replaying', replay: parseLsn(row.replay) };
}
