/**
 * What `npm run cluster` does before it starts anything: the shared database exists, is migrated
 * and holds the demo data, and there is one demo key per tier (kept in a file of its own, so a
 * second start prints the same keys).
 */
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { createAccountsService } from '../../src/accounts/accounts.js';
import { createDemoKeys, type DemoKey, readDemoKeys } from '../../src/accounts/demo-setup.js';
import { seedPlans } from '../../src/accounts/plans-seed.js';
import { openDatabase } from '../../src/db/database.js';
import { ensureMigrated } from '../../src/db/migrate.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const execFileAsync = promisify(execFile);

async function query<T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[]) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Creates the database named in `url` on its server when it does not exist; true if it did. */
async function ensureDatabase(url: string): Promise<boolean> {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.slice(1));
  parsed.pathname = '/postgres';
  const server = parsed.toString();
  const found = await query(server, 'SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (found.length > 0) {
    return false;
  }
  const quoted = `"${name.replaceAll('"', '""')}"`;
  await query(server, `CREATE DATABASE ${quoted}`, []);
  return true;
}

/** `touchline <args>` from the bundle, its output passed through. */
async function touchline(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const { stderr } = await execFileAsync(process.execPath, ['dist/main.js', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stderr.write(stderr);
}

/** Keys written by an earlier start are kept while every one of them is still unrevoked. */
async function stillValid(url: string, keys: DemoKey[]): Promise<boolean> {
  const rows = await query(
    url,
    'SELECT id FROM api_keys WHERE id = ANY($1::int[]) AND revoked_at IS NULL',
    [keys.map((k) => k.keyId)],
  );
  return rows.length === keys.length;
}

export async function prepareDatabase(options: {
  databaseUrl: string;
  /** Where the demo keys are kept between starts. */
  stateDir: string;
  matches: number;
  log: (line: string) => void;
}): Promise<DemoKey[]> {
  const { databaseUrl, log } = options;
  if (await ensureDatabase(databaseUrl)) {
    log(`created database ${new URL(databaseUrl).pathname.slice(1)}`);
  }
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  let matches: number;
  try {
    const applied = await ensureMigrated(database);
    if (applied.length > 0) {
      log(`applied ${applied.length} migrations`);
    }
    await seedPlans(database.prisma, database.read);
    matches = await database.prisma.match.count();
  } finally {
    await database.close();
  }
  if (matches === 0) {
    log(`empty database: loading ${options.matches} demo matches (once)`);
    await touchline(['demo', '--matches', String(options.matches)], {
      DATABASE_URL: databaseUrl,
    });
  }
  await mkdir(options.stateDir, { recursive: true });
  const kept = await readDemoKeys(options.stateDir);
  if (kept && (await stillValid(databaseUrl, kept))) {
    return kept;
  }
  const again = await openDatabase({ databaseUrl, dataDir: '' });
  try {
    return await createDemoKeys(createAccountsService({ db: again.prisma }), options.stateDir);
  } finally {
    await again.close();
  }
}
