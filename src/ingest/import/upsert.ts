import type { Prisma } from '../../db/generated/client.js';
import type { SqlExecutor } from './reader.js';
import { type Column, recordSet, type TableSpec } from './sql-types.js';

export type Tx = Prisma.TransactionClient;

interface UpsertCounts {
  inserted: number;
  /** Rows inserted or updated; rows that were already identical are not counted. */
  changed: number;
}

/** A changed group (e.g. one team sheet) and whether any of its rows was inserted. */
interface ChangedGroup {
  key: string;
  inserted: boolean;
}

const q = (name: string) => `"${name}"`;
const cache = new Map<string, string>();

/** Where the rows of an upsert come from: FROM items, one SELECT expression per column, a filter. */
export interface RowSource {
  /** Identifies the source in the statement cache. */
  id: string;
  from: string;
  select: (column: Column) => string;
  where: string;
}

/** The JSON write pass: the batch is the statement's one parameter, `json_to_recordset($1)`. */
export const jsonSource = (spec: TableSpec): RowSource => ({
  id: 'json',
  from: `${recordSet([spec])} ${spec.join ?? ''}`,
  select: (c) => c.expr,
  where: spec.where ?? 'true',
});

/** The bulk pass: a staging table `stage` holding the table's columns, already computed. */
export const stageSource = (spec: TableSpec, stage: string): RowSource => ({
  id: `stage ${stage}`,
  from: `${q(stage)} AS x`,
  select: (c) => `x.${q(c.name)}`,
  where: spec.stageWhere ?? 'true',
});

/**
 * INSERT ... SELECT FROM the record set ... ON CONFLICT DO UPDATE ... WHERE (the row differs),
 * wrapped so that one row comes back per group (or one in all): `xmax = 0` tells an inserted
 * row from an updated one, and identical rows are neither updated nor returned.
 */
function upsertSql(
  spec: TableSpec,
  groupBy: readonly string[] = [],
  source: RowSource = jsonSource(spec),
): string {
  const cacheKey = `${spec.table}|${spec.where ?? ''}|${groupBy.join(',')}|${source.id}`;
  const cached = cache.get(cacheKey);
  if (cached) {
    return cached;
  }
  const names = spec.columns.map((c) => q(c.name));
  const rest = names.filter((c) => !spec.key.map(q).includes(c));
  const sets = [
    ...rest.map((c) => `${c} = EXCLUDED.${c}`),
    ...(spec.touch ?? []).map((c) => `${q(c)} = CURRENT_TIMESTAMP`),
  ];
  const returning = [...groupBy.map((c) => `t.${q(c)}`), '(xmax = 0) AS inserted'];
  const key =
    groupBy.length > 0
      ? `concat_ws('|', ${groupBy.map((c) => `${q(c)}::text`).join(', ')}) AS key, `
      : '';
  const groupClause = groupBy.length > 0 ? ` GROUP BY ${groupBy.map(q).join(', ')}` : '';
  // `WHERE` after the FROM items also keeps `ON CONFLICT` from being read as a join condition.
  const sql = `WITH up AS (
  INSERT INTO ${q(spec.table)} AS t (${names.join(', ')})
  SELECT ${spec.columns.map(source.select).join(', ')}
  FROM ${source.from}
  WHERE ${source.where}
  ON CONFLICT (${spec.key.map(q).join(', ')}) DO UPDATE SET ${sets.join(', ')}
  WHERE ROW(${rest.map((c) => `t.${c}`).join(', ')}) IS DISTINCT FROM ROW(${rest.map((c) => `EXCLUDED.${c}`).join(', ')})
  RETURNING ${returning.join(', ')}
)
SELECT ${key}count(*) FILTER (WHERE inserted)::int AS inserted, count(*)::int AS changed FROM up${groupClause}`;
  cache.set(cacheKey, sql);
  return sql;
}

/** Upserts the rows of `source` (whose statement takes `params`): counts in all. */
export async function upsertRows(
  tx: SqlExecutor,
  spec: TableSpec,
  source: RowSource,
  params: readonly unknown[],
): Promise<UpsertCounts> {
  const rows = await tx.$queryRawUnsafe<UpsertCounts[]>(upsertSql(spec, [], source), ...params);
  return rows[0] ?? { inserted: 0, changed: 0 };
}

/** Upserts a batch given as a JSON array text of records. */
export function upsertBatch(tx: SqlExecutor, spec: TableSpec, json: string): Promise<UpsertCounts> {
  return upsertRows(tx, spec, jsonSource(spec), [json]);
}

/** Upserts rows and reports which groups (by `groupBy` columns, joined with `|`) changed. */
export async function upsertGroups(
  tx: SqlExecutor,
  spec: TableSpec,
  groupBy: readonly string[],
  source: RowSource,
  params: readonly unknown[],
): Promise<ChangedGroup[]> {
  const rows = await tx.$queryRawUnsafe<(UpsertCounts & { key: string })[]>(
    upsertSql(spec, groupBy, source),
    ...params,
  );
  return rows.map((r) => ({ key: r.key, inserted: r.inserted > 0 }));
}
