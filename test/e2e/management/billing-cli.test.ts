import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedEnv, ROOT } from '../../helpers/embedded-cli.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `touchline billing ...` as an operator runs it: child processes on an embedded database. */
describe('touchline billing (manual provider, embedded database)', () => {
  let dataDir = '';
  const touchline = (...args: string[]) =>
    new Promise<Run>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'app/main.ts', ...args],
        { cwd: ROOT, env: embeddedEnv(dataDir), timeout: 120_000 },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  const json = (run: Run) => JSON.parse(run.stdout) as Record<string, unknown>;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'touchline-billing-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('an upgrade waits for the operator; confirm, fail, status and resume', async () => {
    const created = json(await touchline('accounts', 'create', '--tier', 'Free', '--json'));
    const id = String(created['id']);
    const asked = await touchline(
      'billing',
      'upgrade',
      '--account',
      id,
      '--tier',
      'plus',
      '--json',
    );
    expect(asked.code, asked.stderr).toBe(0);
    const started = json(asked) as { payment: { reference: string }; next: { kind: string } };
    expect(started.next.kind).toBe('awaiting_confirmation');
    const reference = started.payment.reference;

    const pending = await touchline('billing', 'pending');
    expect(pending.stdout).toContain(reference);

    const confirmed = await touchline(
      'billing',
      'confirm',
      '--account',
      id,
      '--reference',
      reference,
    );
    expect(confirmed.code, confirmed.stderr).toBe(0);
    expect(confirmed.stdout).toMatch(/confirmed: the upgrade is in force\nPlus \(plus-monthly/);

    const failed = json(await touchline('billing', 'fail', '--account', id, '--json'));
    expect(failed).toMatchObject({ tier: 'Plus', status: 'past_due' });

    const cancelled = await touchline('plans', 'cancel', '--account', id, '--json');
    expect(json(cancelled)).toMatchObject({ autoRenew: false });
    const resumed = await touchline('plans', 'resume', '--account', id, '--json');
    expect(json(resumed)).toMatchObject({ autoRenew: true });

    const status = json(await touchline('billing', 'status', '--account', id, '--json')) as {
      audit: { action: string; actor: string }[];
    };
    expect(status.audit.map((a) => a.action)).toEqual([
      'plan.resume',
      'plan.cancel',
      'plan.renewal-failed',
      'billing.confirm',
      'billing.upgrade-requested',
    ]);
    expect(new Set(status.audit.map((a) => a.actor))).toEqual(new Set(['cli']));
  }, 120_000);

  it('bad input: one line on stderr, a problem with --json, a non-zero exit', async () => {
    const badId = await touchline('billing', 'confirm', '--account', 'abc', '--json');
    expect(badId.code).toBe(2);
    expect(badId.stderr).toBe("touchline: --account must be a positive whole number, got 'abc'\n");
    expect(json(badId)).toMatchObject({ code: 'invalid_parameter' });

    const badPeriod = await touchline(
      'billing',
      'upgrade',
      '--account',
      '1',
      '--tier',
      'Pro',
      '--period',
      'weekly',
    );
    expect(badPeriod.code).toBe(2);
    expect(badPeriod.stderr).toMatch(/--period must be monthly or yearly/);

    const created = json(await touchline('accounts', 'create', '--tier', 'Plus', '--json'));
    const nothing = await touchline(
      'billing',
      'confirm',
      '--account',
      String(created['id']),
      '--json',
    );
    expect(nothing.code).toBe(1);
    expect(nothing.stderr.trim().split('\n')).toHaveLength(1);
    expect(json(nothing)).toMatchObject({ code: 'invalid_parameter' });

    const unknown = await touchline(
      'billing',
      'confirm',
      '--account',
      '999999',
      '--reference',
      'TL-XXXX',
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no payment TL-XXXX/);
  }, 120_000);
});
