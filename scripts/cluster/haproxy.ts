/**
 * HAProxy as a child process over the checked-in configuration (deploy/haproxy.cfg), which
 * HAProxy itself fills from environment variables: the same file `npm run cluster`, the cluster
 * tests and the bench use, and docs/deploy.md shows. Not the Debian service: a process of ours.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HAPROXY_CONFIG = fileURLToPath(new URL('../../deploy/haproxy.cfg', import.meta.url));
const BACKEND = 'touchline';
/**
 * The loopback address HAProxy connects to the instances from (HAPROXY_SOURCE in
 * deploy/haproxy.cfg): the instances' PROXY_PROTOCOL names it, other local clients differ.
 */
export const BALANCER_SOURCE = '127.0.0.2';
const STOP_GRACE_MS = 5_000;

/** The haproxy program (on PATH or Debian's /usr/sbin), or undefined when it is not installed. */
export function findHaproxy(): string | undefined {
  for (const candidate of ['haproxy', '/usr/sbin/haproxy']) {
    try {
      execFileSync(candidate, ['-v'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** One server row of the runtime API's `show stat` (the fields we read). */
interface ServerStat {
  name: string;
  /** `UP`, `DOWN`, `MAINT`, `DRAIN`, or a transition such as `UP 1/2`. */
  status: string;
  /** Connections retried, and redispatched to another server. */
  retries: number;
  redispatches: number;
  connectionErrors: number;
  responseErrors: number;
  /** Connections this server took (TCP mode: HAProxy does not see requests). */
  connections: number;
}

export interface Haproxy {
  readonly url: string;
  readonly pid: number;
  /** HAProxy's log lines so far (errors, retries and redispatches only). */
  log(): string[];
  /** A command of the runtime API (management guide, section 9.3); its answer. */
  command(text: string): Promise<string>;
  servers(): Promise<ServerStat[]>;
  /** Until the server's health checks have made it `UP` (or `DOWN`). */
  waitFor(server: string, state: 'UP' | 'DOWN', timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

function parseStat(csv: string): ServerStat[] {
  const [header = '', ...lines] = csv.trim().split('\n');
  const fields = header.replace(/^# /, '').split(',');
  const at = (row: string[], name: string) => row[fields.indexOf(name)] ?? '';
  return lines
    .map((line) => line.split(','))
    .filter(
      (row) => at(row, 'pxname') === BACKEND && !['BACKEND', 'FRONTEND'].includes(row[1] ?? ''),
    )
    .map((row) => ({
      name: at(row, 'svname'),
      status: at(row, 'status'),
      retries: Number(at(row, 'wretr')) || 0,
      redispatches: Number(at(row, 'wredis')) || 0,
      connectionErrors: Number(at(row, 'econ')) || 0,
      responseErrors: Number(at(row, 'eresp')) || 0,
      connections: Number(at(row, 'stot')) || 0,
    }));
}

function runtimeCommand(socket: string, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const client = connect(socket, () => client.end(`${text}\n`));
    client.on('data', (chunk: Buffer) => chunks.push(chunk));
    client.on('error', reject);
    client.on('close', () => resolve(Buffer.concat(chunks).toString()));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts HAProxy in the foreground on `bind` (host:port) in front of `servers` (three
 * host:port addresses, app1..app3), its runtime socket in `dir`; resolves once the socket answers.
 */
export async function startHaproxy(options: {
  program: string;
  bind: string;
  servers: readonly [string, string, string];
  dir: string;
  onLog?: (line: string) => void;
}): Promise<Haproxy> {
  const socket = join(options.dir, 'haproxy.sock');
  const lines: string[] = [];
  const child: ChildProcess = spawn(options.program, ['-db', '-f', HAPROXY_CONFIG], {
    env: {
      ...process.env,
      TOUCHLINE_BIND: options.bind,
      TOUCHLINE_1: options.servers[0],
      TOUCHLINE_2: options.servers[1],
      TOUCHLINE_3: options.servers[2],
      HAPROXY_ADMIN_SOCKET: socket,
      HAPROXY_SOURCE: BALANCER_SOURCE,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(child, 'exit');
  let partial = '';
  const collect = (chunk: Buffer) => {
    partial += chunk.toString();
    const complete = partial.split('\n');
    partial = complete.pop() ?? '';
    for (const line of complete.filter(Boolean)) {
      lines.push(line);
      options.onLog?.(line);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const command = (text: string) => runtimeCommand(socket, text);
  const haproxy: Haproxy = {
    url: `http://${options.bind}`,
    pid: child.pid ?? 0,
    log: () => [...lines],
    command,
    servers: async () => parseStat(await command('show stat')),
    async waitFor(server, state, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = (await haproxy.servers()).find((s) => s.name === server);
        if (found?.status === state) {
          return;
        }
        if (Date.now() > deadline) {
          throw new Error(`haproxy: ${server} is ${found?.status ?? 'unknown'}, not ${state}`);
        }
        await sleep(100);
      }
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) {
        return;
      }
      // SIGUSR1: a soft stop (stop listening, let connections finish); SIGTERM if it lingers.
      child.kill('SIGUSR1');
      const timer = setTimeout(() => child.kill('SIGTERM'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };

  const deadline = Date.now() + 10_000;
  while (!existsSync(socket) || !(await command('show info').catch(() => ''))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`haproxy did not start: ${lines.join('\n')}`);
    }
    await sleep(50);
  }
  return haproxy;
}
