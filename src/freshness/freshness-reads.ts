import type { SqlRead } from '../db/sql.js';

/**
 * The statements of the freshness engine and of the sources' health (docs/sources/freshness.md).
 * All read the primary: the heartbeat is written by `touchline sync` or the in-process sync, and
 * a replica's delay would make a source look silent that is not.
 */

/** What makes answers of the match lists and the exchange route errors, read in one statement. */
export interface FreshnessRows {
  /** Fixture sources silent past the budget (or never successful) that own a live match. */
  staleLive: string[];
  /** Resources whose newest answer was refused, per source. */
  refused: { source: string; resource: string }[];
}

/**
 * One round trip: the fixture sources past `cutoff` that own a live match (from the live
 * matches, which are few, to their owners), and every refused resource. Both tables are a few
 * rows per source; with no sources, both halves are empty.
 */
export async function readFreshnessRows(read: SqlRead, cutoff: Date): Promise<FreshnessRows> {
  const rows = await read<{ what: 'stale' | 'refused'; source: string; resource: string | null }>({
    text: `WITH live_owners AS (
               SELECT DISTINCT e.source FROM matches m
                 JOIN external_ids e ON e.kind = 'match' AND e.entity_id = m.id AND e.owner
                WHERE m.status = 'live')
             SELECT 'stale' AS what, s.source, NULL::text AS resource
               FROM source_state s JOIN live_owners l ON l.source = s.source
              WHERE s.role = 'fixtures' AND (s.last_success_at IS NULL
                 OR s.last_success_at + make_interval(secs => s.poll_seconds) < $1)
             UNION ALL
             SELECT 'refused', r.source, r.resource FROM source_resource_state r
              WHERE r.refused_at IS NOT NULL`,
    values: [cutoff],
  });
  return {
    staleLive: rows.filter((r) => r.what === 'stale').map((r) => r.source),
    refused: rows
      .filter((r) => r.what === 'refused')
      .map((r) => ({ source: r.source, resource: r.resource ?? '' })),
  };
}

/** A source a match was reached by; `owner`: the one that writes its status and score. */
export interface MatchLink {
  source: string;
  owner: boolean;
}

/** The sources each match was reached by (external_ids of kind `match`); absent: none. */
export async function readMatchLinks(
  read: SqlRead,
  matchIds: readonly number[],
): Promise<Map<number, MatchLink[]>> {
  const rows = await read<{ entity_id: number; source: string; owner: boolean }>({
    text: `SELECT entity_id, source, owner FROM external_ids
            WHERE kind = 'match' AND entity_id = ANY($1::int[])`,
    values: [[...matchIds]],
  });
  const links = new Map<number, MatchLink[]>();
  for (const row of rows) {
    const list = links.get(row.entity_id) ?? [];
    list.push({ source: row.source, owner: row.owner });
    links.set(row.entity_id, list);
  }
  return links;
}

/** One source's row of health, as `/metrics` and `/readyz` show it. */
export interface SourceStateRow {
  source: string;
  role: string;
  lastSuccessAt: Date | null;
  /** How often it polls its live matches (0: single passes). */
  pollSeconds: number;
  requests: number;
  errors: number;
  refused: number;
  /** Live matches this source owns. */
  liveMatches: number;
  /** Resources whose newest answer was refused. */
  refusedResources: string[];
}

/** Every source's state, its live matches and its refused resources: one round trip. */
export async function readSourceStates(read: SqlRead): Promise<SourceStateRow[]> {
  const rows = await read<{
    source: string;
    role: string;
    last_success_at: Date | string | null;
    poll_seconds: number;
    requests: number;
    errors: number;
    refused: number;
    live_matches: number;
    refused_resources: string[] | null;
  }>({
    text: `WITH live_owned AS (
             SELECT e.source, count(*)::int AS n FROM matches m
               JOIN external_ids e ON e.kind = 'match' AND e.entity_id = m.id AND e.owner
              WHERE m.status = 'live' GROUP BY e.source)
           SELECT s.source, s.role, s.last_success_at, s.poll_seconds, s.requests, s.errors,
                  s.refused,
                  COALESCE(l.n, 0) AS live_matches,
                  ARRAY(SELECT r.resource FROM source_resource_state r
                         WHERE r.source = s.source AND r.refused_at IS NOT NULL
                         ORDER BY r.resource) AS refused_resources
             FROM source_state s LEFT JOIN live_owned l ON l.source = s.source
            ORDER BY s.source`,
    values: [],
  });
  return rows.map((r) => ({
    source: r.source,
    role: r.role,
    lastSuccessAt: r.last_success_at === null ? null : new Date(r.last_success_at),
    pollSeconds: r.poll_seconds,
    requests: r.requests,
    errors: r.errors,
    refused: r.refused,
    liveMatches: r.live_matches,
    refusedResources: r.refused_resources ?? [],
  }));
}
