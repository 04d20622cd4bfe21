/**
 * Three touchline instances on loopback behind HAProxy (docs/deploy.md), sharing one
 * PostgreSQL and one Redis: what `npm run cluster`, the cluster tests and the bench's cluster
 * rows start.
 */
import { freePort } from '../free-port.js';
import { BALANCER_SOURCE, type Haproxy, startHaproxy } from './haproxy.js';
import { createInstance, type Entry, type Instance } from './instance.js';

export { freePort };

interface ClusterOptions {
  /** The haproxy program (findHaproxy()). */
  haproxy: string;
  /** A folder of the cluster's own (HAProxy's runtime socket). */
  dir: string;
  entry: Entry;
  /** The instances' environment: DATABASE_URL, REDIS_URL, REDIS_PREFIX and the rest. */
  env: NodeJS.ProcessEnv;
  /** The balancer's port (a free one when omitted). */
  port?: number;
  /** The instances' ports (free ones when omitted). */
  instancePorts?: readonly [number, number, number];
  onInstanceOutput?: (name: string, text: string) => void;
  onHaproxyLog?: (line: string) => void;
}

export interface Cluster {
  /** The balancer's URL: what clients use. */
  readonly url: string;
  readonly haproxy: Haproxy;
  readonly instances: readonly Instance[];
  /** SIGTERM the instance, wait for its exit, start it again, wait until HAProxy sends to it. */
  restart(index: number): Promise<{ exitCode: number | null; ms: number }>;
  /** `restart` of each instance in turn. */
  rollingRestart(
    onStep?: (name: string, step: { exitCode: number | null; ms: number }) => void,
  ): Promise<void>;
  stop(): Promise<void>;
}

/** HAProxy sends to an instance once its health checks pass (`rise 2`, 0.5 s apart while down). */
const UP_TIMEOUT_MS = 30_000;

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const ports =
    options.instancePorts ?? ([await freePort(), await freePort(), await freePort()] as const);
  // HAProxy connects from 127.0.0.2 (deploy/haproxy.cfg `source`) and opens each connection
  // with a PROXY header naming the client; other loopback clients speak plain HTTP.
  const env = { PROXY_PROTOCOL: BALANCER_SOURCE, ...options.env };
  const instances = ports.map((port, i) =>
    createInstance({
      name: `app${i + 1}`,
      port,
      entry: options.entry,
      env,
      onOutput: (text) => options.onInstanceOutput?.(`app${i + 1}`, text),
    }),
  );
  const started = await Promise.allSettled(instances.map((instance) => instance.start()));
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await Promise.all(instances.map((instance) => instance.stop()));
    throw failed.reason;
  }
  let haproxy: Haproxy;
  try {
    haproxy = await startHaproxy({
      program: options.haproxy,
      bind: `127.0.0.1:${options.port ?? (await freePort())}`,
      servers: instances.map((instance) => instance.address) as [string, string, string],
      dir: options.dir,
      ...(options.onHaproxyLog ? { onLog: options.onHaproxyLog } : {}),
    });
    await Promise.all(instances.map((instance) => haproxy.waitFor(instance.name, 'UP')));
  } catch (error) {
    await Promise.all(instances.map((instance) => instance.stop()));
    throw error;
  }

  async function restart(index: number) {
    const instance = instances[index];
    if (!instance) {
      throw new Error(`no instance ${index}`);
    }
    const t0 = Date.now();
    const exitCode = await instance.stop();
    await instance.start();
    await haproxy.waitFor(instance.name, 'UP', UP_TIMEOUT_MS);
    return { exitCode, ms: Date.now() - t0 };
  }

  return {
    url: haproxy.url,
    haproxy,
    instances,
    restart,
    async rollingRestart(onStep) {
      for (const [i, instance] of instances.entries()) {
        onStep?.(instance.name, await restart(i));
      }
    },
    async stop() {
      // The balancer first, so no request meets an instance that is going away.
      await haproxy.stop();
      await Promise.all(instances.map((instance) => instance.stop()));
    },
  };
}
