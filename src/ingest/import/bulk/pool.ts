import pg from 'pg';
import type { Database } from '../../../db/database.js';

/**
 * The `pg` pool behind a PostgreSQL database (the one @prisma/adapter-pg was given), for the
 * COPY write pass; undefined on embedded PGlite, whose Prisma adapter has no COPY FROM STDIN.
 */
export function pgPoolOf(database: Database): pg.Pool | undefined {
  if (database.kind !== 'postgres') {
    return undefined;
  }
  const pool = (database.adapter as { externalPool?: unknown }).externalPool;
  return pool instanceof pg.Pool ? pool : undefined;
}
