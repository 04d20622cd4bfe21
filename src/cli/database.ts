import { loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/database.js';
import { ensureMigrated } from '../db/migrate.js';
import { createAccessEventsFromConfig } from '../policy/access-event-transports.js';
import { seedPlans } from '../services/plans-seed.js';

/**
 * Opens the configured database (PostgreSQL with DATABASE_URL, else the embedded one), brings
 * it to the current migrations and seeds the plan tables, runs `fn`, and always closes it.
 * Applying migrations is idempotent and takes Prisma's advisory lock on PostgreSQL.
 */
export async function withDatabase<T>(
  fn: (db: Database) => Promise<T>,
  progress: (message: string) => void = () => {},
): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const applied = await ensureMigrated(database.adapter, (sql) =>
      database.prisma.$queryRawUnsafe(sql),
    );
    if (applied.length > 0) {
      progress(`applied migrations: ${applied.join(', ')}`);
    }
    await seedPlans(database.prisma);
    return await fn(database);
  } finally {
    await database.close();
  }
}

/**
 * Tells running servers that football data changed (their response caches clear at once):
 * through Redis pub/sub and PostgreSQL NOTIFY where configured.
 */
export async function announceDataChange(): Promise<void> {
  const events = createAccessEventsFromConfig(loadConfig());
  try {
    await events.publish({ type: 'data-changed' });
  } finally {
    await events.close();
  }
}

/** `withDatabase` for commands that change football data: servers are told when it is done. */
export async function withDataChange<T>(
  fn: (db: Database) => Promise<T>,
  progress: (message: string) => void = () => {},
): Promise<T> {
  const result = await withDatabase(fn, progress);
  await announceDataChange();
  return result;
}
