import { readBatches } from './batches.js';
import { LINEUPS, type NestedFile, REGIONAL } from './nested-specs.js';
import { recordSet } from './sql-types.js';
import { emptySummary, type FileSummary } from './summary.js';
import { type Tx, upsertGroups } from './upsert.js';

export type NestedFileName = 'lineups.ndjson' | 'regional.ndjson';

const NESTED: Record<NestedFileName, NestedFile> = {
  'lineups.ndjson': LINEUPS,
  'regional.ndjson': REGIONAL,
};

/** The write pass of a parent-plus-children file (team sheets, regional boards). */
export async function writeNestedFile(
  tx: Tx,
  file: NestedFileName,
  path: string,
): Promise<FileSummary> {
  const nested = NESTED[file];
  const summary = emptySummary(file);
  for await (const batch of readBatches(path)) {
    summary.read += batch.count;
    const changed = await writeBatch(tx, nested, batch.json);
    summary.inserted += changed.inserted;
    summary.updated += changed.updated;
    summary.unchanged += batch.count - changed.inserted - changed.updated;
  }
  return summary;
}

/**
 * A record counts as inserted when its parent row is new, as updated when the parent row or
 * any child row changed or a child was deleted, and as unchanged otherwise.
 */
async function writeBatch(tx: Tx, nested: NestedFile, json: string) {
  const parents = await upsertGroups(tx, nested.parent, json, nested.groupBy);
  const children = await upsertGroups(tx, nested.child, json, nested.groupBy);
  const deleted = await deleteStaleChildren(tx, nested, json);
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
  return { inserted: inserted.size, updated: changed.size - inserted.size };
}

async function deleteStaleChildren(tx: Tx, nested: NestedFile, json: string): Promise<string[]> {
  const { where, fields } = nested.staleChildren;
  const from = recordSet([{ table: '', key: [], columns: [], fields }]);
  const key = nested.groupBy.map((c) => `p."${c}"::text`).join(', ');
  const rows = await tx.$queryRawUnsafe<{ key: string }[]>(
    `WITH del AS (DELETE FROM "${nested.child.table}" AS p USING ${from} WHERE ${where} RETURNING concat_ws('|', ${key}) AS key) SELECT DISTINCT key FROM del`,
    json,
  );
  return rows.map((r) => r.key);
}
