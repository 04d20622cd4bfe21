import { describe, expect, it, vi } from 'vitest';
import { hashApiKey } from '../../../src/accounts/api-key-format.js';
import { connectionKeyHash, sameText } from '../../../src/policy/connection-key-hash.js';

const hashes = vi.hoisted(() => ({ computed: 0 }));
vi.mock('../../../src/accounts/api-key-format.js', async (original) => {
  const real = await original<typeof import('../../../src/accounts/api-key-format.js')>();
  return {
    ...real,
    hashApiKey: (key: string) => {
      hashes.computed += 1;
      return real.hashApiKey(key);
    },
  };
});

const KEY_A = 'svc_live_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const KEY_B = 'svc_live_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab';

describe('connectionKeyHash', () => {
  it("hashes a connection's key once, a new key afresh, and shares nothing between connections", () => {
    const hashA = hashApiKey(KEY_A);
    const hashB = hashApiKey(KEY_B);
    const first = {};
    const second = {};
    const before = hashes.computed;
    expect(connectionKeyHash(first, KEY_A)).toBe(hashA);
    expect(connectionKeyHash(first, KEY_A)).toBe(hashA);
    expect(connectionKeyHash(first, KEY_A)).toBe(hashA);
    expect(hashes.computed - before).toBe(1);
    expect(connectionKeyHash(first, KEY_B)).toBe(hashB);
    expect(connectionKeyHash(first, KEY_A)).toBe(hashA);
    expect(hashes.computed - before).toBe(3);
    expect(connectionKeyHash(second, KEY_A)).toBe(hashA);
    expect(hashes.computed - before).toBe(4);
  });

  it('compares texts whole', () => {
    expect(sameText(KEY_A, KEY_A.slice())).toBe(true);
    expect(sameText(KEY_A, KEY_B)).toBe(false);
    expect(sameText(KEY_A, `${KEY_A}x`)).toBe(false);
    expect(sameText('', '')).toBe(true);
    expect(sameText('b', 'a')).toBe(false);
  });
});
