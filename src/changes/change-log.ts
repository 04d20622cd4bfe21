import type { ChangeResource } from '../football/vocabulary.js';
import type { SqlExecutor } from '../ingest/import/reader.js';

export type { ChangeResource };

type ChangeKind = 'upsert' | 'delete';

/** One change: a resource of a match (or reference data: `matchId` null) written or removed. */
export interface Change {
  matchId: number | null;
  resource: ChangeResource;
  kind: ChangeKind;
}

/** A change as the log holds it: its place in the order and when it was written. */
export interface LoggedChange extends Change {
  seq: bigint;
  at: Date;
  /**
   * Told by the writer, not kept in the log: the match row was there before this write and kept
   * its competition, season, kick-off and round (a score or status change).
   */
  samePlace?: true;
}

/**
 * Appends serialise on this transaction-level advisory lock: a sequence number is taken only
 * by the one transaction holding it, which commits before the next takes its own, so readers
 * never see seq N+1 before seq N (a bare sequence hands numbers out in call order, not in
 * commit order). The key is arbitrary but fixed ("touchline change log").
 */
const APPEND_LOCK = 7_311_046_001;

/** The log keeps at least this long (DECISIONS.md "Live data"). */
export const LOG_KEEP_MS = 24 * 60 * 60 * 1000;

/** One entry per distinct (match, resource, kind): a write that touches 40 events logs once. */
function distinct(changes: readonly Change[]): Change[] {
  const seen = new Map<string, Change>();
  for (const c of changes) {
    seen.set(`${c.matchId ?? ''}:${c.resource}:${c.kind}`, c);
  }
  return [...seen.values()];
}

/**
 * Appends `changes` to the log and moves each match resource's version (its `Last-Modified`)
 * to the new entry. Call it in the transaction that made the changes: they and their entries
 * commit together or not at all. Returns the entries in log order.
 */
export async function appendChanges(
  tx: SqlExecutor,
  changes: readonly Change[],
  at: Date,
): Promise<LoggedChange[]> {
  const unique = distinct(changes);
  if (unique.length === 0) {
    return [];
  }
  await tx.$queryRawUnsafe(`SELECT pg_advisory_xact_lock(${APPEND_LOCK})::text`);
  const rows = await tx.$queryRawUnsafe<
    { seq: string; match_id: number | null; resource: ChangeResource; kind: ChangeKind }[]
  >(
    `WITH input AS (
       SELECT x.match_id, x.resource::"ChangeResource" AS resource, x.kind::"ChangeKind" AS kind, x.n
         FROM json_to_recordset($1::json) AS x(match_id int, resource text, kind text, n int)
     ), logged AS (
       INSERT INTO change_log (match_id, resource, kind, at)
       SELECT match_id, resource, kind, $2::timestamptz FROM input ORDER BY n
       RETURNING seq, match_id, resource, kind
     ), versioned AS (
       INSERT INTO match_versions (match_id, resource, seq, changed_at)
       SELECT DISTINCT ON (l.match_id, l.resource) l.match_id, l.resource, l.seq, $2::timestamptz
         FROM logged l
        WHERE l.match_id IS NOT NULL AND EXISTS (SELECT 1 FROM matches m WHERE m.id = l.match_id)
        ORDER BY l.match_id, l.resource, l.seq DESC
       ON CONFLICT (match_id, resource)
       DO UPDATE SET seq = EXCLUDED.seq, changed_at = EXCLUDED.changed_at
     )
     SELECT seq::text AS seq, match_id, resource::text AS resource, kind::text AS kind
       FROM logged ORDER BY seq`,
    JSON.stringify(
      unique.map((c, n) => ({ match_id: c.matchId, resource: c.resource, kind: c.kind, n })),
    ),
    at.toISOString(),
  );
  return rows.map((r) => ({
    seq: BigInt(r.seq),
    matchId: r.match_id,
    resource: r.resource,
    kind: r.kind,
    at,
  }));
}

/** Entries after `seq` in order, at most `limit` (a reader catching up, an instance resuming). */
export async function changesAfter(
  tx: SqlExecutor,
  seq: bigint,
  limit: number,
): Promise<LoggedChange[]> {
  const rows = await tx.$queryRawUnsafe<
    { seq: string; match_id: number | null; resource: ChangeResource; kind: ChangeKind; at: Date }[]
  >(
    `SELECT seq::text AS seq, match_id, resource::text AS resource, kind::text AS kind, at
       FROM change_log WHERE seq > $1::bigint ORDER BY seq LIMIT $2::int`,
    seq.toString(),
    limit,
  );
  return rows.map((r) => ({
    seq: BigInt(r.seq),
    matchId: r.match_id,
    resource: r.resource,
    kind: r.kind,
    at: new Date(r.at),
  }));
}

/** Removes entries older than the log keeps; the newest stays, so the log's position is known. */
export async function pruneChangeLog(tx: SqlExecutor, now: Date): Promise<number> {
  return tx.$executeRawUnsafe(
    `DELETE FROM change_log
      WHERE at < $1::timestamptz AND seq < (SELECT max(seq) FROM change_log)`,
    new Date(now.getTime() - LOG_KEEP_MS).toISOString(),
  );
}
