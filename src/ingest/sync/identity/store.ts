import { refreshSearchTerms, type SearchKind } from '../../../search/term-store.js';
import type { Tx } from '../../import/upsert.js';
import { nameKey } from './name-key.js';

/** The kinds of entity a source id can name (the `EntityKind` enum). */
export type EntityKind = 'competition' | 'team' | 'player' | 'bookmaker' | 'match' | 'event';

export interface ExternalRow {
  sourceId: string;
  entityId: number;
  matchId: number | null;
  owner: boolean;
}

export interface AliasRow {
  kind: EntityKind;
  entityId: number;
  name: string;
  language: string;
  origin: string;
}

export interface GroupName {
  group: string;
  name: string;
  language: string;
}

/** The table of each kind of entity (events are rows of their match, not entities of a table). */
export const ENTITY_TABLES: Record<Exclude<EntityKind, 'event'>, string> = {
  competition: 'competitions',
  team: 'teams',
  player: 'players',
  bookmaker: 'bookmakers',
  match: 'matches',
};

/** This source's ids of `kind` among `sourceIds`, with the entities they name. */
export async function loadExternalIds(
  tx: Tx,
  source: string,
  kind: EntityKind,
  sourceIds: readonly string[],
): Promise<Map<string, ExternalRow>> {
  if (sourceIds.length === 0) {
    return new Map();
  }
  const rows = await tx.$queryRawUnsafe<ExternalRow[]>(
    `SELECT source_id AS "sourceId", entity_id AS "entityId", match_id AS "matchId", owner
       FROM external_ids
      WHERE source = $1 AND kind = $2::"EntityKind" AND source_id = ANY($3::text[])`,
    source,
    kind,
    [...new Set(sourceIds)],
  );
  return new Map(rows.map((r) => [r.sourceId, r]));
}

/** This source's events of a match: source id -> seq. */
export async function loadEventIds(
  tx: Tx,
  source: string,
  matchIds: readonly number[],
): Promise<ExternalRow[]> {
  if (matchIds.length === 0) {
    return [];
  }
  return tx.$queryRawUnsafe<ExternalRow[]>(
    `SELECT source_id AS "sourceId", entity_id AS "entityId", match_id AS "matchId", owner
       FROM external_ids
      WHERE source = $1 AND kind = 'event' AND match_id = ANY($2::int[])`,
    source,
    [...new Set(matchIds)],
  );
}

/** The greatest event number stored per match (new events of a source are numbered after it). */
export async function lastEventSeqs(tx: Tx, matchIds: readonly number[]) {
  const rows = await tx.$queryRawUnsafe<{ matchId: number; seq: number }[]>(
    `SELECT m AS "matchId", GREATEST(
        COALESCE((SELECT max(seq) FROM match_events WHERE match_id = m), -1),
        COALESCE((SELECT max(entity_id) FROM external_ids WHERE kind = 'event' AND match_id = m), -1)
      ) AS seq
       FROM unnest($1::int[]) AS m`,
    [...new Set(matchIds)],
  );
  return new Map(rows.map((r) => [r.matchId, Number(r.seq)]));
}

export async function insertExternalIds(
  tx: Tx,
  source: string,
  kind: EntityKind,
  rows: readonly ExternalRow[],
): Promise<void> {
  if (rows.length === 0) {
    return;
  }
  await tx.$executeRawUnsafe(
    `INSERT INTO external_ids (source, kind, source_id, entity_id, match_id, owner)
     SELECT $1, $2::"EntityKind", r."sourceId", r."entityId", r."matchId", r.owner
       FROM jsonb_to_recordset($3::jsonb)
         AS r("sourceId" text, "entityId" int, "matchId" int, owner boolean)
     ON CONFLICT (source, kind, source_id)
     DO UPDATE SET entity_id = EXCLUDED.entity_id, match_id = EXCLUDED.match_id`,
    source,
    kind,
    JSON.stringify(rows),
  );
}

/** Entities of `kind` known by each key (more than one: the name is ambiguous). */
export async function entitiesByKey(
  tx: Tx,
  kind: EntityKind,
  keys: readonly string[],
): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  if (keys.length === 0) {
    return out;
  }
  const rows = await tx.$queryRawUnsafe<{ key: string; ids: number[] }[]>(
    `SELECT key, array_agg(DISTINCT entity_id ORDER BY entity_id) AS ids
       FROM aliases WHERE kind = $1::"EntityKind" AND key = ANY($2::text[]) GROUP BY key`,
    kind,
    [...new Set(keys)],
  );
  for (const r of rows) {
    out.set(r.key, r.ids);
  }
  return out;
}

/** The names of every known-name group holding one of `keys`. */
export async function groupNames(
  tx: Tx,
  kind: EntityKind,
  keys: readonly string[],
): Promise<Map<string, GroupName[]>> {
  const out = new Map<string, GroupName[]>();
  if (keys.length === 0) {
    return out;
  }
  const rows = await tx.$queryRawUnsafe<(GroupName & { hit: string })[]>(
    `SELECT hit.key AS hit, g."group", g.name, g.language
       FROM name_groups hit JOIN name_groups g ON g.kind = hit.kind AND g."group" = hit."group"
      WHERE hit.kind = $1::"EntityKind" AND hit.key = ANY($2::text[])`,
    kind,
    [...new Set(keys)],
  );
  for (const { hit, ...name } of rows) {
    const list = out.get(hit) ?? [];
    list.push(name);
    out.set(hit, list);
  }
  return out;
}

export async function insertAliases(tx: Tx, rows: readonly AliasRow[]): Promise<void> {
  if (rows.length === 0) {
    return;
  }
  const keyed = rows.map((r) => ({ ...r, key: nameKey(r.name) })).filter((r) => r.key !== '');
  await tx.$executeRawUnsafe(
    `INSERT INTO aliases (kind, entity_id, key, name, language, origin)
     SELECT r.kind::"EntityKind", r."entityId", r.key, r.name, r.language, r.origin
       FROM jsonb_to_recordset($1::jsonb)
         AS r(kind text, "entityId" int, key text, name text, language text, origin text)
     ON CONFLICT (kind, key, entity_id) DO NOTHING`,
    JSON.stringify(keyed),
  );
  const searched: Record<SearchKind, number[]> = { competition: [], team: [], player: [] };
  for (const r of keyed) {
    if (r.kind === 'competition' || r.kind === 'team' || r.kind === 'player') {
      searched[r.kind].push(r.entityId);
    }
  }
  await refreshSearchTerms(tx, searched);
}

/** Which of `ids` are taken by an entity of `kind` (new ids are probed past them). */
export async function takenIds(
  tx: Tx,
  kind: Exclude<EntityKind, 'event'>,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) {
    return new Set();
  }
  const rows = await tx.$queryRawUnsafe<{ id: number }[]>(
    `SELECT id FROM ${ENTITY_TABLES[kind]} WHERE id = ANY($1::int[])`,
    [...new Set(ids)],
  );
  return new Set(rows.map((r) => r.id));
}

export interface UnmatchedRow {
  kind: EntityKind;
  sourceId: string;
  name: string;
  detail: string | null;
  candidates: number[];
}

export async function recordUnmatched(
  tx: Tx,
  source: string,
  rows: readonly UnmatchedRow[],
  at: Date,
): Promise<void> {
  if (rows.length === 0) {
    return;
  }
  await tx.$executeRawUnsafe(
    `INSERT INTO unmatched_entities
       (source, kind, source_id, name, detail, candidates, first_seen_at, last_seen_at)
     SELECT $1, r.kind::"EntityKind", r."sourceId", r.name, r.detail,
            ARRAY(SELECT jsonb_array_elements_text(r.candidates)::int), $3, $3
       FROM jsonb_to_recordset($2::jsonb)
         AS r(kind text, "sourceId" text, name text, detail text, candidates jsonb)
     ON CONFLICT (source, kind, source_id) DO UPDATE
       SET name = EXCLUDED.name, detail = EXCLUDED.detail, candidates = EXCLUDED.candidates,
           last_seen_at = EXCLUDED.last_seen_at`,
    source,
    JSON.stringify(rows),
    at,
  );
}

/** What was unmatched and now has an id is no longer listed. */
export async function clearUnmatched(
  tx: Tx,
  source: string,
  kind: EntityKind,
  sourceIds: readonly string[],
): Promise<void> {
  if (sourceIds.length > 0) {
    await tx.$executeRawUnsafe(
      `DELETE FROM unmatched_entities
        WHERE source = $1 AND kind = $2::"EntityKind" AND source_id = ANY($3::text[])`,
      source,
      kind,
      [...sourceIds],
    );
  }
}

/** Ids of source ids a pass refers to without describing them (seen in an earlier pass). */
export async function withEarlier(
  tx: Tx,
  source: string,
  kind: EntityKind,
  ids: Map<string, number>,
  referred: readonly string[],
): Promise<Map<string, number>> {
  const missing = referred.filter((id) => !ids.has(id));
  for (const [sourceId, row] of await loadExternalIds(tx, source, kind, missing)) {
    ids.set(sourceId, row.entityId);
  }
  return ids;
}
