import { Command } from 'commander';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createManagementServices } from '../../../src/accounts/management.js';
import { registerAccessCommands } from '../../../src/cli/access-commands.js';
import type { CliRuntime } from '../../../src/cli/runtime.js';
import { MemoryQuotaStore } from '../../../src/counters/memory-quota-store.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { managementFixture } from './setup.js';

interface Run {
  exitCode: number;
  stdout: string;
  stderr: string;
}

describeEachDatabase('touchline usage --days / --minutes', ({ db }) => {
  let f: Awaited<ReturnType<typeof managementFixture>>;
  let accountId: number;
  const store = new MemoryQuotaStore();

  /** The command as `app/main.ts` registers it, over the test database and its clock. */
  async function touchline(...args: string[]): Promise<Run> {
    const runtime = {
      withManagement: (fn, options) =>
        fn(
          createManagementServices({
            db: f.db,
            now: f.clock.now,
            // `counters: true` is what lets `usage` read the live counters.
            ...(options.counters ? { quotaStore: () => store } : {}),
          }),
        ),
    } as Pick<CliRuntime, 'withManagement'> as CliRuntime;
    const program = new Command().exitOverride();
    registerAccessCommands(program, runtime);
    let stdout = '';
    let stderr = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      stdout += String(chunk);
      return true;
    });
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      stderr += String(chunk);
      return true;
    });
    try {
      await program.parseAsync(['node', 'touchline', ...args]);
    } finally {
      vi.restoreAllMocks();
    }
    const exitCode = Number(process.exitCode ?? 0);
    process.exitCode = 0;
    return { exitCode, stdout, stderr };
  }

  beforeAll(async () => {
    f = await managementFixture(db());
    f.clock.set('2026-11-22T10:30:00.000Z'); // 18:30 in Hong Kong
    accountId = (await f.services.accounts.createAccount('Plus')).id;
    const { id: keyId } = await f.services.keys.createKey(accountId);
    await f.db.dailyUsage.create({
      data: { accountId, keyId, day: new Date('2026-11-21T00:00:00Z'), planRequests: 12 },
    });
    await f.db.minuteUsage.createMany({
      data: [
        { accountId, keyId, minute: new Date('2026-11-21T16:05:00Z'), requests: 4 },
        { accountId, keyId, minute: new Date('2026-11-22T10:29:00Z'), requests: 7 },
      ],
    });
    const limits = { ratePerMinute: 120, dailyQuota: 5000, freeMatchesDailyQuota: 500 };
    await store.reserve({ accountId, keyId, cost: 1, freeEligible: 1, limits, now: f.clock.now() });
  });
  afterEach(() => {
    process.exitCode = 0;
  });

  it('--days N prints the daily table; today from the live counters', async () => {
    const run = await touchline('usage', '--account', String(accountId), '--days', '3');
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout.trimEnd().split('\n')).toEqual([
      `account ${accountId} (Plus), last 3 Hong Kong day(s), today from counters`,
      'limits today: plan quota 5000 a day, free match-list allowance 500 a day',
      'day         plan-quota  free-match-list',
      '2026-11-20           0                0',
      '2026-11-21          12                0',
      '2026-11-22           0                1',
    ]);
  });

  it('--days N --json prints the series', async () => {
    const run = await touchline('usage', '--account', String(accountId), '--days', '2', '--json');
    expect(run.exitCode, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      accountId,
      tier: 'Plus',
      quota: 5000,
      freeMatchesQuota: 500,
      todaySource: 'counters',
      days: [
        { day: '2026-11-21', plan: 12, freeMatches: 0 },
        { day: '2026-11-22', plan: 0, freeMatches: 1 },
      ],
    });
  });

  it("--minutes prints each hour's busiest minute in Hong Kong time", async () => {
    const run = await touchline('usage', '--account', String(accountId), '--minutes');
    expect(run.exitCode, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 3)).toEqual([
      `account ${accountId} (Plus), Hong Kong day 2026-11-22: busiest minute of each hour (limit 120 a minute per key)`,
      'hour   peak/min  at (Hong Kong time)',
      '00:00         4  00:05',
    ]);
    expect(lines[3]).toBe('01:00         0  -');
    expect(lines.slice(-2)).toEqual([
      '18:00         7  18:29',
      'busiest minute: 7 request(s) at 18:29',
    ]);
    expect(lines).toHaveLength(2 + 19 + 1);
    const json = await touchline('usage', '--account', String(accountId), '--minutes', '--json');
    expect(JSON.parse(json.stdout)).toMatchObject({
      ratePerMinute: 120,
      peak: { minute: '2026-11-22T10:29:00.000Z', requests: 7 },
      minutes: [
        { minute: '2026-11-21T16:05:00.000Z', requests: 4 },
        { minute: '2026-11-22T10:29:00.000Z', requests: 7 },
      ],
    });
  });

  it('without --days or --minutes: today, as before', async () => {
    const run = await touchline('usage', '--account', String(accountId));
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(
        `^account ${accountId} \\(Plus\\), Hong Kong day 2026-11-22 \\(from counters\\)\\n`,
      ),
    );
    expect(run.stdout).toContain('free match-list allowance: 1 of 500 used, 499 left');
  });

  it('bad input: one line on stderr, exit 2, a problem object with --json', async () => {
    const id = String(accountId);
    const cases: [string[], string][] = [
      [['--days', '0'], "--days must be a whole number from 1 to 90, got '0'"],
      [['--days', '91'], "--days must be a whole number from 1 to 90, got '91'"],
      [['--days', '7.5'], "--days must be a whole number from 1 to 90, got '7.5'"],
      [['--days', '3', '--minutes'], '--days and --minutes cannot be combined: choose one view'],
      [['--minutes', '--days', 'x'], '--days and --minutes cannot be combined: choose one view'],
    ];
    for (const [args, message] of cases) {
      const run = await touchline('usage', '--account', id, ...args, '--json');
      expect(run.exitCode, args.join(' ')).toBe(2);
      expect(run.stderr).toBe(`touchline: ${message}\n`);
      expect(JSON.parse(run.stdout)).toMatchObject({ code: 'invalid_parameter', detail: message });
    }
    const missing = await touchline('usage', '--days', '3');
    expect([missing.exitCode, missing.stderr]).toEqual([2, 'touchline: --account is required\n']);
    const unknown = await touchline('usage', '--account', '999999', '--minutes');
    expect([unknown.exitCode, unknown.stderr]).toEqual([1, 'touchline: No account 999999\n']);
  });
});
