import { describe, expect, it } from 'vitest';
import { normaliseEmail } from '../../../src/accounts/owner-email.js';
import { ApiError } from '../../../src/errors/api-error.js';

describe('normaliseEmail', () => {
  it('keeps a plain address, trimmed and lower-cased', () => {
    expect(normaliseEmail(' Ann@Example.COM ')).toBe('ann@example.com');
  });

  it.each([
    ['BEL', 'ann\u0007@example.com'],
    ['DEL', 'ann\u007f@example.com'],
    ['backspace', 'ann\b\b\bbob@example.com'],
    ['ESC c (terminal reset)', 'ann\u001bc@example.com'],
    ['U+202E (right-to-left override)', 'ann\u202emoc.elpmaxe@example.com'],
    ['U+200B (zero width space)', 'ann\u200b@example.com'],
    ['a C1 control', 'ann\u009b@example.com'],
  ])('refuses %s with 400 naming email', (_name, address) => {
    let thrown: unknown;
    try {
      normaliseEmail(address);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({ code: 'invalid_parameter', extras: { parameter: 'email' } });
  });
});
