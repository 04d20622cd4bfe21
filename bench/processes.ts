import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../scripts/free-port.js';

export { freePort };

const execFileAsync = promisify(execFile);
const children = new Set<ChildProcess>();

/** `node --import tsx <args>` to completion; killed with the bench if it is interrupted. */
async function runTs(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ stdout: string; stderr: string }> {
  const pending = execFileAsync(process.execPath, [...NODE_TS, ...args], {
    cwd: ROOT,
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  children.add(pending.child);
  try {
    return await pending;
  } finally {
    children.delete(pending.child);
  }
}

/** Runs the bench's own TypeScript (and the CLI for set-up) without a build. */
export const NODE_TS = ['--import', 'tsx'];

/**
 * `touchline serve` as `npm start` runs it: the bundle in dist/ (the bench scripts in
 * package.json run `npm run build` first, so it is the checkout's code), source maps on.
 */
export const TOUCHLINE_SERVE: { entry: string; args: string[]; nodeArgs: string[]; bundle: true } =
  {
    entry: 'dist/main.js',
    args: ['serve'],
    // BENCH_SERVER_NODE_ARGS: more of Node's flags for every touchline server of the run (a
    // profile: `--cpu-prof --cpu-prof-dir=/tmp/p`; Node refuses those in NODE_OPTIONS).
    nodeArgs: [
      '--enable-source-maps',
      ...(process.env['BENCH_SERVER_NODE_ARGS'] ?? '').split(' ').filter(Boolean),
    ],
    bundle: true,
  };

/** The repository root (bench/ is one level down). */
export const ROOT = new URL('..', import.meta.url).pathname;

export const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

/** `touchline <args> --json` in its own process; its JSON answer. */
export async function touchlineCli<T>(args: string[], env: NodeJS.ProcessEnv): Promise<T> {
  try {
    const { stdout } = await runTs(['app/main.ts', ...args, '--json'], env);
    return JSON.parse(stdout) as T;
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`touchline ${args.join(' ')} failed: ${e.stderr || e.stdout || e.message}`);
  }
}

export interface Server {
  readonly name: string;
  readonly url: string;
  readonly pid: number;
  /** Every process that answers through it (a balancer and its instances); default `[pid]`. */
  readonly pids?: readonly number[];
  /** Where its inspector listens once SIGUSR1 opens it (bench/collected-rss.ts); Node servers only. */
  readonly inspectPort?: number;
  stop(): Promise<void>;
}

const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User and system CPU time (µs) in a `/proc/.../stat` file (a process's, or one thread's). */
function statCpu(path: string): { user: number; system: number } {
  const stat = readFileSync(path, 'utf8');
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const micros = (ticks: string | undefined) => (Number(ticks) * 1_000_000) / clockTicks;
  return { user: micros(fields[11]), system: micros(fields[12]) };
}

/** CPU time (user + system, all threads) a process has used, in µs; undefined without /proc. */
export function cpuMicros(pid: number): number | undefined {
  try {
    const { user, system } = statCpu(`/proc/${pid}/stat`);
    return user + system;
  } catch {
    return undefined;
  }
}

/**
 * CPU time (µs) of a process's main thread (user and system apart) and of all its other threads
 * together (`helpers`: V8's garbage-collection and compiler threads, libuv's pool); empty without
 * /proc.
 */
export function threadCpuMicros(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  const add = (name: string, micros: number) => byName.set(name, (byName.get(name) ?? 0) + micros);
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const { user, system } = statCpu(`/proc/${pid}/task/${tid}/stat`);
      if (tid === String(pid)) {
        add('main user', user);
        add('main system', system);
      } else {
        add('helpers', user + system);
      }
    }
  } catch {
    // the process ended, or no /proc: nothing to report
  }
  return byName;
}

/** Last resort on exit: no server of ours outlives the bench. */
export function killChildren(): void {
  for (const child of children) {
    child.kill('SIGKILL');
  }
}

async function waitReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`exited with code ${child.exitCode}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`not ready after ${timeoutMs} ms`);
}

/**
 * `node --import tsx <args>` with its standard input open to the bench (a `touchline feed -`),
 * output logged to `<logDir>/<name>.log`; killed with the bench if it is interrupted.
 */
export function spawnWithInput(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logDir: string,
): ChildProcess {
  const out = createWriteStream(join(logDir, `${name}.log`), { flags: 'a' });
  const child = spawn(process.execPath, [...NODE_TS, ...args], {
    cwd: ROOT,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.add(child);
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  child.once('exit', () => children.delete(child));
  return child;
}

/**
 * Starts `node --import tsx <entry> [args]` (with `bundle`, plain `node <entry>`; with `runtime`,
 * that Node on a plain script in its folder), logs to `<logDir>/<name>.log`, waits for
 * `readyPath`.
 */
export async function startServer(options: {
  name: string;
  entry: string;
  args?: string[];
  /** Node's own flags (e.g. `--cpu-prof`), before the entry. */
  nodeArgs?: string[];
  /** Another Node binary and working folder, running `entry` as it is (no tsx): the peer server. */
  runtime?: { node: string; cwd: string };
  /** `entry` is plain JavaScript (the bundle): no tsx. */
  bundle?: boolean;
  env: NodeJS.ProcessEnv;
  port: number;
  readyPath: string;
  logDir: string;
  timeoutMs?: number;
}): Promise<Server> {
  const url = `http://127.0.0.1:${options.port}`;
  const logFile = join(options.logDir, `${options.name}.log`);
  const out = createWriteStream(logFile, { flags: 'a' });
  const { runtime } = options;
  const loader = runtime || options.bundle ? [] : NODE_TS;
  // Not opened: SIGUSR1 opens it on this port when the memory rows collect garbage.
  const inspectPort = runtime ? undefined : await freePort();
  const inspect = inspectPort === undefined ? [] : [`--inspect-port=127.0.0.1:${inspectPort}`];
  const argv = [
    ...inspect,
    ...(options.nodeArgs ?? []),
    ...loader,
    options.entry,
    ...(options.args ?? []),
  ];
  const child = spawn(runtime?.node ?? process.execPath, argv, {
    cwd: runtime?.cwd ?? ROOT,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    children.delete(child);
  };
  try {
    await waitReady(`${url}${options.readyPath}`, child, options.timeoutMs ?? 60_000);
  } catch (error) {
    await stop();
    throw new Error(`${options.name}: ${(error as Error).message} (see ${logFile})`);
  }
  return {
    name: options.name,
    url,
    pid: child.pid ?? 0,
    ...(inspectPort === undefined ? {} : { inspectPort }),
    stop,
  };
}
