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

/** How much longer than `statement_timeout` the client waits, so a live server answers first. */
const CLIENT_GRACE_MS = 500;

export interface PgPoolOptions {
  /** Most connections at once. */
  max?: number;
  /**
   * The longest one statement may take, in ms (0 or unset: no limit). The server cancels a
   * statement that runs longer (`statement_timeout`: a clean error, the connection stays usable);
   * the client gives up a little later if no answer came at all (`Query read timeout`: a database
   * or network that stopped answering cannot hold a request forever; the connection is dropped).
   */
  queryTimeoutMs?: number;
  /** The longest to wait for a connection, a new one or a free one of the pool (0 or unset: no limit). */
  connectTimeoutMs?: number;
  /** `application_name` of the connections, as `pg_stat_activity` shows them. */
  applicationName?: string;
}

/**
 * A pg pool for @prisma/adapter-pg. The adapter cannot read PostgreSQL's internal one-byte
 * `"char"` type (OID 18), which the schema engine meets when it introspects the catalogue
 * (`pg_class.relkind` and friends), so the drift check would fail on PostgreSQL only. pg already
 * returns those values as strings; reporting them as `text` lets the adapter pass them through.
 */
export function createPgPool(connectionString: string, options: PgPoolOptions = {}): pg.Pool {
  const { max = 10, queryTimeoutMs = 0, connectTimeoutMs = 0, applicationName } = options;
  const pool = new pg.Pool({
    connectionString,
    max,
    ...(applicationName ? { application_name: applicationName } : {}),
    ...(connectTimeoutMs > 0 ? { connectionTimeoutMillis: connectTimeoutMs } : {}),
    ...(queryTimeoutMs > 0
      ? { statement_timeout: queryTimeoutMs, query_timeout: queryTimeoutMs + CLIENT_GRACE_MS }
      : {}),
  });
  patchQuery(pool as unknown as Queryable);
  pool.on('connect', (client) => patchQuery(client as unknown as Queryable));
  // An idle connection that the server or the network drops emits `error` on the pool; with no
  // listener that would end the process. The pool has already discarded the client; the next
  // query opens a new connection (or answers 503 while the database is away).
  pool.on('error', () => {});
  return pool;
}
