import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../helpers/db.js';
import { embeddedEnv, ROOT } from '../helpers/embedded-cli.js';
import { loadSession, type ProviderStandIn, startStandIn } from '../helpers/provider-stand-in.js';

interface Sync {
  child: ChildProcess;
  stderr(): string;
}

describe.skipIf(!TEST_DATABASE_URL)('touchline sync processes on one PostgreSQL', () => {
  let database: TestDatabase;
  let standIn: ProviderStandIn;

  function sync(args: string[]): Sync {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'app/main.ts',
        'sync',
        'football-data-org',
        '--competitions',
        'PL',
        ...args,
      ],
      {
        cwd: ROOT,
        env: {
          ...embeddedEnv('/nonexistent'),
          DATABASE_URL: database.url,
          REDIS_URL: '',
          LOG_LEVEL: 'silent',
          FOOTBALL_DATA_ORG_TOKEN: 'test-football-data-org-token',
          FOOTBALL_DATA_ORG_URL: standIn.url,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    return { child, stderr: () => stderr };
  }

  async function waitFor(run: Sync, pattern: RegExp, ms = 60_000) {
    const deadline = Date.now() + ms;
    while (!pattern.test(run.stderr()) && Date.now() < deadline && run.child.exitCode === null) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(run.stderr()).toMatch(pattern);
  }

  const kill9 = async (run: Sync) => {
    if (run.child.exitCode === null && run.child.signalCode === null) {
      run.child.kill('SIGKILL');
      await once(run.child, 'exit');
    }
  };

  const stored = async () => {
    const [row] = await database.prisma.$queryRawUnsafe<
      { matches: number; teams: number; ids: number; finished: number }[]
    >(
      `SELECT (SELECT count(*)::int FROM matches) AS matches, (SELECT count(*)::int FROM teams) AS teams,
              (SELECT count(*)::int FROM external_ids) AS ids,
              (SELECT count(*)::int FROM matches WHERE status = 'finished') AS finished`,
    );
    return row;
  };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    standIn = await startStandIn(loadSession('football-data-org', 'season'));
  });
  afterAll(async () => {
    await standIn?.stop();
    await database?.close();
  });

  it('loses nothing and half-writes nothing when killed at any moment of a pass', async () => {
    // The provider answers slowly, so the kills land before, during and after the pass.
    standIn.session.steps[0]?.answers.forEach((a) => {
      a.delayMs = 1_500;
    });
    for (const afterMs of [2_000, 3_500, 5_000, 6_500]) {
      const run = sync(['--once']);
      await new Promise((r) => setTimeout(r, afterMs));
      await kill9(run);
      // All of the pass or none of it: 12 matches with their 20 teams and 33 source ids, or 0.
      expect([
        { matches: 0, teams: 0, ids: 0, finished: 0 },
        { matches: 12, teams: 20, ids: 33, finished: 10 },
      ]).toContainEqual(await stored());
    }
    standIn.session.steps[0]?.answers.forEach((a) => {
      delete a.delayMs;
    });
    const last = sync(['--once']);
    await once(last.child, 'exit');
    expect(last.child.exitCode, last.stderr()).toBe(0);
    expect(await stored()).toEqual({ matches: 12, teams: 20, ids: 33, finished: 10 });
  }, 120_000);

  it('lets one of two processes write; the other takes over when the first is killed', async () => {
    const first = sync(['--poll', '1']);
    await waitFor(first, /full pass done/);
    const second = sync(['--poll', '1']);
    try {
      await waitFor(second, /another instance writes; waiting for the writer lease/);
      expect(second.stderr()).not.toMatch(/pass done/);
      standIn.step('round-2-played');
      await kill9(first);
      await waitFor(second, /full pass done: 1 requests, [1-9][0-9]* changes/);
      expect(await stored()).toMatchObject({ matches: 12, finished: 11 });
    } finally {
      await kill9(first);
      await kill9(second);
    }
  }, 120_000);
});
