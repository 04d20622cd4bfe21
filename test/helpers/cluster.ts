import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { describe } from 'vitest';
import { counterKeys } from '../../src/counters/redis/redis-keys.js';
import { hkDay, minuteWindow, nextHkMidnight } from '../../src/counters/windows.js';
import { TEST_DATABASE_URL } from './db.js';
import { TEST_REDIS_URL } from './redis.js';
import { type ServerProcess, startServerProcess } from './server-process.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A cluster needs a PostgreSQL (shared by the processes) and a Redis (shared counters). */
export const CLUSTER_ENABLED = Boolean(TEST_DATABASE_URL && TEST_REDIS_URL);

/** Like `describe`, but reported as skipped, by name, without DATABASE_URL or REDIS_URL. */
export function describeWithCluster(title: string, body: () => void): void {
  if (!CLUSTER_ENABLED) {
    const missing = [
      TEST_DATABASE_URL ? '' : 'DATABASE_URL',
      TEST_REDIS_URL ? '' : 'REDIS_URL',
    ].filter(Boolean);
    console.warn(`${missing.join(' and ')} not set: "${title}" is SKIPPED`);
    describe.skip(`${title} [cluster: SKIPPED, ${missing.join(' and ')} not set]`, body);
    return;
  }
  describe(`${title} [cluster]`, body);
}

/** `count` `touchline serve` processes on one environment, started in parallel. */
export async function startCluster(
  count: number,
  env: Record<string, string>,
): Promise<ServerProcess[]> {
  const started = await Promise.allSettled(
    Array.from({ length: count }, () =>
      startServerProcess({ STARTUP_TIMEOUT_MS: '180000', ...env }),
    ),
  );
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((s) => s.stop()));
    throw failed.reason;
  }
  return servers;
}

/** One kind of request a client sends: REST or GraphQL, plan quota or the match list. */
export type AttemptKind =
  | 'rest-bookmakers'
  | 'graphql-bookmakers'
  | 'rest-matches'
  | 'graphql-matches';

/** A fixed day for the match list (an empty page is a 200, charged like any other). */
export const LIST_DATE = '2026-11-22';

const GRAPHQL_QUERIES: Record<'graphql-bookmakers' | 'graphql-matches', string> = {
  'graphql-bookmakers': '{ bookmakers { id } }',
  'graphql-matches': `{ matches(date: "${LIST_DATE}", pageSize: 1) { pageInfo { total } } }`,
};

const REST_PATHS: Record<'rest-bookmakers' | 'rest-matches', string> = {
  'rest-bookmakers': '/v1/football/odds/bookmakers',
  'rest-matches': `/v1/football/matches?date=${LIST_DATE}&pageSize=1`,
};

export interface AttemptResult {
  kind: AttemptKind;
  status: number;
  /** The error code of a refusal (REST problem `code`, GraphQL `extensions.code`). */
  code?: string;
}

interface GraphqlBody {
  errors?: Array<{ extensions?: { code?: string } }>;
}

/** Sends one request of `kind` with the key; global fetch keeps connections alive. */
export async function attempt(
  base: string,
  kind: AttemptKind,
  key: string,
): Promise<AttemptResult> {
  if (kind === 'rest-bookmakers' || kind === 'rest-matches') {
    const res = await fetch(`${base}${REST_PATHS[kind]}`, { headers: { 'x-api-key': key } });
    const text = await res.text();
    if (res.ok) {
      return { kind, status: res.status };
    }
    const code = (JSON.parse(text) as { code?: string }).code;
    return { kind, status: res.status, ...(code ? { code } : {}) };
  }
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query: GRAPHQL_QUERIES[kind] }),
  });
  const body = (await res.json()) as GraphqlBody;
  const code = body.errors?.[0]?.extensions?.code;
  return { kind, status: res.status, ...(code ? { code } : {}) };
}

export interface BurstTally {
  /** 2xx without GraphQL errors. */
  admitted: number;
  /** Refusals by code (429 `rate_limited`, 429 `quota_exceeded`). */
  refused: Record<string, number>;
  /** Anything else: a 200 with errors, a 5xx, a refusal without a code. */
  other: AttemptResult[];
  /** Admitted attempts per kind. */
  admittedByKind: Partial<Record<AttemptKind, number>>;
}

/**
 * `total` attempts from `concurrency` clients at once. Attempt i goes to server i mod n, and its
 * kind turns every n attempts, so every server sees every kind.
 */
export async function burst(
  urls: string[],
  key: string,
  kinds: AttemptKind[],
  total: number,
  concurrency: number,
): Promise<BurstTally> {
  const results: AttemptResult[] = [];
  let next = 0;
  async function client() {
    while (next < total) {
      const i = next++;
      const base = urls[i % urls.length] as string;
      const kind = kinds[Math.floor(i / urls.length) % kinds.length] as AttemptKind;
      results.push(await attempt(base, kind, key));
    }
  }
  await Promise.all(Array.from({ length: concurrency }, client));
  const tally: BurstTally = { admitted: 0, refused: {}, other: [], admittedByKind: {} };
  for (const r of results) {
    if (r.status >= 200 && r.status < 300 && !r.code) {
      tally.admitted += 1;
      tally.admittedByKind[r.kind] = (tally.admittedByKind[r.kind] ?? 0) + 1;
    } else if (r.status === 429 && r.code) {
      tally.refused[r.code] = (tally.refused[r.code] ?? 0) + 1;
    } else {
      tally.other.push(r);
    }
  }
  return tally;
}

/** The window a run must not leave: the calendar minute, or the Hong Kong day. */
export type Window = 'minute' | 'hkDay';

export const windowOf = (window: Window, at: Date): string =>
  window === 'minute' ? String(minuteWindow(at)) : hkDay(at);

const msToWindowEnd = (window: Window, now: Date) =>
  window === 'minute'
    ? (minuteWindow(now) + 1) * 60_000 - now.getTime()
    : nextHkMidnight(now).getTime() - now.getTime();

/**
 * Waits, when less than `guardMs` is left in the current window, for the next one to start
 * (plus a small margin), so that a run fits in one window. Returns the milliseconds waited.
 */
export async function awayFromWindowEnd(window: Window, guardMs: number): Promise<number> {
  const left = msToWindowEnd(window, new Date());
  if (left >= guardMs) {
    return 0;
  }
  const wait = left + 100;
  await new Promise((r) => setTimeout(r, wait));
  return wait;
}

/** The Redis counters of one key and account (docs/access.md "Counters"), read directly. */
export interface RedisCounters {
  /** Sum of the key's minute counters over the given minutes. */
  minute: number;
  quota: number;
  free: number;
  keyPlan: number;
  keyFree: number;
}

export async function readRedisCounters(
  redis: Redis,
  prefix: string,
  ids: { accountId: number; keyId: number },
  minutes: number[],
  day: string,
): Promise<RedisCounters> {
  const { accountId, keyId } = ids;
  const keys = [
    ...counterKeys(prefix, accountId, keyId, 0, day).slice(1),
    ...minutes.map((m) => counterKeys(prefix, accountId, keyId, m, day)[0]),
  ];
  const values = (await redis.mget(...keys)).map((v) => Number(v ?? 0));
  const [quota = 0, free = 0, keyPlan = 0, keyFree = 0, ...rates] = values;
  return { minute: rates.reduce((a, b) => a + b, 0), quota, free, keyPlan, keyFree };
}

/** The minutes (epoch minutes) from `from` to `to`, both included. */
export function minutesBetween(from: Date, to: Date): number[] {
  const result: number[] = [];
  for (let m = minuteWindow(from); m <= minuteWindow(to); m++) {
    result.push(m);
  }
  return result;
}

export const openRedis = (url: string) => new Redis(url, { lazyConnect: false });

export interface UsageField {
  rate: { used: number };
  quota: { used: number };
  freeMatches: { used: number };
}

/**
 * The GraphQL `usage` field: nothing on the day, one request on the minute (as any operation
 * with a key). Once the key's minute is spent it is refused like any request: `rate_limited`.
 */
export async function usageField(base: string, key: string): Promise<UsageField | 'rate_limited'> {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({
      query: '{ usage { rate { used } quota { used } freeMatches { used } } }',
    }),
  });
  const body = (await res.json()) as {
    data?: { usage?: UsageField };
    errors?: { extensions?: { code?: string } }[];
  };
  if (res.status === 429 && body.errors?.[0]?.extensions?.code === 'rate_limited') {
    return 'rate_limited';
  }
  if (res.status !== 200 || !body.data?.usage) {
    throw new Error(`usage field: HTTP ${res.status} ${JSON.stringify(body)}`);
  }
  return body.data.usage;
}

export interface UsageCliOutput {
  accountId: number;
  day: string;
  source: string;
  quota: { limit: number; used: number };
  freeMatches: { limit: number; used: number };
  keys: Array<{ keyId: number; plan: number; freeMatches: number }>;
}

/** `touchline usage --account ID --json` on the cluster's database and Redis. */
export async function usageCli(
  env: Record<string, string>,
  accountId: number,
): Promise<UsageCliOutput> {
  const { BASE_URL: _viteBase, ...inherited } = process.env;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'app/main.ts', 'usage', '--account', String(accountId), '--json'],
    { cwd: ROOT, env: { ...inherited, LOG_LEVEL: 'warn', ...env }, timeout: 120_000 },
  );
  return JSON.parse(stdout) as UsageCliOutput;
}
