import { type PGlite, parse, protocol } from '@electric-sql/pglite';
import { type SqlStatement, statementName } from './sql.js';

const { serialize } = protocol;

/**
 * The services' reads on the embedded database, as named prepared statements: `pglite.query`
 * parses and plans every statement again and talks to the WebAssembly backend six times per
 * read; here a statement is parsed and planned once, and each read is one call (bind, describe,
 * execute, sync). The detail's four-table read costs about a seventh of what it did
 * (docs/performance-miss-path.md "The embedded database"). Reads take both of PGlite's locks,
 * as `pglite.query` does, so they never run inside another caller's transaction.
 */
export function createPgliteRead(pglite: PGlite) {
  /** Statement name -> its parameters' type ids, once PostgreSQL has prepared it. */
  const prepared = new Map<string, number[]>();

  const exchange = (message: Uint8Array) => pglite.execProtocolStream(message, { syncToFs: false });

  async function prepare(name: string, text: string): Promise<number[]> {
    const found = prepared.get(name);
    if (found) {
      return found;
    }
    const described = await exchange(
      Buffer.concat([
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
    );
    const types = parse.parseDescribeStatementResults(described);
    prepared.set(name, types);
    return types;
  }

  /** Parameters as `pglite.query` sends them: its serializer for the type, else text. */
  const valuesOf = (values: readonly unknown[], types: readonly number[]) =>
    values.map((value, i) => {
      if (value === null || value === undefined) {
        return null;
      }
      const serializer = pglite.serializers[types[i] ?? 0];
      return serializer ? serializer(value) : String(value);
    });

  async function run<T>(sql: SqlStatement): Promise<T[]> {
    // `Prisma.sql`'s text is a getter that builds the string on every read.
    const text = sql.text;
    const name = statementName(text);
    const types = await prepare(name, text);
    try {
      const messages = await exchange(
        Buffer.concat([
          serialize.bind({ statement: name, values: valuesOf(sql.values, types) }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      );
      return (parse.parseResults(messages, pglite.parsers)[0]?.rows ?? []) as T[];
    } catch (error) {
      // A statement whose tables changed under it (a migration) is prepared again next time.
      prepared.delete(name);
      await exchange(Buffer.concat([serialize.close({ type: 'S', name }), serialize.sync()])).catch(
        () => {},
      );
      throw error;
    }
  }

  return <T>(sql: SqlStatement): Promise<T[]> =>
    pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(() => run<T>(sql)));
}
