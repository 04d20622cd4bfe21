import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../src/accounts/password-hash.js';

describe('password hashes (node:crypto scrypt)', () => {
  it('stores the scheme, parameters and a per-password salt; verifies only the same password', async () => {
    const one = await hashPassword('correct horse battery');
    const two = await hashPassword('correct horse battery');
    expect(one).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(one).not.toBe(two);
    expect(await verifyPassword('correct horse battery', one)).toBe(true);
    expect(await verifyPassword('correct horse batterY', one)).toBe(false);
    expect(await verifyPassword('', one)).toBe(false);
  });

  it('treats canonically equal Unicode spellings as one password', async () => {
    const hash = await hashPassword('café au lait 123');
    expect(await verifyPassword('cafe\u0301 au lait 123', hash)).toBe(true);
  });

  it('answers false for no hash or a malformed one (after hashing a decoy)', async () => {
    expect(await verifyPassword('anything at all', null)).toBe(false);
    expect(await verifyPassword('anything at all', 'md5$abc')).toBe(false);
  });
});
