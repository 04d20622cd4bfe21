import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { createPgDatabase, dropPgDatabase } from '../databases.js';
import { ROOT } from '../processes.js';
import { touchlineEnv } from '../servers.js';

export type StoreKind = 'embedded' | 'postgres';

/** A fresh, migrated touchline database and the environment the CLI and server need for it. */
export interface Store {
  kind: StoreKind;
  dataDir: string;
  databaseUrl?: string;
  env: NodeJS.ProcessEnv;
  drop(): Promise<void>;
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** From the spawn to the exit, as a user at a terminal waits for it. */
  ms: number;
}

/**
 * BENCH_SYNC_NODE_ARGS: more of Node's flags for the timed commands (a profile:
 * `--cpu-prof --cpu-prof-dir=/tmp/p`, which Node refuses in NODE_OPTIONS).
 */
const NODE_ARGS = (process.env['BENCH_SYNC_NODE_ARGS'] ?? '').split(' ').filter(Boolean);

/** `node dist/main.js <args>`: the bundle as the `touchline` command runs it, timed end to end. */
function touchline(args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  const started = performance.now();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...NODE_ARGS, 'dist/main.js', ...args],
      { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number((error as { code?: number }).code ?? 1) : 0,
          stdout,
          stderr,
          ms: performance.now() - started,
        }),
    );
  });
}

/** Runs the command and fails with its output when it exits non-zero. */
export async function touchlineOk(args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  const run = await touchline(args, env);
  if (run.code !== 0) {
    throw new Error(`touchline ${args.join(' ')} exited ${run.code}: ${run.stderr || run.stdout}`);
  }
  return run;
}

let made = 0;

const runDatabases = (prefix: string) => `${prefix}${process.pid}_`;

/** Drops what is left of this run's PostgreSQL databases (an interrupted run). */
export async function dropRunDatabases(server: { url: string; prefix: string }): Promise<void> {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      'SELECT datname AS name FROM pg_database WHERE starts_with(datname, $1)',
      [runDatabases(server.prefix)],
    );
    for (const { name } of rows) {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}

/**
 * A new embedded folder under `tmp`, or a new database on the PostgreSQL server, brought to the
 * current migrations by `touchline db migrate` (not timed: both sides of a row start from it).
 */
export async function freshStore(
  kind: StoreKind,
  tmp: string,
  server: { url: string; prefix: string },
): Promise<Store> {
  made += 1;
  const dataDir = await mkdtemp(join(tmp, `${kind}-`));
  const name = `${runDatabases(server.prefix)}${made}`;
  const databaseUrl = kind === 'postgres' ? await createPgDatabase(server.url, name) : undefined;
  const env = touchlineEnv({
    name: kind,
    description: kind,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  const store: Store = {
    kind,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    env,
    async drop() {
      if (databaseUrl) {
        await dropPgDatabase(server.url, name).catch(() => {});
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await touchlineOk(['db', 'migrate'], env);
  } catch (error) {
    await store.drop();
    throw error;
  }
  return store;
}
