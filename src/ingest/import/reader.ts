/**
 * What the validation pass needs to read rows: a PrismaClient, or the bulk pass's own
 * connection (which holds locks that a second connection would wait for).
 */
export interface SqlReader {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

/** ... and to write them, in a transaction: Prisma's transaction client, or the bulk connection. */
export interface SqlExecutor extends SqlReader {
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}
