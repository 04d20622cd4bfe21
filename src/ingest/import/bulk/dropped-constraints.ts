import type { BulkSession } from './target.js';

/** A table or column name as SQL quotes it (our own names: no quote inside). */
export const q = (name: string) => `"${name}"`;

/** A constraint or index dropped for the load, and the statement that puts it back. */
export interface Dropped {
  kind: 'index' | 'foreign key';
  table: string;
  drop: string;
  restore: string;
}

/** Which of `tables` are empty, seen inside the load's transaction. */
export async function emptyTables(
  session: BulkSession,
  tables: readonly string[],
): Promise<Set<string>> {
  const { rows } = await session.query<{ t: string; empty: boolean }>(
    tables
      .map((t) => `SELECT '${t}' AS t, NOT EXISTS (SELECT 1 FROM ${q(t)}) AS empty`)
      .join(' UNION ALL '),
  );
  return new Set(rows.filter((r) => r.empty).map((r) => r.t));
}

/**
 * Drops the indexes of the empty `tables` and every foreign key to or from them, then
 * truncates them; returns how to restore each. Does nothing (and returns null) unless the
 * role owns all the tables involved (only an owner may drop their indexes).
 */
export async function dropForLoad(
  session: BulkSession,
  tables: readonly string[],
): Promise<Dropped[] | null> {
  const foreignKeys = await session.query<{ tbl: string; name: string; def: string }>(
    `SELECT conrelid::regclass::text AS tbl, quote_ident(conname) AS name,
            pg_get_constraintdef(oid) AS def
       FROM pg_constraint
      WHERE contype = 'f'
        AND (conrelid = ANY($1::text[]::regclass[]) OR confrelid = ANY($1::text[]::regclass[]))
      ORDER BY 1, 2`,
    [tables],
  );
  const involved = [...new Set([...tables.map(q), ...foreignKeys.rows.map((r) => r.tbl)])];
  const owned = await session.query<{ owns: boolean }>(
    `SELECT bool_and(pg_has_role(c.relowner, 'USAGE')) AS owns
       FROM pg_class c WHERE c.oid = ANY($1::text[]::regclass[])`,
    [involved],
  );
  if (owned.rows[0]?.owns !== true) {
    return null;
  }
  const indexes = await session.query<{
    tbl: string;
    index: string;
    con: string | null;
    condef: string | null;
    indexdef: string;
  }>(
    `SELECT i.indrelid::regclass::text AS tbl, i.indexrelid::regclass::text AS index,
            quote_ident(c.conname) AS con, pg_get_constraintdef(c.oid) AS condef,
            pg_get_indexdef(i.indexrelid) AS indexdef
       FROM pg_index i
       LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid AND c.conrelid = i.indrelid
                                AND c.contype IN ('p', 'u', 'x')
      WHERE i.indrelid = ANY($1::text[]::regclass[])
      ORDER BY 1, (c.contype = 'p') IS NOT TRUE, 2`,
    [tables],
  );
  await session.query(`LOCK TABLE ${involved.join(', ')} IN ACCESS EXCLUSIVE MODE`);
  const fks: Dropped[] = foreignKeys.rows.map((r) => ({
    kind: 'foreign key',
    table: r.tbl,
    drop: `ALTER TABLE ${r.tbl} DROP CONSTRAINT ${r.name}`,
    restore: `ALTER TABLE ${r.tbl} ADD CONSTRAINT ${r.name} ${r.def}`,
  }));
  const idx: Dropped[] = indexes.rows.map((r) =>
    r.con && r.condef
      ? {
          kind: 'index',
          table: r.tbl,
          drop: `ALTER TABLE ${r.tbl} DROP CONSTRAINT ${r.con}`,
          restore: `ALTER TABLE ${r.tbl} ADD CONSTRAINT ${r.con} ${r.condef}`,
        }
      : { kind: 'index', table: r.tbl, drop: `DROP INDEX ${r.index}`, restore: r.indexdef },
  );
  for (const d of [...fks, ...idx]) {
    await session.query(d.drop);
  }
  await session.query(`TRUNCATE ${tables.map(q).join(', ')}`);
  return [...idx, ...fks];
}
