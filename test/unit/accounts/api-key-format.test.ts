import { describe, expect, it } from 'vitest';
import {
  checkApiKeyFormat,
  generateApiKey,
  hashApiKey,
} from '../../../src/accounts/api-key-format.js';

describe('API key format', () => {
  it('carries the prefix, at least 160 random bits and a checksum', () => {
    const key = generateApiKey('svc_test_');
    expect(key).toMatch(/^svc_test_[0-9A-Za-z]{36}$/);
    expect(30 * Math.log2(62)).toBeGreaterThan(160);
    expect(checkApiKeyFormat(key)).toBe('svc_test_');
  });

  it('refuses a mistyped key offline (checksum), and other shapes', () => {
    const key = generateApiKey('svc_live_');
    const flipped = key.slice(0, 12) + (key[12] === 'a' ? 'b' : 'a') + key.slice(13);
    expect(checkApiKeyFormat(flipped)).toBeNull();
    expect(checkApiKeyFormat(key.replace('svc_live_', 'svc_prod_'))).toBeNull();
    expect(checkApiKeyFormat(`${key}x`)).toBeNull();
    expect(checkApiKeyFormat('')).toBeNull();
  });

  it('stores only a SHA-256 hash, never the key', () => {
    const key = generateApiKey('svc_live_');
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).not.toContain(key.slice(9, 20));
    expect(generateApiKey('svc_live_')).not.toBe(key);
  });
});
