/**
 * `npm run cluster`: three touchline instances on loopback ports behind HAProxy, sharing one
 * PostgreSQL and one Redis (docs/deploy.md "One command"). Prints the balancer's URL and the demo
 * keys; Ctrl-C stops everything; SIGHUP, or `r` and Enter, restarts the instances one at a time.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Command, InvalidArgumentError } from 'commander';
import { sourcesNewerThan } from '../../app/stale-build.js';
import { type Cluster, startCluster } from './cluster.js';
import { findHaproxy } from './haproxy.js';
import { prepareDatabase } from './prepare.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const log = (line: string) => process.stderr.write(`[cluster] ${line}\n`);

const port = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65_535) {
    throw new InvalidArgumentError('a port number');
  }
  return n;
};
const ports = (value: string) => {
  const list = value.split(',').map(port);
  if (list.length !== 3) {
    throw new InvalidArgumentError('three ports, comma-separated');
  }
  return list as [number, number, number];
};

const options = new Command()
  .name('npm run cluster --')
  .description('three touchline instances behind HAProxy, one PostgreSQL and one Redis')
  .option('--port <port>', 'the balancer port', port, 8080)
  .option('--instance-ports <a,b,c>', 'the three instances', ports, [3001, 3002, 3003])
  .option(
    '--database-url <url>',
    'PostgreSQL database shared by the instances (created, migrated and loaded if empty)',
    process.env['CLUSTER_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/touchline_cluster',
  )
  .option(
    '--redis-url <url>',
    'Redis shared by the instances',
    process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
  )
  .option('--redis-prefix <prefix>', "the cluster's Redis key prefix", 'tl:cluster')
  .option('--matches <n>', 'demo matches loaded into an empty database', '2000')
  .option('--live <mode>', 'demo: the one writer moves the demo matches (LIVE); off: still', 'demo')
  .option('--source', 'run the TypeScript sources (tsx) instead of the dist/ bundle')
  .parse()
  .opts<{
    port: number;
    instancePorts: [number, number, number];
    databaseUrl: string;
    redisUrl: string;
    redisPrefix: string;
    matches: string;
    live: string;
    source?: boolean;
  }>();

const haproxyProgram = findHaproxy();
if (!haproxyProgram) {
  log('haproxy is not installed: `apt-get install haproxy` (Debian), then run this again');
  process.exit(1);
}

const bundle = join(ROOT, 'dist/main.js');
if (!options.source && (!existsSync(bundle) || sourcesNewerThan(bundle))) {
  log('building dist/ (npm run build)');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

const keys = await prepareDatabase({
  databaseUrl: options.databaseUrl,
  stateDir: join(ROOT, 'data', 'cluster'),
  matches: Number(options.matches),
  log,
});

const dir = await mkdtemp(join(tmpdir(), 'touchline-cluster-'));
let cluster: Cluster;
try {
  cluster = await startCluster({
    haproxy: haproxyProgram,
    dir,
    entry: options.source ? 'source' : 'dist',
    port: options.port,
    instancePorts: options.instancePorts,
    env: {
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
      REDIS_PREFIX: options.redisPrefix,
      LIVE: options.live,
      BASE_URL: `http://127.0.0.1:${options.port}`,
      LOG_LEVEL: 'warn',
    },
    onInstanceOutput: (name, text) => {
      for (const line of text.trimEnd().split('\n')) {
        process.stderr.write(`[${name}] ${line}\n`);
      }
    },
    onHaproxyLog: (line) => process.stderr.write(`[haproxy] ${line}\n`),
  });
} catch (error) {
  await rm(dir, { recursive: true, force: true });
  throw error;
}

log(`balancer ${cluster.url} (HAProxy, deploy/haproxy.cfg)`);
for (const instance of cluster.instances) {
  log(`  ${instance.name} ${instance.url} (pid ${instance.pid()})`);
}
log('demo API keys:');
for (const k of keys) {
  log(`  ${k.tier.padEnd(4)}  ${k.key}`);
}
log(`try: curl -H 'X-Api-Key: ${keys[0]?.key ?? '...'}' ${cluster.url}/v1/football/matches/live`);
log(`Ctrl-C stops everything; 'r' + Enter (or kill -HUP ${process.pid}) restarts one at a time`);

let restarting: Promise<void> | undefined;
function rollingRestart() {
  if (restarting) {
    log('a rolling restart is already under way');
    return;
  }
  log('rolling restart: SIGTERM each instance, start it again, wait until HAProxy sends to it');
  restarting = cluster
    .rollingRestart((name, step) =>
      log(`  ${name}: exited ${step.exitCode}, back in ${(step.ms / 1000).toFixed(1)} s`),
    )
    .then(
      () => {
        log('rolling restart done');
      },
      (error: unknown) => {
        log(`rolling restart failed: ${(error as Error).message}`);
      },
    )
    .finally(() => {
      restarting = undefined;
    });
}

let stopping = false;
async function stop(signal: string) {
  if (stopping) {
    return;
  }
  stopping = true;
  log(`${signal}: stopping HAProxy and the instances`);
  await restarting;
  await cluster.stop();
  await rm(dir, { recursive: true, force: true });
  log('stopped');
  process.exit(0);
}

process.on('SIGHUP', rollingRestart);
process.once('SIGINT', () => void stop('SIGINT'));
process.once('SIGTERM', () => void stop('SIGTERM'));
if (process.stdin.isTTY) {
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() === 'r') {
      rollingRestart();
    }
  });
}
