import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/db.js';
import { errorCode, managementFixture } from './setup.js';

describeEachDatabase('allowlist service', ({ db }) => {
  let f: Awaited<ReturnType<typeof managementFixture>>;
  beforeAll(async () => {
    f = await managementFixture(db());
  });

  it('adds normalised entries up to the tier limit; the 4th is 409', async () => {
    const { id } = await f.services.accounts.createAccount('Plus');
    const key = await f.services.keys.createKey(id);
    f.published.length = 0;
    await f.services.allowlist.add(key.id, '8.8.8.8/32');
    await f.services.allowlist.add(key.id, '1.1.1.9/24');
    const third = await f.services.allowlist.add(key.id, '2606:4700:0:0::/48');
    expect(third).toEqual({
      keyId: key.id,
      entries: ['1.1.1.0/24', '2606:4700::/48', '8.8.8.8'],
      limit: 3,
    });
    expect(f.published).toEqual(Array(3).fill({ type: 'key-changed', keyId: key.id }));
    expect(await errorCode(f.services.allowlist.add(key.id, '9.9.9.9'))).toBe(
      'allowlist_limit_reached',
    );
    // A duplicate (after normalisation) is accepted and changes nothing, even when full.
    f.published.length = 0;
    expect((await f.services.allowlist.add(key.id, '8.8.8.8')).entries).toHaveLength(3);
    expect(f.published).toEqual([]);
  });

  it('refuses bad entries, unknown keys and edits of revoked keys', async () => {
    const { id } = await f.services.accounts.createAccount('Free');
    const key = await f.services.keys.createKey(id);
    expect(await errorCode(f.services.allowlist.add(key.id, '192.168.0.1'))).toBe(
      'invalid_parameter',
    );
    expect(await errorCode(f.services.allowlist.add(999_999, '8.8.8.8'))).toBe('not_found');
    await f.services.allowlist.add(key.id, '8.8.8.8');
    await f.services.keys.revokeKey(key.id);
    expect(await errorCode(f.services.allowlist.add(key.id, '1.1.1.1'))).toBe('not_found');
    expect(await errorCode(f.services.allowlist.remove(key.id, '8.8.8.8'))).toBe('not_found');
    expect((await f.services.allowlist.list(key.id)).entries).toEqual(['8.8.8.8']);
  });

  it('removes an entry (in any spelling); removing an absent one is 404', async () => {
    const { id } = await f.services.accounts.createAccount('Pro');
    const key = await f.services.keys.createKey(id);
    await f.services.allowlist.add(key.id, '2606:4700::1');
    f.published.length = 0;
    const after = await f.services.allowlist.remove(key.id, '2606:4700:0:0:0:0:0:1');
    expect(after.entries).toEqual([]);
    expect(f.published).toEqual([{ type: 'key-changed', keyId: key.id }]);
    expect(await errorCode(f.services.allowlist.remove(key.id, '2606:4700::1'))).toBe('not_found');
  });

  it('concurrent adds never exceed the limit', async () => {
    const { id } = await f.services.accounts.createAccount('Plus');
    const key = await f.services.keys.createKey(id);
    const entries = ['8.8.8.1', '8.8.8.2', '8.8.8.3', '8.8.8.4', '8.8.8.5'];
    await Promise.allSettled(entries.map((e) => f.services.allowlist.add(key.id, e)));
    expect((await f.services.allowlist.list(key.id)).entries).toHaveLength(3);
  });
});
