/**
 * A PostgreSQL primary and a streaming replica of its own, for the replica tests and the bench
 * (docs/scale.md "Read replicas"): two clusters under a temporary folder, made with `initdb` and
 * `pg_basebackup -R`, listening on spare loopback ports. Nothing of the machine's own PostgreSQL
 * is touched. As root (CI, these machines), every PostgreSQL program runs as the `postgres` OS
 * user, which owns the folder (initdb refuses root). The servers die with the process that
 * started them (`setpriv --pdeathsig`), so none is left behind even if it is killed.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port.js';
import { runningAsRoot, serverBinary } from './pg-binaries.js';

const execFileAsync = promisify(execFile);
const READY_TIMEOUT_MS = 60_000;

/** The command line of a PostgreSQL program, as the `postgres` user when we are root. */
function asPostgres(program: string, args: string[], extra: string[] = []): [string, string[]] {
  const user = runningAsRoot() ? ['--reuid=postgres', '--regid=postgres', '--init-groups'] : [];
  return ['setpriv', [...user, ...extra, '--', serverBinary(program), ...args]];
}

async function run(program: string, args: string[], home: string): Promise<void> {
  const [command, argv] = asPostgres(program, args);
  await execFileAsync(command, argv, { env: { ...process.env, HOME: home }, cwd: home });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers true; rejects after READY_TIMEOUT_MS with `what`. */
async function waitUntil(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) {
      return;
    }
    await sleep(100);
  }
  throw new Error(`${what}: not within ${READY_TIMEOUT_MS} ms`);
}

/** One query on a fresh connection (the helper's own checks). */
export async function queryOnce<T extends pg.QueryResultRow>(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}

/** One PostgreSQL server of the pair: its folder and port, started and stopped at will. */
interface PgServer {
  readonly port: number;
  /** Its URL for a database (default `postgres`). */
  url(database?: string): string;
  start(): Promise<void>;
  /** `fast` (SIGINT: clients are disconnected cleanly) or `kill` (SIGKILL: a crash). */
  stop(how?: 'fast' | 'kill'): Promise<void>;
  readonly running: boolean;
}

function pgServer(dataDir: string, port: number, home: string): PgServer {
  let child: ChildProcess | undefined;
  const isRunning = () =>
    child !== undefined && child.exitCode === null && child.signalCode === null;
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    get running() {
      return isRunning();
    },
    async start() {
      if (isRunning()) {
        return;
      }
      const [command, argv] = asPostgres(
        'postgres',
        ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'],
        ['--pdeathsig', 'SIGKILL'],
      );
      const options = ['-c', `unix_socket_directories=${home}`, '-c', 'fsync=off'];
      child = spawn(command, [...argv, ...options], {
        env: { ...process.env, HOME: home },
        stdio: 'ignore',
      });
      const started = child;
      await waitUntil(`PostgreSQL on port ${port}`, async () => {
        if (started.exitCode !== null) {
          throw new Error(`PostgreSQL on port ${port} exited with ${started.exitCode}`);
        }
        await queryOnce(url(), 'SELECT 1');
        return true;
      });
    },
    async stop(how = 'fast') {
      if (!child || !isRunning()) {
        return;
      }
      const exited = once(child, 'exit');
      child.kill(how === 'kill' ? 'SIGKILL' : 'SIGINT');
      const timer = setTimeout(() => child?.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface ReplicaPair {
  readonly folder: string;
  readonly primary: PgServer;
  readonly replica: PgServer;
  /** Until the replica streams from the primary (after a start or a restart). */
  waitStreaming(): Promise<void>;
  /** Stops both servers and removes the folder. */
  destroy(): Promise<void>;
}

/** A primary and its streaming replica, both running and the replica streaming. */
export async function startReplicaPair(): Promise<ReplicaPair> {
  const folder = await mkdtemp(join(tmpdir(), 'touchline-pgpair-'));
  if (runningAsRoot()) {
    const { stdout } = await execFileAsync('id', ['-u', 'postgres']);
    const { stdout: gid } = await execFileAsync('id', ['-g', 'postgres']);
    await chown(folder, Number(stdout.trim()), Number(gid.trim()));
  }
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primary = pgServer(join(folder, 'primary'), primaryPort, folder);
  const replica = pgServer(join(folder, 'replica'), replicaPort, folder);
  const waitStreaming = () =>
    waitUntil('the replica streaming', async () => {
      const rows = await queryOnce<{ status: string }>(
        replica.url(),
        'SELECT status FROM pg_stat_wal_receiver',
      );
      return rows[0]?.status === 'streaming';
    });
  const destroy = async () => {
    await Promise.all([replica.stop(), primary.stop()]);
    await rm(folder, { recursive: true, force: true });
  };
  try {
    const initdb = ['-D', join(folder, 'primary'), '-A', 'trust', '-U', 'postgres'];
    await run('initdb', [...initdb, '-E', 'UTF8', '--locale=C', '--no-sync'], folder);
    await primary.start();
    const backup = ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'];
    const target = ['-D', join(folder, 'replica'), '-R', '-X', 'stream', '-c', 'fast'];
    await run('pg_basebackup', [...backup, ...target, '--no-sync'], folder);
    await replica.start();
    await waitStreaming();
  } catch (error) {
    await destroy();
    throw error;
  }
  return { folder, primary, replica, waitStreaming, destroy };
}
