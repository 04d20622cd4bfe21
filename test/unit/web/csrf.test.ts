import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { normaliseEmail } from '../../../src/accounts/owner-email.js';
import { cookieHeader, readCookies, secureCookies } from '../../../src/web/cookies.js';
import { createCsrf } from '../../../src/web/csrf.js';

describe('CSRF tokens', () => {
  const key = randomBytes(32);
  const csrf = createCsrf(async () => key);

  it('accepts a token only for the session or the browser cookie it was made for', async () => {
    const anon = await csrf.tokenFor({ sessionId: null, nonce: 'n1' });
    expect(await csrf.verify(anon, { sessionId: null, nonce: 'n1' })).toBe(true);
    expect(await csrf.verify(anon, { sessionId: null, nonce: 'n2' })).toBe(false);
    expect(await csrf.verify(anon, { sessionId: null, nonce: undefined })).toBe(false);
    const bound = await csrf.tokenFor({ sessionId: 's1', nonce: 'n1' });
    expect(bound).not.toBe(anon);
    expect(await csrf.verify(bound, { sessionId: 's1', nonce: undefined })).toBe(true);
    expect(await csrf.verify(bound, { sessionId: 's2', nonce: 'n1' })).toBe(false);
    expect(await csrf.verify(undefined, { sessionId: 's1', nonce: 'n1' })).toBe(false);
  });

  it('signed in, takes only the session token: a cookie token does not vouch for it', async () => {
    const anon = await csrf.tokenFor({ sessionId: null, nonce: 'planted' });
    expect(await csrf.verify(anon, { sessionId: 's1', nonce: 'planted' })).toBe(false);
  });

  it('cannot be made without the key: another key signs differently', async () => {
    const other = createCsrf(async () => randomBytes(32));
    const forged = await other.tokenFor({ sessionId: null, nonce: 'n1' });
    expect(await csrf.verify(forged, { sessionId: null, nonce: 'n1' })).toBe(false);
  });
});

describe('cookies', () => {
  it('is Secure except on plain-HTTP loopback, always with an https BASE_URL', () => {
    expect(secureCookies('http://127.0.0.1:3000', '127.0.0.1')).toBe(false);
    expect(secureCookies('http://127.0.0.1:3000', '::1')).toBe(false);
    expect(secureCookies('http://127.0.0.1:3000', '::ffff:127.0.0.1')).toBe(false);
    expect(secureCookies('http://127.0.0.1:3000', '203.0.113.9')).toBe(true);
    expect(secureCookies('https://api.example.com', '127.0.0.1')).toBe(true);
  });

  it('writes HttpOnly, SameSite=Lax, Path=/ and reads them back', () => {
    expect(cookieHeader('tl_session', 'abc', { maxAgeSeconds: 60, secure: true })).toBe(
      'tl_session=abc; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure',
    );
    expect(readCookies('a=1; tl_session=xyz; b=')).toEqual(
      new Map([
        ['a', '1'],
        ['tl_session', 'xyz'],
        ['b', ''],
      ]),
    );
  });
});

describe('owner e-mail', () => {
  it('is trimmed and lower-cased; anything but one plain address is 400 naming email', () => {
    expect(normaliseEmail('  Ann@Example.COM ')).toBe('ann@example.com');
    for (const bad of [
      '',
      'ann',
      'ann@',
      '@x.io',
      'a b@x.io',
      'Ann <ann@x.io>',
      'a@x.io,b@x.io',
      'a@x',
    ]) {
      expect(() => normaliseEmail(bad), bad).toThrow(/email must be one e-mail address/);
    }
    expect(() => normaliseEmail(`${'a'.repeat(250)}@x.io`)).toThrow();
  });
});
