import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { RedisNode } from '../../src/config/redis.js';

const REDIS_SERVER = '/usr/bin/redis-server';
const REDIS_CLI = '/usr/bin/redis-cli';
const NODE_TIMEOUT_MS = 3000;
const run = promisify(execFile);

/** The cluster tests need the server and its CLI; nothing else (no REDIS_URL). */
export const redisClusterAvailable = existsSync(REDIS_SERVER) && existsSync(REDIS_CLI);

/** Whether `port` is free on the loopback address. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * `count` ports chosen by the system (bind to port 0), each with its cluster bus port (+10000)
 * free too, and none another's bus port.
 */
async function spareClusterPorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  for (let tries = 0; ports.length < count && tries < 200; tries++) {
    const server = createServer();
    const port = await new Promise<number>((resolve) => {
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const clash = ports.some((p) => p === port || p + 10_000 === port || p === port + 10_000);
    if (port > 0 && port + 10_000 <= 65_535 && !clash && (await portFree(port + 10_000))) {
      ports.push(port);
    }
  }
  if (ports.length < count) {
    throw new Error('no spare ports for a Redis Cluster');
  }
  return ports;
}

export const cli = async (port: number, ...args: string[]): Promise<string> =>
  (await run(REDIS_CLI, ['-h', '127.0.0.1', '-p', String(port), ...args])).stdout;

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Redis Cluster: ${what} not within ${timeoutMs} ms`);
}

export interface ClusterNodeInfo {
  port: number;
  role: 'master' | 'slave';
  /** A replica's master, by port. */
  masterPort?: number;
}

export interface RedisCluster {
  /** Every node, as REDIS_CLUSTER_NODES would list them. */
  nodes: RedisNode[];
  /** `REDIS_CLUSTER_NODES` for a server process. */
  env: string;
  /** Who is master and who replicates whom, now. */
  roles(): Promise<ClusterNodeInfo[]>;
  /** The port of the master serving `key`'s slot. */
  masterOf(key: string): Promise<number>;
  /** Kills a node's process outright (SIGKILL). */
  kill(port: number): Promise<void>;
  /** Waits until the replica on `port` has finished its sync and follows its master. */
  waitForReplicaInSync(port: number): Promise<void>;
  /** Waits until every node still running says `cluster_state:ok` and `port` is a master. */
  waitForMaster(port: number, timeoutMs?: number): Promise<void>;
  destroy(): Promise<void>;
}

/**
 * A Redis Cluster of the test's own: three masters and three replicas (one each) on spare
 * loopback ports, under a temporary folder, no persistence. `cluster-node-timeout` is 3 s: short,
 * so that a killed master's replica is promoted within seconds, but long enough that a node
 * starved of CPU on a loaded CI machine (a suite of parallel files on 2 cores) is not taken for
 * dead and failed over behind a test's back (seen with 1 s: a replica promoted before its sync
 * was complete, losing counts).
 */
export async function startRedisCluster(): Promise<RedisCluster> {
  const ports = await spareClusterPorts(6);
  const dir = await mkdtemp(join(tmpdir(), 'touchline-rcluster-'));
  const children = new Map<number, ChildProcess>();
  const running = (port: number) => {
    const child = children.get(port);
    return child !== undefined && child.exitCode === null && child.signalCode === null;
  };
  async function destroy() {
    await Promise.all(
      [...children.entries()].map(async ([port, child]) => {
        if (running(port)) {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGKILL');
          await exited;
        }
      }),
    );
    await rm(dir, { recursive: true, force: true });
  }
  try {
    for (const port of ports) {
      const args = [
        '--cluster-enabled',
        'yes',
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--cluster-config-file',
        join(dir, `nodes-${port}.conf`),
        '--cluster-node-timeout',
        String(NODE_TIMEOUT_MS),
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
        '--dir',
        dir,
      ];
      children.set(port, spawn(REDIS_SERVER, args, { stdio: 'ignore' }));
    }
    for (const port of ports) {
      await waitFor(`node ${port} answering`, async () =>
        (await cli(port, 'ping')).includes('PONG'),
      );
    }
    await run(REDIS_CLI, [
      '--cluster',
      'create',
      ...ports.map((p) => `127.0.0.1:${p}`),
      '--cluster-replicas',
      '1',
      '--cluster-yes',
    ]);
    const allOk = async () => {
      for (const port of ports.filter(running)) {
        if (!(await cli(port, 'cluster', 'info')).includes('cluster_state:ok')) {
          return false;
        }
      }
      return true;
    };
    await waitFor('cluster_state:ok on every node', allOk);

    /** The replica on `port` has finished its sync and follows its master's stream. */
    async function inSync(port: number): Promise<boolean> {
      const info = await cli(port, 'info', 'replication');
      return (
        info.includes('role:slave') &&
        info.includes('master_link_status:up') &&
        !info.includes('master_sync_in_progress:1')
      );
    }
    // Every node's view counts: the one roles() asks learns of replicas by gossip.
    await waitFor('three replicas known and in sync', async () => {
      const replicas = (await roles()).filter((n) => n.role === 'slave' && n.masterPort);
      const synced = await Promise.all(replicas.map((n) => inSync(n.port)));
      return replicas.length === ports.length / 2 && synced.every(Boolean);
    });

    async function roles(): Promise<ClusterNodeInfo[]> {
      const alive = ports.find(running) ?? ports[0];
      const text = await cli(alive as number, 'cluster', 'nodes');
      const lines = text
        .trim()
        .split('\n')
        .map((line) => line.split(' '));
      const portOfId = new Map(
        lines.map((f) => [f[0], Number(f[1]?.split(':')[1]?.split('@')[0])]),
      );
      return lines.map((f) => {
        const port = portOfId.get(f[0]) as number;
        const role = f[2]?.includes('master') ? 'master' : 'slave';
        const masterPort = f[3] && f[3] !== '-' ? portOfId.get(f[3]) : undefined;
        return { port, role, ...(masterPort ? { masterPort } : {}) };
      });
    }

    async function masterOf(key: string): Promise<number> {
      const alive = ports.find(running) as number;
      const slot = Number((await cli(alive, 'cluster', 'keyslot', key)).trim());
      for (const fields of (await cli(alive, 'cluster', 'nodes')).trim().split('\n')) {
        const [, address, flags, , , , , , ...ranges] = fields.split(' ');
        const serves = ranges.some((range) => {
          const [from, to = from] = range.split('-').map(Number);
          return slot >= (from as number) && slot <= (to as number);
        });
        if (flags?.includes('master') && !flags.includes('fail') && serves) {
          return Number(address?.split(':')[1]?.split('@')[0]);
        }
      }
      throw new Error(`no master for slot ${slot}`);
    }

    return {
      nodes: ports.map((port) => ({ host: '127.0.0.1', port })),
      env: ports.map((port) => `127.0.0.1:${port}`).join(','),
      roles,
      masterOf,
      async kill(port) {
        const child = children.get(port);
        if (child && running(port)) {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGKILL');
          await exited;
        }
      },
      waitForReplicaInSync: (port) => waitFor(`replica ${port} in sync`, () => inSync(port)),
      async waitForMaster(port, timeoutMs = 30_000) {
        await waitFor(
          `node ${port} a master and the cluster ok`,
          async () =>
            (await roles()).some((n) => n.port === port && n.role === 'master') && (await allOk()),
          timeoutMs,
        );
      },
      destroy,
    };
  } catch (error) {
    await destroy();
    throw error;
  }
}
