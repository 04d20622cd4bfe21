// npm run db:diff -- NAME: writes prisma/migrations/<timestamp>_<NAME>/migration.sql with the SQL
// that takes the committed migrations to the current schema.prisma (offline, wasm schema engine).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MIGRATIONS_DIR, nextMigrationScript } from '../src/db/migrate.js';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: npm run db:diff -- NAME   (NAME: lower-case letters, digits, underscores)');
  process.exit(2);
}
const script = await nextMigrationScript();
if (!script.trim()) {
  console.error('schema.prisma and the migrations agree: nothing to write');
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const dir = join(MIGRATIONS_DIR, `${stamp}_${name}`);
await mkdir(dir, { recursive: true });
await writeFile(join(dir, 'migration.sql'), script);
await writeFile(
  join(MIGRATIONS_DIR, 'migration_lock.toml'),
  '# Written by npm run db:diff; do not edit.\nprovider = "postgresql"\n',
);
console.log(`wrote ${join(dir, 'migration.sql')}`);
