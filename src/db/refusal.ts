/**
 * SQLSTATE classes of a database refusing the data itself, not failing to serve: 22 data
 * exception (a NUL in text, a date out of range, a number too large), 23 integrity constraint
 * violation, 54 program limit exceeded (a row or value too large).
 */
const REFUSED_DATA = /^(22|23|54)[0-9A-Z]{3}$/;

interface DatabaseError {
  code: string;
  message: string;
}

/** The PostgreSQL error of a driver adapter's error (`DriverAdapterError.cause`), if any. */
function postgresErrorOf(error: object): DatabaseError | undefined {
  const adapter = (error as { meta?: { driverAdapterError?: unknown } }).meta?.driverAdapterError;
  const from = (error as { name?: unknown }).name === 'DriverAdapterError' ? error : adapter;
  const cause = (from as { cause?: unknown } | undefined)?.cause;
  if (!cause || typeof cause !== 'object') {
    return undefined;
  }
  const { code, message } = cause as Record<string, unknown>;
  return typeof code === 'string' && typeof message === 'string' ? { code, message } : undefined;
}

/**
 * When the database refused a write because of the data written (not because it is away, and
 * not because of a bug in the statement), its reason on one line: the server's message and
 * SQLSTATE, without Prisma's invocation text (file paths, the query). Otherwise undefined.
 */
export function databaseRefusal(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const found = postgresErrorOf(e);
    if (found && REFUSED_DATA.test(found.code)) {
      return `${found.message.split('\n')[0]} (SQLSTATE ${found.code})`;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
