/**
 * One `touchline serve` process on a fixed loopback port, which can be stopped (SIGTERM, as
 * systemd or Kubernetes would) and started again on the same port, so the balancer's
 * configuration never changes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** `dist`: the bundle `npm start` runs; `source`: the TypeScript through tsx, as the tests do. */
export type Entry = 'dist' | 'source';

const ARGS: Record<Entry, string[]> = {
  dist: ['--enable-source-maps', 'dist/main.js', 'serve'],
  source: ['--import', 'tsx', 'app/main.ts', 'serve'],
};

const READY_TIMEOUT_MS = 180_000;
/** A process that has not exited this long after SIGTERM is killed (serve.ts needs ~50 s at most). */
const EXIT_TIMEOUT_MS = 60_000;

export interface Instance {
  readonly name: string;
  readonly address: string;
  readonly url: string;
  /** The current process's id (0 while stopped). */
  pid(): number;
  /** Its standard error since it was last started (the server's log). */
  output(): string;
  start(): Promise<void>;
  /** SIGTERM and wait for the exit; its exit code (null when killed by a signal). */
  stop(): Promise<number | null>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createInstance(options: {
  name: string;
  port: number;
  entry: Entry;
  env: NodeJS.ProcessEnv;
  onOutput?: (text: string) => void;
}): Instance {
  const address = `127.0.0.1:${options.port}`;
  const url = `http://${address}`;
  let child: ChildProcess | undefined;
  let exited: Promise<unknown> = Promise.resolve();
  let stderr = '';

  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;

  async function waitReady(process: ChildProcess): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (process.exitCode !== null || process.signalCode !== null) {
        throw new Error(`${options.name} exited (${process.exitCode}): ${stderr}`);
      }
      const ready = await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) {
        return;
      }
      await sleep(100);
    }
    process.kill('SIGKILL');
    throw new Error(`${options.name} did not become ready: ${stderr}`);
  }

  return {
    name: options.name,
    address,
    url,
    pid: () => (running() ? (child?.pid ?? 0) : 0),
    output: () => stderr,
    async start() {
      if (running()) {
        throw new Error(`${options.name} is already running`);
      }
      stderr = '';
      // vitest exports Vite's BASE_URL ("/") into the environment; it is not touchline's.
      const { BASE_URL: _viteBase, ...inherited } = process.env;
      const started = spawn(process.execPath, ARGS[options.entry], {
        cwd: ROOT,
        env: {
          ...inherited,
          LOG_LEVEL: 'warn',
          ...options.env,
          HOST: '127.0.0.1',
          PORT: String(options.port),
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child = started;
      exited = once(started, 'exit');
      started.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        options.onOutput?.(chunk.toString());
      });
      await waitReady(started);
    },
    async stop() {
      const current = child;
      if (!current || !running()) {
        return current?.exitCode ?? null;
      }
      current.kill('SIGTERM');
      const timer = setTimeout(() => current.kill('SIGKILL'), EXIT_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
      return current.exitCode;
    },
  };
}
