import pg from 'pg';

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

type Queryable = { query: (...args: unknown[]) => unknown };
type QueryResultLike = { fields?: { dataTypeID: number }[] } | undefined;

function reportCharAsText(value: QueryResultLike): QueryResultLike {
  for (const field of value?.fields ?? []) {
    if (field.dataTypeID === PG_CHAR_OID) {
      field.dataTypeID = PG_TEXT_OID;
    }
  }
  return value;
}

function patchQuery(target: Queryable): void {
  const query = target.query.bind(target);
  target.query = (...args: unknown[]) => {
    const result = query(...args);
    return result instanceof Promise ? result.then(reportCharAsText) : result;
  };
}

/**
 * A pg pool for @prisma/adapter-pg. The adapter cannot read PostgreSQL's internal one-byte
 * `"char"` type (OID 18), which the schema engine meets when it introspects the catalogue
 * (`pg_class.relkind` and friends), so the drift check would fail on PostgreSQL only. pg already
 * returns those values as strings; reporting them as `text` lets the adapter pass them through.
 */
export function createPgPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  patchQuery(pool as unknown as Queryable);
  pool.on('connect', (client) => patchQuery(client as unknown as Queryable));
  return pool;
}
