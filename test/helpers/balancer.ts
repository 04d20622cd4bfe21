import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from 'vitest';
import { type Cluster, startCluster } from '../../scripts/cluster/cluster.js';
import { findHaproxy } from '../../scripts/cluster/haproxy.js';
import { seedPlans } from '../../src/accounts/plans-seed.js';
import type { TierName } from '../../src/accounts/tiers.js';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './db.js';
import { TEST_REDIS_URL, uniquePrefix } from './redis.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const HAPROXY = findHaproxy();
export const ADMIN_TOKEN = 'cluster-test-admin-token-0123456789';

/** Like `describe`, but reported as skipped, by name, without PostgreSQL, Redis or haproxy. */
export function describeWithBalancer(title: string, body: () => void): void {
  const missing = [
    TEST_DATABASE_URL ? '' : 'DATABASE_URL',
    TEST_REDIS_URL ? '' : 'REDIS_URL',
    HAPROXY ? '' : 'haproxy',
  ].filter(Boolean);
  if (missing.length > 0) {
    console.warn(`${missing.join(', ')} missing: "${title}" is SKIPPED`);
    describe.skip(`${title} [haproxy cluster: SKIPPED, ${missing.join(', ')} missing]`, body);
    return;
  }
  describe(`${title} [haproxy cluster]`, body);
}

export interface TestCluster {
  cluster: Cluster;
  database: TestDatabase;
  /** The instances' environment (for a feed or the CLI on the same database and Redis). */
  env: Record<string, string>;
  prefix: string;
  stop(): Promise<void>;
}

type Limits = Partial<Record<'ratePerMinute' | 'dailyQuota' | 'freeMatchesDailyQuota', number>>;

/**
 * Three instances from source behind HAProxy (scripts/cluster/, deploy/haproxy.cfg) on a fresh
 * PostgreSQL database and a Redis prefix of their own; `limits` are set before any instance
 * starts (their account caches would hold the old ones for up to 60 s).
 */
export async function startTestCluster(
  limits: Partial<Record<TierName, Limits>> = {},
): Promise<TestCluster> {
  const database = await createTestDatabase('postgres');
  await seedPlans(database.prisma);
  for (const [tier, data] of Object.entries(limits)) {
    await database.prisma.tierLimit.update({ where: { tier: tier as TierName }, data });
  }
  const prefix = uniquePrefix();
  const env = {
    DATABASE_URL: database.url ?? '',
    REDIS_URL: TEST_REDIS_URL ?? '',
    REDIS_PREFIX: prefix,
    ADMIN_TOKEN,
    LIVE: 'off',
    STARTUP_TIMEOUT_MS: '180000',
  };
  const dir = await mkdtemp(join(tmpdir(), 'touchline-cluster-test-'));
  let cluster: Cluster;
  try {
    cluster = await startCluster({ haproxy: HAPROXY ?? 'haproxy', dir, entry: 'source', env });
  } catch (error) {
    await database.close();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    cluster,
    database,
    env,
    prefix,
    async stop() {
      await cluster.stop();
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * `touchline feed -` (the product's one writer, docs/feed-format.md) on the cluster's database
 * and Redis: `write` sends one batch and resolves once the feed reports it applied.
 */
export function startFeed(env: Record<string, string>) {
  const { BASE_URL: _viteBase, ...inherited } = process.env;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'app/main.ts', 'feed', '-'],
    {
      cwd: ROOT,
      env: { ...inherited, LOG_LEVEL: 'warn', ...env },
      stdio: ['pipe', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  let applied = 0;
  const waiters: Array<() => void> = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    applied = (stderr.match(/^feed: .*: \d+ records/gm) ?? []).length;
    for (const wake of waiters.splice(0)) {
      wake();
    }
  });
  return {
    async write(records: object[]): Promise<void> {
      const want = applied + 1;
      child.stdin?.write(`${records.map((r) => JSON.stringify(r)).join('\n')}\n\n`);
      const deadline = Date.now() + 60_000;
      while (applied < want) {
        if (child.exitCode !== null || Date.now() > deadline || /rejected/.test(stderr)) {
          throw new Error(`feed did not apply the batch: ${stderr}`);
        }
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    async stop(): Promise<void> {
      if (child.exitCode === null) {
        const exited = once(child, 'exit');
        child.stdin?.end();
        await exited;
      }
    },
  };
}

export const MATCH_ID = 4242;
/** Kick-off half an hour before the file started (a live match). */
const KICKOFF = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 30 * 60_000);

/** One competition, two teams and a live match: enough for the detail and the stream. */
export const fixtureRecords = (minute: number, homeScore: number): object[] => [
  {
    op: 'upsert',
    resource: 'competitions',
    record: { id: 1, code: 'CLU', nameEn: 'Cluster League', region: 'Europe' },
  },
  {
    op: 'upsert',
    resource: 'teams',
    record: { id: 1, nameOriginal: 'Home FC', nameEn: 'Home FC' },
  },
  {
    op: 'upsert',
    resource: 'teams',
    record: { id: 2, nameOriginal: 'Away FC', nameEn: 'Away FC' },
  },
  matchRecord(minute, homeScore),
];

export const matchRecord = (minute: number, homeScore: number) => ({
  op: 'upsert',
  resource: 'matches',
  record: {
    id: MATCH_ID,
    competitionId: 1,
    homeTeamId: 1,
    awayTeamId: 2,
    status: 'live',
    minute: String(minute),
    kickoffUtc: KICKOFF.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    homeScore,
    awayScore: 0,
  },
});
