/**
 * The write pass sends each batch of records to the database as ONE JSON text parameter (the
 * NDJSON lines themselves, already validated) and lets PostgreSQL unpack it with
 * `json_to_recordset`. Measured on PGlite this is several times faster than binding one
 * parameter per value (see docs/import-format.md, "Performance"), and it keeps every statement
 * at one parameter, whatever the batch size.
 */

/** A parsed record (or an element of one of its arrays), read by field name. */
export type Rec = Readonly<Record<string, unknown>>;

/**
 * A table column, the SQL expression that computes it from the record `x` (the JSON write
 * pass), and the same value computed in JavaScript (the COPY write pass on PostgreSQL, see
 * bulk/). `value` gets the record, and for a child table also the array element and its index.
 * Absent and `null` both give NULL (`undefined` and `null` here).
 */
export interface Column {
  name: string;
  expr: string;
  /** The record fields the expression reads, with their json_to_recordset types. */
  fields: Record<string, string>;
  value: (x: Rec, element?: Rec, index?: number) => unknown;
}

export interface TableSpec {
  table: string;
  columns: readonly Column[];
  /** The primary key columns (the ON CONFLICT target). */
  key: readonly string[];
  /** Columns set to CURRENT_TIMESTAMP whenever the row really changes (`updated_at`). */
  touch?: readonly string[];
  /** Extra FROM items after the record set (children of a nested record), and a row filter. */
  join?: string;
  where?: string;
  /** Record fields read by `join` or `where` only. */
  fields?: Record<string, string>;
  /**
   * `where` for the bulk pass, over a staging table `x` holding the table's columns (the
   * files with two specs, where a record takes one or the other).
   */
  stageWhere?: string;
}

const q = (name: string) => `"${name}"`;

/**
 * Integers are read as `numeric` and then cast, so `3.0` or `3e0` in a (valid) JSON line is
 * accepted as it was by the schema check.
 */
const scalar =
  (readAs: string, cast: (ref: string) => string) =>
  (name: string, field: string): Column => ({
    name,
    expr: cast(`x.${q(field)}`),
    fields: { [field]: readAs },
    value: (x) => x[field],
  });

export const int = scalar('numeric', (ref) => `${ref}::int`);
export const text = scalar('text', (ref) => ref);
export const float = scalar('double precision', (ref) => ref);
export const bool = scalar('boolean', (ref) => ref);
export const timestamp = scalar('text', (ref) => `${ref}::timestamptz`);
export const day = scalar('text', (ref) => `${ref}::date`);
export const enumOf = (type: string) => scalar('text', (ref) => `${ref}::${q(type)}`);

/** A column computed by a free expression over `x` (and joined items), and its JS twin. */
export const computed = (
  name: string,
  expr: string,
  fields: Record<string, string>,
  value: Column['value'],
): Column => ({ name, expr, fields, value });

/** `json_to_recordset($1::json) AS x(...)` declaring every field the columns read. */
export function recordSet(specs: readonly TableSpec[]): string {
  const fields = new Map<string, string>();
  for (const spec of specs) {
    for (const declared of [...spec.columns.map((c) => c.fields), spec.fields ?? {}]) {
      for (const [field, type] of Object.entries(declared)) {
        fields.set(field, type);
      }
    }
  }
  const defs = [...fields].map(([field, type]) => `${q(field)} ${type}`);
  return `json_to_recordset($1::json) AS x(${defs.join(', ')})`;
}
