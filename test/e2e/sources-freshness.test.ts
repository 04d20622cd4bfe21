import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAccountWithKey } from '../helpers/access.js';
import { createTestDatabase, TEST_DATABASE_URL } from '../helpers/db.js';
import { embeddedEnv } from '../helpers/embedded-cli.js';
import { loadSession, startStandIn } from '../helpers/provider-stand-in.js';
import { startServerProcess } from '../helpers/server-process.js';

/** Polls `probe` until `done` says yes, at most `ms`; the last answer either way. */
async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms: number) {
  const deadline = Date.now() + ms;
  let value = await probe();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    value = await probe();
  }
  return value;
}

const kinds = TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(kinds)('a live match whose source stops and returns [%s]', (kind) => {
  it('turns /matches/live into 503 upstream_unavailable within the budget, and back', async () => {
    const standIn = await startStandIn(loadSession('football-data-org', 'live'));
    standIn.step('goal');
    const dataDir = await mkdtemp(join(tmpdir(), 'touchline-fresh-'));
    const database = kind === 'postgres' ? await createTestDatabase('postgres') : null;
    const server = await startServerProcess({
      ...(embeddedEnv(dataDir) as Record<string, string>),
      // Empty: the embedded database, whatever the test run's environment says.
      DATABASE_URL: database?.url ?? '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      SOURCES: 'football-data-org',
      FOOTBALL_DATA_ORG_TOKEN: 'test-football-data-org-token',
      FOOTBALL_DATA_ORG_URL: standIn.url,
      FOOTBALL_DATA_ORG_COMPETITIONS: 'PL',
      FOOTBALL_DATA_ORG_POLL_SECONDS: '1',
      SOURCE_STALE_AFTER: '2',
    });
    try {
      const key = database
        ? (await createAccountWithKey(database, 'Pro')).key
        : ((
            JSON.parse(await readFile(join(dataDir, 'demo-keys.json'), 'utf8')) as {
              tier: string;
              key: string;
            }[]
          ).find((k) => k.tier === 'Pro')?.key ?? '');
      const live = async () => {
        const answer = await fetch(`${server.url}/v1/football/matches/live`, {
          headers: { 'x-api-key': key },
        });
        const body = (await answer.json()) as { data?: unknown[]; code?: string };
        return { status: answer.status, body, retryAfter: answer.headers.get('retry-after') };
      };
      const serving = await until(
        live,
        (a) => a.status === 200 && a.body.data?.length === 1,
        30_000,
      );
      expect(serving.status).toBe(200);
      expect(serving.body.data).toHaveLength(1);

      await standIn.stop();
      const stale = await until(live, (a) => a.status === 503, 30_000);
      expect(stale.status).toBe(503);
      expect(stale.body.code).toBe('upstream_unavailable');
      expect(Number(stale.retryAfter)).toBeGreaterThan(0);

      await standIn.start();
      const back = await until(live, (a) => a.status === 200, 60_000);
      expect(back.status).toBe(200);
      expect(back.body.data).toHaveLength(1);
    } finally {
      await server.stop();
      await standIn.stop();
      await database?.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
