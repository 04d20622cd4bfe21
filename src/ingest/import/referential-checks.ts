import type { Tx } from './upsert.js';

/**
 * On embedded PGlite the per-row foreign-key triggers are most of the write cost (about 50 us a
 * row, measured). The validation pass has already proved every reference, and PGlite has one
 * connection that this transaction holds, so nobody can delete a parent in between: there the
 * triggers are switched off for this transaction only (`SET LOCAL`). On PostgreSQL, where other
 * sessions may write concurrently, the constraints stay on.
 */
export async function relaxForeignKeysIfEmbedded(tx: Tx): Promise<boolean> {
  const rows = await tx.$queryRawUnsafe<{ embedded: boolean }[]>(
    `SELECT version() LIKE '%PGlite%' AS embedded`,
  );
  const embedded = rows[0]?.embedded === true;
  if (embedded) {
    await tx.$executeRawUnsafe('SET LOCAL session_replication_role = replica');
  }
  return embedded;
}
