/**
 * The measured figures of docs/deploy.md "Capacity": `node --import tsx
 * bench/capacity.ts`. Three instances (dist/) behind HAProxy on a database of their own
 * (demo data, Pro limits raised there) and a private redis-server (so its command counts are
 * ours alone); per route class, 5 s of wrk (bench/wrk.ts) through the balancer: req/s, CPU per response
 * of HAProxy and of the instances, Redis commands and PostgreSQL transactions per request, RSS.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { freePort, startCluster } from '../scripts/cluster/cluster.js';
import { findHaproxy } from '../scripts/cluster/haproxy.js';
import { prepareDatabase } from '../scripts/cluster/prepare.js';
import { cpuMicros } from './processes.js';
import { runWrk } from './wrk.js';

const load = (url: string, headers: Record<string, string>, seconds: number) =>
  runWrk({ kind: 'cannon', url, method: 'GET', headers, connections: 16, seconds }, seconds);
/** `--cache-off`: the instances run with RESPONSE_CACHE=off (every read reaches PostgreSQL). */
const CACHE = process.argv.includes('--cache-off') ? 'off' : 'on';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DATABASE = 'postgres://postgres@127.0.0.1:5432/touchline_capacity';
const log = (line: string) => process.stderr.write(`${line}\n`);
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const keys = await prepareDatabase({
  databaseUrl: DATABASE,
  stateDir: join(ROOT, 'data', 'capacity'),
  matches: 2000,
  log,
});
const key = keys.find((k) => k.tier === 'Pro')?.key ?? '';
const db = new pg.Client({ connectionString: DATABASE });
await db.connect();
await db.query(
  `UPDATE tier_limits SET rate_per_minute = 1000000000, daily_quota = 1000000000 WHERE tier = 'Pro'`,
);
const [{ id: matchId } = { id: 0 }] = (
  await db.query<{ id: number }>(`SELECT id FROM matches WHERE status = 'finished' LIMIT 1`)
).rows;

const redisPort = await freePort();
const redisServer: ChildProcess = spawn(
  'redis-server',
  ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
  { stdio: 'ignore' },
);
await new Promise((resolve) => setTimeout(resolve, 500));
const redis = new Redis(`redis://127.0.0.1:${redisPort}`);
const redisCommands = async () =>
  Number(/total_commands_processed:(\d+)/.exec(await redis.info('stats'))?.[1] ?? 0);
const transactions = async () =>
  Number(
    (
      await db.query<{ n: string }>(
        `SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = 'touchline_capacity'`,
      )
    ).rows[0]?.n ?? 0,
  );

const dir = await mkdtemp(join(tmpdir(), 'touchline-capacity-'));
const cluster = await startCluster({
  haproxy: findHaproxy() ?? 'haproxy',
  dir,
  entry: 'dist',
  env: {
    DATABASE_URL: DATABASE,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    LIVE: 'off',
    LOG_LEVEL: 'warn',
    ADDRESS_RATE_PER_MINUTE: '1000000000',
    RESPONSE_CACHE: CACHE,
  },
});
const pids = cluster.instances.map((i) => i.pid());
log(`RESPONSE_CACHE=${CACHE}`);
log(`RSS after start (MB): ${pids.map((p) => rssMb(p).toFixed(0)).join(', ')}`);

const routes: Record<string, string> = {
  detail: `/v1/football/matches/${matchId}`,
  events: `/v1/football/matches/${matchId}/events`,
  'live list': '/v1/football/matches/live',
  h2h: `/v1/football/matches/${matchId}/h2h`,
  'meta/plans (keyless)': '/v1/football/meta/plans',
};
for (const [name, path] of Object.entries(routes)) {
  const headers = name.includes('keyless') ? {} : { 'x-api-key': key };
  await load(`${cluster.url}${path}`, headers, 1);
  const before = {
    redis: await redisCommands(),
    pg: await transactions(),
    haproxy: cpuMicros(cluster.haproxy.pid) ?? 0,
    apps: pids.reduce((sum, p) => sum + (cpuMicros(p) ?? 0), 0),
  };
  const r = await load(`${cluster.url}${path}`, headers, 5);
  const n = r.responses - r.failures || 1;
  const per = (after: number, was: number) => ((after - was) / n).toFixed(2);
  log(
    `${name}: ${Math.round(n / r.seconds)} req/s (failures ${r.failures}); CPU µs/resp ` +
      `HAProxy ${per(cpuMicros(cluster.haproxy.pid) ?? 0, before.haproxy)}, instances ` +
      `${per(
        pids.reduce((sum, p) => sum + (cpuMicros(p) ?? 0), 0),
        before.apps,
      )}; Redis commands/req ` +
      `${per(await redisCommands(), before.redis)}; PostgreSQL transactions/req ${per(await transactions(), before.pg)}`,
  );
}
log(`RSS after load (MB): ${pids.map((p) => rssMb(p).toFixed(0)).join(', ')}`);
log(`HAProxy RSS (MB): ${rssMb(cluster.haproxy.pid).toFixed(0)}`);
await cluster.stop();
await rm(dir, { recursive: true, force: true });
redis.disconnect();
redisServer.kill('SIGTERM');
await db.end();
