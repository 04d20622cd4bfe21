import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { DescribedQuery } from './described-query.js';
import { PrismaClient } from './generated/client.js';
import { createPgPool, type PgPoolOptions } from './pg-pool.js';
import { type SqlRead, type SqlStatement, statementName } from './sql.js';

/** One PostgreSQL server as touchline uses it: a pool, the Prisma client over it, raw reads. */
export interface PgTarget {
  readonly pool: pg.Pool;
  readonly adapter: PrismaPg;
  readonly prisma: PrismaClient;
  /** Reads through the driver as named prepared statements (`Database.read`). */
  readonly read: SqlRead;
  close(): Promise<void>;
}

const poolQuery = pg.Pool.prototype.query as (this: pg.Pool, query: pg.QueryConfig) => unknown;

export function openPgTarget(url: string, options: PgPoolOptions): PgTarget {
  const pool = createPgPool(url, options);
  const adapter = new PrismaPg(pool);
  const prisma = new PrismaClient({ adapter });
  return {
    pool,
    adapter,
    prisma,
    read: async <T>(sql: SqlStatement) => {
      // `Prisma.sql`'s text is a getter that builds the string on every read.
      const text = sql.text;
      const query = new DescribedQuery({
        name: statementName(text),
        text,
        values: [...sql.values],
      }) as unknown as pg.QueryConfig;
      // The pool's own query, not the adapter's patched one (pg-pool.ts): touchline's reads
      // name their columns and select no "char" column.
      const result = (await poolQuery.call(pool, query)) as unknown as pg.QueryResult;
      return result.rows as T[];
    },
    async close() {
      await prisma.$disconnect();
      // The pool is ours: its idle connections would keep the process alive for seconds.
      await pool.end().catch(() => {});
    },
  };
}
