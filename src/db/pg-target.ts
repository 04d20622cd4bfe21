import { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';
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

export function openPgTarget(url: string, options: PgPoolOptions): PgTarget {
  const pool = createPgPool(url, options);
  const adapter = new PrismaPg(pool);
  const prisma = new PrismaClient({ adapter });
  return {
    pool,
    adapter,
    prisma,
    read: async <T>(sql: SqlStatement) =>
      (
        (await pool.query(
          new DescribedQuery({
            name: statementName(sql.text),
            text: sql.text,
            values: [...sql.values],
          }) as unknown as pg.QueryConfig,
        )) as unknown as pg.QueryResult
      ).rows as T[],
    async close() {
      await prisma.$disconnect();
      // The pool is ours: its idle connections would keep the process alive for seconds.
      await pool.end().catch(() => {});
    },
  };
}
