import { readBatches } from './batches.js';
import { LINEUPS, type NestedFile, REGIONAL } from './nested-specs.js';
import type { SqlExecutor } from './reader.js';
import { recordSet } from './sql-types.js';
import { emptySummary, type FileSummary } from './summary.js';
import { jsonSource, type RowSource, type Tx, upsertGroups } from './upsert.js';

export type NestedFileName = 'lineups.ndjson' | 'regional.ndjson';

export const NESTED: Record<NestedFileName, NestedFile> = {
  'lineups.ndjson': LINEUPS,
  'regional.ndjson': REGIONAL,
};

/** The write pass of a parent-plus-children file (team sheets, regional boards). */
export async function writeNestedFile(
  tx: Tx,
  file: NestedFileName,
  path: string,
): Promise<FileSummary> {
  const summary = emptySummary(file);
  for await (const batch of readBatches(path)) {
    summary.read += batch.count;
    const changed = await writeNestedJson(tx, file, batch.json);
    summary.inserted += changed.inserted;
    summary.updated += changed.updated;
    summary.unchanged += batch.count - changed.inserted - changed.updated;
  }
  return summary;
}

/** One JSON batch of a nested file (a JSON array text of its records). */
export function writeNestedJson(tx: SqlExecutor, file: NestedFileName, json: string) {
  const nested = NESTED[file];
  const sources = {
    parent: jsonSource(nested.parent),
    child: jsonSource(nested.child),
    stale: staleChildrenSql(nested),
  };
  return writeNestedBatch(tx, nested, sources, [json]);
}

/** Where a nested batch's rows come from, and the DELETE of the children it no longer lists. */
interface NestedSources {
  parent: RowSource;
  child: RowSource;
  /** DELETE ... RETURNING the group `key` of every deleted child (duplicates allowed). */
  stale: string;
}

/**
 * A record counts as inserted when its parent row is new, as updated when the parent row or
 * any child row changed or a child was deleted, and as unchanged otherwise. The statements
 * take `params` (the JSON pass: the batch text; the bulk pass: none, it reads staging tables).
 * `changed`: the group keys (`groupBy` values joined with `|`) of the records that changed.
 */
export async function writeNestedBatch(
  tx: SqlExecutor,
  nested: NestedFile,
  sources: NestedSources,
  params: readonly unknown[],
): Promise<{ inserted: number; updated: number; changed: string[] }> {
  const parents = await upsertGroups(tx, nested.parent, nested.groupBy, sources.parent, params);
  const children = await upsertGroups(tx, nested.child, nested.groupBy, sources.child, params);
  const rows = await tx.$queryRawUnsafe<{ key: string }[]>(
    `WITH del AS (${sources.stale}) SELECT DISTINCT key FROM del`,
    ...params,
  );
  const deleted = rows.map((r) => r.key);
  const inserted = new Set(parents.filter((g) => g.inserted).map((g) => g.key));
  const parentChanged = new Set(parents.map((g) => g.key));
  const changed = new Set([...parentChanged, ...children.map((g) => g.key), ...deleted]);
  const onlyChildren = [...changed].filter((key) => !parentChanged.has(key));
  if (nested.touchParentOnChildChange && onlyChildren.length > 0) {
    // Only the regional board has an `updated_at`; its key is the match id alone.
    await tx.$executeRawUnsafe(
      `UPDATE "${nested.parent.table}" SET "updated_at" = CURRENT_TIMESTAMP WHERE "match_id" = ANY(string_to_array($1::text, '|')::int[])`,
      onlyChildren.join('|'),
    );
  }
  return { inserted: inserted.size, updated: changed.size - inserted.size, changed: [...changed] };
}

const groupKey = (nested: NestedFile) =>
  `concat_ws('|', ${nested.groupBy.map((c) => `p."${c}"::text`).join(', ')}) AS key`;

/** The JSON pass: children beyond what the record set `x` lists. */
function staleChildrenSql(nested: NestedFile): string {
  const { where, fields } = nested.staleChildren;
  const from = recordSet([{ table: '', key: [], columns: [], fields }]);
  return `DELETE FROM "${nested.child.table}" AS p USING ${from} WHERE ${where} RETURNING ${groupKey(nested)}`;
}

/**
 * The bulk pass: children of a staged parent that the staged children do not list (the same
 * rows as the JSON pass deletes: a team sheet's `seq` beyond its players, a board's pools not
 * listed).
 */
export function staleStagedChildrenSql(
  nested: NestedFile,
  parentStage: string,
  childStage: string,
): string {
  const sameGroup = nested.groupBy.map((c) => `p."${c}" = s."${c}"`).join(' AND ');
  const sameChild = nested.child.key.map((c) => `c."${c}" = p."${c}"`).join(' AND ');
  return `DELETE FROM "${nested.child.table}" AS p USING "${parentStage}" AS s WHERE ${sameGroup} AND NOT EXISTS (SELECT 1 FROM "${childStage}" AS c WHERE ${sameChild}) RETURNING ${groupKey(nested)}`;
}
