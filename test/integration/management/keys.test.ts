import { beforeAll, expect, it } from 'vitest';
import { hashApiKey } from '../../../src/accounts/api-key-format.js';
import { parseExpiryDate } from '../../../src/accounts/keys.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { errorCode, managementFixture } from './setup.js';

describeEachDatabase('keys service', ({ db }) => {
  let f: Awaited<ReturnType<typeof managementFixture>>;
  beforeAll(async () => {
    f = await managementFixture(db());
  });

  it('creates one key per account; a second is 409 key_limit_reached', async () => {
    const { id } = await f.services.accounts.createAccount('Plus');
    const key = await f.services.keys.createKey(id);
    expect(key.key).toMatch(/^svc_live_/);
    expect(key.expiresAt).toBeNull();
    const stored = await f.db.apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(stored.hash).toBe(hashApiKey(key.key));
    expect(JSON.stringify(stored)).not.toContain(key.key);
    expect(await errorCode(f.services.keys.createKey(id))).toBe('key_limit_reached');
    expect(await errorCode(f.services.keys.createKey(999_999))).toBe('not_found');
  });

  it('two concurrent creations: exactly one wins', async () => {
    const { id } = await f.services.accounts.createAccount('Free');
    const results = await Promise.allSettled([
      f.services.keys.createKey(id),
      f.services.keys.createKey(id),
      f.services.keys.createKey(id, { test: true }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(rejected.map((r) => (r.reason as { code: string }).code)).toEqual([
      'key_limit_reached',
      'key_limit_reached',
    ]);
  });

  it('an expired key still holds the slot until revoked; revocation frees it', async () => {
    const { id } = await f.services.accounts.createAccount('Pro');
    const key = await f.services.keys.createKey(id, { test: true, expires: '2026-11-25' });
    expect(key.prefix).toBe('svc_test_');
    // 00:00 Hong Kong time on the listed date = 16:00 UTC the day before.
    expect(key.expiresAt).toBe('2026-11-24T16:00:00.000Z');
    f.clock.set('2026-11-24T15:59:59.999Z');
    expect((await f.services.keys.listKeys(id))[0]?.status).toBe('active');
    f.clock.set('2026-11-24T16:00:00.000Z');
    expect((await f.services.keys.listKeys(id))[0]?.status).toBe('expired');
    expect(await errorCode(f.services.keys.createKey(id))).toBe('key_limit_reached');
    f.published.length = 0;
    const revoked = await f.services.keys.revokeKey(key.id);
    expect(revoked.status).toBe('revoked');
    expect(f.published).toEqual([
      { type: 'key-revoked', keyId: key.id, hash: hashApiKey(key.key) },
    ]);
    // Revoking twice is harmless.
    expect((await f.services.keys.revokeKey(key.id)).revokedAt).toBe(revoked.revokedAt);
    expect(await errorCode(f.services.keys.revokeKey(999_999))).toBe('not_found');
    const next = await f.services.keys.createKey(id);
    expect(next.id).not.toBe(key.id);
    f.clock.set('2026-11-22T10:00:00.000Z');
  });

  it('refuses expiry dates that are malformed or not in the future (Hong Kong)', async () => {
    const { id } = await f.services.accounts.createAccount('Free');
    for (const expires of ['2026-13-01', '2026-02-30', 'tomorrow', '2026-11-22', '2025-01-01']) {
      expect(await errorCode(f.services.keys.createKey(id, { expires }))).toBe('invalid_parameter');
    }
    // 2026-11-22T17:00Z is already the 23rd in Hong Kong.
    expect(() => parseExpiryDate('2026-11-23', new Date('2026-11-22T17:00:00Z'))).toThrow(
      /after today \(2026-11-23/,
    );
  });

  it('replace revokes and issues in one step, keeping prefix, allowlist and account', async () => {
    const { id } = await f.services.accounts.createAccount('Plus');
    const old = await f.services.keys.createKey(id, { test: true });
    await f.services.allowlist.add(old.id, '8.8.8.8');
    f.published.length = 0;
    const fresh = await f.services.keys.replaceKey(id);
    expect(fresh.id).not.toBe(old.id);
    expect(fresh.prefix).toBe('svc_test_');
    expect(f.published).toEqual([
      { type: 'key-revoked', keyId: old.id, hash: hashApiKey(old.key) },
    ]);
    const keys = await f.services.keys.listKeys(id);
    expect(keys.map((k) => [k.id, k.status, k.allowlist])).toEqual([
      [fresh.id, 'active', ['8.8.8.8']],
      [old.id, 'revoked', ['8.8.8.8']],
    ]);
    // Daily usage belongs to the account: the new key is on the same account.
    const row = await f.db.apiKey.findUniqueOrThrow({ where: { id: fresh.id } });
    expect(row.accountId).toBe(id);
    expect(JSON.stringify(keys)).not.toContain(fresh.key);
    // Replace with no key at all simply creates one.
    const { id: bare } = await f.services.accounts.createAccount('Free');
    expect((await f.services.keys.replaceKey(bare)).prefix).toBe('svc_live_');
  });

  it('concurrent replacements leave exactly one unrevoked key', async () => {
    const { id } = await f.services.accounts.createAccount('Plus');
    await f.services.keys.createKey(id);
    await Promise.allSettled([f.services.keys.replaceKey(id), f.services.keys.replaceKey(id)]);
    const keys = await f.services.keys.listKeys(id);
    expect(keys.filter((k) => k.status !== 'revoked')).toHaveLength(1);
  });
});
