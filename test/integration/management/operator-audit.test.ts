import { Command } from 'commander';

import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { listAudit } from '../../../src/accounts/audit.js';
import { createManagementServices } from '../../../src/accounts/management.js';
import { registerAccessCommands } from '../../../src/cli/access-commands.js';
import type { CliRuntime } from '../../../src/cli/runtime.js';
import { buildTestApp } from '../../helpers/app.js';
import { describeEachDatabase } from '../../helpers/db.js';

const TOKEN = 'admin-token-for-tests-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

/** DECISIONS.md "Accounts on the web": key and allowlist changes leave audit records from every door. */
describeEachDatabase('operator changes to keys and allowlists are audited', ({ db }) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp(db(), { env: { ADMIN_TOKEN: TOKEN, LOG_LEVEL: 'silent' } });
  });
  afterAll(() => app.close());

  const trail = async (accountId: number) =>
    (await listAudit(db().prisma, { accountId })).map((r) => [r.action, r.actor, r.address]);

  /** The command as `app/main.ts` registers it, over the test database. */
  async function touchline(...args: string[]): Promise<string> {
    const runtime = {
      withManagement: (fn) => fn(createManagementServices({ db: db().prisma })),
    } as Pick<CliRuntime, 'withManagement'> as CliRuntime;
    const program = new Command().exitOverride();
    registerAccessCommands(program, runtime);
    let stdout = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      stdout += String(chunk);
      return true;
    });
    try {
      await program.parseAsync(['node', 'touchline', ...args, '--json']);
    } finally {
      vi.restoreAllMocks();
    }
    expect(process.exitCode ?? 0).toBe(0);
    return stdout;
  }

  it('through the admin API: create, allowlist add and remove, replace, revoke', async () => {
    const { id: accountId } = await app.deps.services.accounts.createAccount('Plus');
    const created = await app.inject({
      method: 'POST',
      url: `/admin/v1/accounts/${accountId}/keys`,
      headers: auth,
      payload: {},
    });
    expect(created.statusCode).toBe(201);
    const keyId = created.json().data.id as number;
    const entry = { entry: '81.2.69.0/24' };
    const url = `/admin/v1/keys/${keyId}/allowlist`;
    expect(
      (await app.inject({ method: 'POST', url, headers: auth, payload: entry })).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'DELETE', url: `${url}?entry=81.2.69.0/24`, headers: auth }))
        .statusCode,
    ).toBe(200);
    const replaced = await app.inject({
      method: 'POST',
      url: `/admin/v1/accounts/${accountId}/keys/replace`,
      headers: auth,
      payload: {},
    });
    const newKeyId = replaced.json().data.id as number;
    await app.inject({ method: 'POST', url: `/admin/v1/keys/${newKeyId}/revoke`, headers: auth });
    // Revoking a revoked key changes nothing and records nothing.
    await app.inject({ method: 'POST', url: `/admin/v1/keys/${newKeyId}/revoke`, headers: auth });
    expect(await trail(accountId)).toEqual([
      ['key.revoke', 'admin-api', '127.0.0.1'],
      ['key.replace', 'admin-api', '127.0.0.1'],
      ['allowlist.remove', 'admin-api', '127.0.0.1'],
      ['allowlist.add', 'admin-api', '127.0.0.1'],
      ['key.create', 'admin-api', '127.0.0.1'],
    ]);
    const [revoked] = await listAudit(db().prisma, { accountId });
    expect(revoked?.detail).toMatchObject({ keyId: newKeyId, prefix: 'svc_live_' });
  });

  it('through the CLI: the same records, actor cli, no address', async () => {
    const { id: accountId } = await app.deps.services.accounts.createAccount('Plus');
    const key = JSON.parse(await touchline('keys', 'create', '--account', String(accountId)));
    await touchline('allowlist', 'add', String(key.id), '81.2.69.0/24');
    await touchline('allowlist', 'remove', String(key.id), '81.2.69.0/24');
    const replaced = JSON.parse(await touchline('keys', 'replace', '--account', String(accountId)));
    await touchline('keys', 'revoke', String(replaced.id));
    expect(await trail(accountId)).toEqual([
      ['key.revoke', 'cli', null],
      ['key.replace', 'cli', null],
      ['allowlist.remove', 'cli', null],
      ['allowlist.add', 'cli', null],
      ['key.create', 'cli', null],
    ]);
  });
});
