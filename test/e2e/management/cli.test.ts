import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../../helpers/db.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const describePg = TEST_DATABASE_URL ? describe : describe.skip;

/** `touchline` as a user runs it: a child process on its own PostgreSQL database. */
describePg('touchline management commands (CLI, PostgreSQL)', () => {
  const name = `touchline_cli_${process.pid}_${randomBytes(4).toString('hex')}`;
  let url = '';
  const touchline = (...args: string[]) =>
    new Promise<Run>((resolve) => {
      const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' };
      // Vitest sets BASE_URL=/ (Vite's); the CLI must see only what a user would set.
      for (const name of ['REDIS_URL', 'BASE_URL', 'DOCS_URL', 'ASSETS_URL', 'ADMIN_TOKEN']) {
        delete env[name];
      }
      execFile(
        process.execPath,
        ['--import', 'tsx', 'app/main.ts', ...args],
        { cwd: ROOT, env, timeout: 120_000 },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  const json = (run: Run) => JSON.parse(run.stdout) as Record<string, unknown>;

  beforeAll(async () => {
    await admin(`CREATE DATABASE "${name}"`);
    const parsed = new URL(TEST_DATABASE_URL ?? '');
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  });
  afterAll(async () => {
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it('db migrate applies the committed migrations once and names them; then there is nothing to apply', async () => {
    // Its own empty database: the other tests' commands migrate theirs on first use.
    const own = `${name}_m`;
    await admin(`CREATE DATABASE "${own}"`);
    const parsed = new URL(url);
    parsed.pathname = `/${own}`;
    const shared = url;
    url = parsed.toString();
    try {
      const first = await touchline('db', 'migrate', '--json');
      expect(first.code, first.stderr).toBe(0);
      const applied = json(first)['applied'] as string[];
      expect(applied.length).toBeGreaterThan(0);
      expect(applied).toEqual([...applied].sort());
      const again = await touchline('db', 'migrate');
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toMatch(/database up to date \(postgres/);
      expect(json(await touchline('db', 'migrate', '--json'))).toMatchObject({ applied: [] });
    } finally {
      url = shared;
      await admin(`DROP DATABASE IF EXISTS "${own}" WITH (FORCE)`);
    }
  });

  it('refuses bad arguments with one line on stderr, exit 2 and a problem with --json', async () => {
    const runs = await Promise.all([
      touchline('keys', 'revoke', 'abc', '--json'),
      touchline('accounts', 'create', '--tier', 'Gold', '--json'),
      touchline('keys', 'create', '--account', '1', '--expires', '2026-02-30'),
      touchline('plans', 'price', '--code', 'plus-monthly', '--price', '1.234', '--json'),
      touchline('plans', 'upgrade', '--account', '1', '--json'),
      touchline('keys', 'list', '--bogus', '--json'),
    ]);
    const details = [
      /KEY_ID must be a positive whole number/,
      /--tier must be one of Free, Plus, Pro/,
      /--expires must be a date YYYY-MM-DD/,
      /--price must be a positive amount/,
      /--tier is required/,
      /unknown option '--bogus'/,
    ];
    runs.forEach((run, i) => {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr.trim().split('\n'), run.stderr).toHaveLength(1);
      expect(run.stderr).toMatch(details[i] as RegExp);
      if (i !== 2) {
        expect(json(run)).toMatchObject({ code: 'invalid_parameter', title: 'Invalid parameter' });
      } else {
        expect(run.stdout).toBe('');
      }
    });
  }, 120_000);

  it('manages an account, its key, allowlist, plan, prices and usage', async () => {
    const account = await touchline('accounts', 'create', '--tier', 'Plus', '--json');
    expect(account.code, account.stderr).toBe(0);
    const id = String(json(account)['id']);
    const created = await touchline('keys', 'create', '--account', id, '--json');
    expect(created.code, created.stderr).toBe(0);
    const key = json(created);
    expect(Object.keys(key).sort()).toEqual(['expiresAt', 'id', 'key', 'prefix']);
    expect(key['key']).toMatch(/^svc_live_/);
    const keyId = String(key['id']);

    // One at a time: every command applies migrations under PostgreSQL's advisory lock first.
    const dup = await touchline('keys', 'create', '--account', id, '--json');
    const allow = await touchline('allowlist', 'add', keyId, '8.8.8.8/32');
    const upgrade = await touchline('plans', 'upgrade', '--account', id, '--tier', 'Pro', '--json');
    const price = await touchline(
      ...['plans', 'price', '--code', 'plus-monthly', '--price', '168', '--compare-at', '188'],
      '--json',
    );
    const usage = await touchline('usage', '--account', id);
    expect(dup.code).toBe(1);
    expect(json(dup)).toMatchObject({ code: 'key_limit_reached', title: 'Key limit reached' });
    expect(dup.stderr).toMatch(/^touchline: Account \d+ already holds an unrevoked key/);
    expect(allow.code, allow.stderr).toBe(0);
    expect(allow.stdout).toContain('8.8.8.8');
    expect(json(upgrade)).toMatchObject({
      tier: 'Pro',
      status: 'active',
      pendingPlanCode: 'pro-monthly',
    });
    expect(json(price)).toMatchObject({
      planCode: 'plus-monthly',
      version: 2,
      discountPercent: 10.64,
    });
    expect(usage.code, usage.stderr).toBe(0);
    expect(usage.stdout).toMatch(/plan quota: 0 of \d+ used/);

    const list = await touchline('keys', 'list', '--account', id, '--json');
    const replaced = await touchline('keys', 'replace', '--account', id, '--json');
    expect(list.stdout).not.toContain(String(key['key']));
    expect(JSON.parse(list.stdout)[0]).toMatchObject({ id: Number(keyId), allowlist: ['8.8.8.8'] });
    expect(replaced.code, replaced.stderr).toBe(0);
    const fresh = json(replaced);
    expect(fresh['id']).not.toBe(key['id']);

    const revoked = await touchline('keys', 'revoke', String(fresh['id']), '--json');
    expect(json(revoked)).toMatchObject({ status: 'revoked', allowlist: ['8.8.8.8'] });
    const missing = await touchline('keys', 'revoke', '999999', '--json');
    expect(missing.code).toBe(1);
    expect(json(missing)).toMatchObject({ code: 'not_found' });
  }, 600_000);
});
