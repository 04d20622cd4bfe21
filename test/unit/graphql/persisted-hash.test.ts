import { describe, expect, it } from 'vitest';
import { persistedHashOf } from '../../../src/graphql/documents/use-trusted-documents.js';

const HASH = 'a'.repeat(64);
const extension = { persistedQuery: { version: 1, sha256Hash: HASH } };

describe("the hash of Apollo's persisted-query extension (src/graphql/documents/use-trusted-documents.ts)", () => {
  it('reads it from a POST body object and from a GET parameter, as often as it is asked', () => {
    expect(persistedHashOf(extension)).toBe(HASH);
    for (let i = 0; i < 3; i++) {
      expect(persistedHashOf(JSON.stringify(extension))).toBe(HASH);
    }
    const long = JSON.stringify({ ...extension, padding: 'x'.repeat(1000) });
    expect(persistedHashOf(long)).toBe(HASH);
  });

  it.each([
    ['no extensions', undefined],
    ['null', null],
    ['no persistedQuery', { other: 1 }],
    ['version 2', { persistedQuery: { version: 2, sha256Hash: HASH } }],
    ['a hash that is not text', { persistedQuery: { version: 1, sha256Hash: 7 } }],
    ['persistedQuery not an object', { persistedQuery: 'x' }],
    ['text that is not JSON', '{"persistedQuery":'],
    ['JSON null', 'null'],
  ])('%s: none', (_, value) => {
    expect(persistedHashOf(value)).toBeUndefined();
    expect(persistedHashOf(value)).toBeUndefined();
  });

  it('remembers at most 512 texts: past that it starts again, and still answers right', () => {
    for (let i = 0; i < 1200; i++) {
      const hash = String(i).padStart(64, '0');
      const text = JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } });
      expect(persistedHashOf(text)).toBe(hash);
    }
  });
});
