import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedEnv, ROOT } from '../helpers/embedded-cli.js';
import { loadSession, type ProviderStandIn, startStandIn } from '../helpers/provider-stand-in.js';
import { startServerProcess } from '../helpers/server-process.js';

const TOKEN = 'test-football-data-org-token';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function touchline(
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'app/main.ts', ...args],
      { cwd: ROOT, env: embeddedEnv(dataDir, env), timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('touchline sync, sources and map (embedded database, football-data.org stand-in)', () => {
  let dataDir: string;
  let standIn: ProviderStandIn;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'touchline-sync-'));
    standIn = await startStandIn(loadSession('football-data-org', 'season'));
    env = { FOOTBALL_DATA_ORG_TOKEN: TOKEN, FOOTBALL_DATA_ORG_URL: standIn.url };
  });
  afterAll(async () => {
    await standIn.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('fills the store with --once, one JSON line per pass, and writes nothing the second time', async () => {
    const first = await touchline(
      dataDir,
      ['sync', 'football-data-org', '--once', '--competitions', 'PL', '--json'],
      env,
    );
    expect(first.code, first.stderr).toBe(0);
    const [pass, summary] = first.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(pass).toMatchObject({
      source: 'football-data-org',
      kind: 'full',
      ok: true,
      requests: 1,
    });
    expect(pass.changes).toBeGreaterThan(0);
    expect(summary).toMatchObject({ passes: 1, failed: 0 });
    const second = await touchline(
      dataDir,
      ['sync', 'football-data-org', '--once', '--competitions', 'PL', '--json'],
      env,
    );
    expect(JSON.parse(second.stdout.split('\n')[0] ?? '')).toMatchObject({ ok: true, changes: 0 });
    expect(first.stdout + first.stderr + second.stdout + second.stderr).not.toContain(TOKEN);
  });

  it('lists the source with its last good pass and budget', async () => {
    const run = await touchline(dataDir, ['sources', '--json'], env);
    expect(run.code, run.stderr).toBe(0);
    const sources = JSON.parse(run.stdout) as {
      source: string;
      configured: boolean;
      health: unknown;
    }[];
    const fdo = sources.find((s) => s.source === 'football-data-org');
    expect(fdo).toMatchObject({
      configured: true,
      health: { passes: 2, errors: 0, budget: '10/minute' },
    });
    expect(sources.find((s) => s.source === 'api-football')).toMatchObject({ configured: false });
    const text = await touchline(dataDir, ['sources'], env);
    expect(text.stdout).toMatch(/football-data-org \(football-data\.org v4, fixtures\)/);
  });

  it("fails --once with the provider's words and exit 1 when the token is refused", async () => {
    const run = await touchline(dataDir, ['sync', 'football-data-org', '--once'], {
      ...env,
      FOOTBALL_DATA_ORG_TOKEN: 'wrong-token-abcdef',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/not within your permissions/);
    expect(run.stderr).not.toContain('wrong-token-abcdef');
  });

  it('refuses bad input with one line and exit 2', async () => {
    const unknown = await touchline(dataDir, ['sync', 'no-such-source', '--once'], env);
    expect([unknown.code, unknown.stderr.trim()]).toEqual([
      2,
      expect.stringMatching(/^touchline: no source no-such-source: one of football-data-org, /),
    ]);
    const noToken = await touchline(dataDir, ['sync', 'football-data-org', '--once'], {
      FOOTBALL_DATA_ORG_TOKEN: '',
    });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toMatch(/set FOOTBALL_DATA_ORG_TOKEN/);
    const budget = await touchline(
      dataDir,
      ['sync', 'football-data-org', '--once', '--budget', 'lots'],
      env,
    );
    expect(budget.code).toBe(2);
    expect(budget.stderr).toMatch(/--budget lots: give N\/PERIOD/);
    const dates = await touchline(
      dataDir,
      ['sync', 'football-data-org', '--from', '2024-09-01', '--to', '2024-08-01'],
      env,
    );
    expect(dates.code).toBe(2);
  });

  it('map lists nothing unmatched for a fixture source, and refuses an unknown link', async () => {
    const run = await touchline(dataDir, ['map'], env);
    expect(run.stdout).toMatch(/nothing unmatched/);
    const link = await touchline(
      dataDir,
      ['map', 'link', 'the-odds-api', 'team', 'Man Utd', '1'],
      env,
    );
    expect(link.code).toBe(2);
    expect(link.stderr).toMatch(/brought no unmatched team Man Utd/);
  });

  it('refuses to start with SOURCES it cannot run, saying why on one line', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ SOURCES: 'no-such-source' }, /SOURCES: no source no-such-source/],
      [{ SOURCES: 'openfootball' }, /SOURCES: openfootball reads files/],
      [
        { SOURCES: 'football-data-org', FOOTBALL_DATA_ORG_TOKEN: '' },
        /set FOOTBALL_DATA_ORG_TOKEN/,
      ],
      [
        { SOURCES: 'football-data-org', FOOTBALL_DATA_ORG_POLL_SECONDS: 'often' },
        /FOOTBALL_DATA_ORG_POLL_SECONDS="often"/,
      ],
    ];
    for (const [extra, reason] of cases) {
      const run = await touchline(dataDir, ['serve'], { ...env, ...extra, PORT: '0' });
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toMatch(reason);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('serves what the sync wrote, and syncs in-process with SOURCES', async () => {
    const served = await mkdtemp(join(tmpdir(), 'touchline-sources-'));
    const server = await startServerProcess({
      ...embeddedEnv(served, env),
      // Empty: the embedded database, whatever the test run's environment says.
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      SOURCES: 'football-data-org',
      FOOTBALL_DATA_ORG_COMPETITIONS: 'PL',
    } as Record<string, string>);
    try {
      const demo = JSON.parse(
        await (await import('node:fs/promises')).readFile(join(served, 'demo-keys.json'), 'utf8'),
      ) as { tier: string; key: string }[];
      const key = demo.find((k) => k.tier === 'Pro')?.key ?? '';
      const deadline = Date.now() + 30_000;
      let count = 0;
      while (Date.now() < deadline && count < 6) {
        const answer = await fetch(`${server.url}/v1/football/matches?date=2024-08-17&tz=0`, {
          headers: { 'x-api-key': key },
        });
        count = ((await answer.json()) as { data?: unknown[] }).data?.length ?? 0;
        if (count < 6) {
          await new Promise((r) => setTimeout(r, 250));
        }
      }
      // Matchday 1's Saturday: six matches, and no demo data beside them.
      expect(count, server.output()).toBe(6);
      expect(server.output()).not.toContain(TOKEN);
    } finally {
      await server.stop();
      await rm(served, { recursive: true, force: true });
    }
  }, 90_000);
});
