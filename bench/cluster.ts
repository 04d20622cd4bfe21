/**
 * The cluster rows (issue 16, docs/benchmarks.md "Through HAProxy"): three touchline instances
 * behind HAProxy (scripts/cluster/, deploy/haproxy.cfg) on the bench's PostgreSQL database and
 * Redis; the cached REST detail from one instance reached directly, then through the balancer.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Cluster, startCluster } from '../scripts/cluster/cluster.js';
import { findHaproxy } from '../scripts/cluster/haproxy.js';
import type { BenchData } from './databases.js';
import type { Server } from './processes.js';
import { detailScenario, type Scenario } from './scenarios.js';
import { type TouchlineConfig, touchlineEnv } from './servers.js';

export async function startBenchCluster(
  config: TouchlineConfig,
  tmp: string,
  logDir: string,
): Promise<{ cluster: Cluster; direct: Server; balanced: Server; stop(): Promise<void> }> {
  const program = findHaproxy();
  if (!program) {
    throw new Error('haproxy is not installed');
  }
  const dir = await mkdtemp(join(tmp, 'cluster-'));
  const out = createWriteStream(join(logDir, 'touchline-cluster.log'), { flags: 'a' });
  const cluster = await startCluster({
    haproxy: program,
    dir,
    // The bundle, as `npm run cluster` and `npm start` run it (the bench script builds it first).
    entry: 'dist',
    env: touchlineEnv(config, { RESPONSE_CACHE: 'on' }),
    onInstanceOutput: (name, text) => out.write(`[${name}] ${text}`),
    onHaproxyLog: (line) => out.write(`[haproxy] ${line}\n`),
  });
  const first = cluster.instances[0];
  if (!first) {
    throw new Error('no instance');
  }
  const stop = async () => {
    await cluster.stop();
    out.end();
    await rm(dir, { recursive: true, force: true });
  };
  const noStop = async () => {};
  return {
    cluster,
    direct: { name: first.name, url: first.url, pid: first.pid(), stop: noStop },
    balanced: {
      name: 'haproxy',
      url: cluster.url,
      pid: cluster.haproxy.pid,
      pids: [cluster.haproxy.pid, ...cluster.instances.map((i) => i.pid())],
      stop: noStop,
    },
    stop,
  };
}

export const clusterScenarios = (d: BenchData): Record<'direct' | 'haproxy', Scenario> => ({
  direct: {
    ...detailScenario(d, true),
    id: 'cluster-direct',
    label: 'REST match detail (cache on), one instance of three reached directly',
  },
  haproxy: {
    ...detailScenario(d, true),
    id: 'cluster-haproxy',
    label: 'REST match detail (cache on), through HAProxy to three instances',
  },
});
