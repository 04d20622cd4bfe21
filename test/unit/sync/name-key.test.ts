import { describe, expect, it } from 'vitest';
import { nameKey } from '../../../src/ingest/sync/identity/name-key.js';

describe('the key a name is matched by', () => {
  it('ignores case, accents, punctuation, spacing and a legal form', () => {
    expect(nameKey('Brighton & Hove Albion F.C.')).toBe(nameKey('brighton and hove albion'));
    expect(nameKey('AFC Bournemouth')).toBe('bournemouth');
    expect(nameKey('Atlético  Madrid')).toBe('atletico madrid');
    expect(nameKey('曼联')).toBe('曼联');
  });

  it('never drops or guesses words', () => {
    expect(nameKey('Man United')).not.toBe(nameKey('Manchester United FC'));
    expect(nameKey('Inter')).not.toBe(nameKey('Internazionale'));
  });

  it('keeps a name that is only a legal form', () => {
    expect(nameKey('FC')).toBe('fc');
  });
});
