import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedPlans } from '../../../src/accounts/plans-seed.js';
import { openDatabase } from '../../../src/db/database.js';
import { applyMigrations } from '../../../src/db/migrate.js';
import { createAccountWithKey } from '../../helpers/access.js';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every `intervalMs` until it returns true; rejects after `timeoutMs`. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  { timeoutMs = 30_000, intervalMs = 100 } = {},
): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) {
      return Date.now() - started;
    }
    await sleep(intervalMs);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

/** The exit code and signal of a child, or a rejection after `timeoutMs`. */
export async function exitOf(child: ChildProcess, timeoutMs: number) {
  if (child.exitCode !== null || child.signalCode !== null) {
    return { code: child.exitCode, signal: child.signalCode };
  }
  const timer = sleep(timeoutMs).then(() => {
    throw new Error(`process ${child.pid} still running ${timeoutMs} ms after the signal`);
  });
  const [code, signal] = (await Promise.race([once(child, 'exit'), timer])) as [
    number | null,
    NodeJS.Signals | null,
  ];
  return { code, signal };
}

export interface Answer {
  status: number;
  ms: number;
  headers: Headers;
  body: string;
  json(): Record<string, unknown>;
}

/** fetch, timed, never throwing on an HTTP status; the body read whole. */
export async function timedFetch(url: string, init: RequestInit = {}): Promise<Answer> {
  const started = Date.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(60_000), ...init });
  const body = await res.text();
  return {
    status: res.status,
    ms: Date.now() - started,
    headers: res.headers,
    body,
    json: () => JSON.parse(body) as Record<string, unknown>,
  };
}

/** POST /graphql with a key. */
export function graphqlFetch(baseUrl: string, key: string, query: string) {
  return timedFetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query }),
  });
}

/** A line for the test log: what was measured (the report quotes these). */
export const measured = (what: string, value: number | string) =>
  console.info(`[measured] ${what}: ${value}`);

/**
 * A data folder `touchline serve` starts on at once: migrated, plans seeded, one Pro key, and a
 * demo-keys.json so that serve skips the first-start demo load. `raiseProLimits` lifts the Pro
 * tier's minute and day in this folder's database, for load that must meet no 429.
 */
export async function preparedDataFolder(name: string, options: { raiseProLimits?: boolean } = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), `touchline-${name}-`));
  const db = await openDatabase({ dataDir });
  await applyMigrations(db.adapter);
  await seedPlans(db.prisma);
  if (options.raiseProLimits) {
    await db.prisma.tierLimit.update({
      where: { tier: 'Pro' },
      data: { ratePerMinute: 1_000_000, dailyQuota: 1_000_000_000 },
    });
  }
  const { key, accountId } = await createAccountWithKey(db, 'Pro');
  await db.close();
  await writeFile(join(dataDir, 'demo-keys.json'), '[]\n');
  return { dataDir, key, accountId, remove: () => rm(dataDir, { recursive: true, force: true }) };
}
