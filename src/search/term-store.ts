import type { SqlExecutor } from '../ingest/import/reader.js';
import { termsOf } from './terms.js';

/** The kinds of entity search finds. */
export const SEARCH_KINDS = ['competition', 'team', 'player'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

const TABLES: Record<SearchKind, string> = {
  competition: 'competitions',
  team: 'teams',
  player: 'players',
};

/** Entities whose names or aliases a write changed, by kind. */
export type SearchTargets = Partial<Record<SearchKind, Iterable<number>>>;

const CHUNK = 5000;

async function refreshChunk(tx: SqlExecutor, kind: SearchKind, ids: number[]): Promise<void> {
  const entities = await tx.$queryRawUnsafe<{ id: number; names: (string | null)[] }[]>(
    `SELECT e.id, ARRAY[e.name_en, e.name_original, e.name_zh_cn, e.name_zh_hk]
              || ARRAY(SELECT a.name FROM aliases a
                        WHERE a.kind = $1::"EntityKind" AND a.entity_id = e.id ORDER BY a.key)
              AS names
       FROM ${TABLES[kind]} e WHERE e.id = ANY($2::int[])`,
    kind,
    ids,
  );
  await tx.$executeRawUnsafe(
    `DELETE FROM search_terms WHERE kind = $1::"EntityKind" AND entity_id = ANY($2::int[])`,
    kind,
    ids,
  );
  const rows = entities.flatMap((e) => termsOf(e.names).map((t) => ({ id: e.id, ...t })));
  if (rows.length === 0) {
    return;
  }
  await tx.$executeRawUnsafe(
    `INSERT INTO search_terms (kind, entity_id, term, whole, name)
     SELECT $1::"EntityKind", r.id, convert_to(r.term, 'UTF8'), r.whole, r.name
       FROM jsonb_to_recordset($2::jsonb) AS r(id int, term text, whole boolean, name text)
     ON CONFLICT DO NOTHING`,
    kind,
    JSON.stringify(rows),
  );
}

/**
 * Rewrites the search terms of `targets` from their stored names and aliases (an entity no
 * longer stored loses its terms). Call it in the transaction that wrote the names: every writer
 * of names or aliases does (the import, the one writer, the alias store).
 */
export async function refreshSearchTerms(tx: SqlExecutor, targets: SearchTargets): Promise<void> {
  for (const kind of SEARCH_KINDS) {
    const ids = [...new Set(targets[kind] ?? [])];
    for (let at = 0; at < ids.length; at += CHUNK) {
      await refreshChunk(tx, kind, ids.slice(at, at + CHUNK));
    }
  }
}

/** Every entity's terms rebuilt: the one-time backfill when the table is new. */
export async function rebuildSearchTerms(tx: SqlExecutor): Promise<void> {
  const targets: SearchTargets = {};
  for (const kind of SEARCH_KINDS) {
    const rows = await tx.$queryRawUnsafe<{ id: number }[]>(`SELECT id FROM ${TABLES[kind]}`);
    targets[kind] = rows.map((r) => r.id);
  }
  await refreshSearchTerms(tx, targets);
}
