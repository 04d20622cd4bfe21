import { describe, expect, it } from 'vitest';
import { generateApiKey } from '../../../src/accounts/api-key-format.js';
import { credentialParameter } from '../../../src/policy/query-credentials.js';

describe('credentials in the URL (DECISIONS.md "Access")', () => {
  const key = generateApiKey('svc_live_');

  it('refuses a credential name in any spelling', () => {
    for (const name of [
      'api_key',
      'apikey',
      'API-KEY',
      'ApiKey',
      'key',
      'key[]',
      'key[0]',
      'token',
      'access_token',
      'authorization',
      'Authorization',
      'secret',
      'client_secret',
      'password',
      'auth',
      'session',
      'sig',
      'signature',
      'pwd',
      'jwt',
      'private_key',
      'Private-Key',
    ]) {
      expect(credentialParameter(`/v1/football/matches?date=2026-11-22&${name}=x`), name).toBe(
        name,
      );
    }
  });

  it('refuses a real key under any other name, and says nothing of the value', () => {
    expect(credentialParameter(`/v1/football/matches?q=${key}`)).toBe('q');
    expect(credentialParameter(`/x?league=${encodeURIComponent(` ${key}`)}`)).toBe('league');
    expect(credentialParameter('/x?note=SVC_TEST_abc')).toBe('note');
  });

  it('a name that carries a key prefix is not echoed back', () => {
    expect(credentialParameter(`/x?${key}`)).toBe('query');
    expect(credentialParameter(`/x?${key}=1`)).toBe('query');
  });

  it('leaves ordinary parameters alone', () => {
    expect(credentialParameter('/v1/football/matches?date=2026-11-22&tz=480&page=2')).toBe(
      undefined,
    );
    expect(credentialParameter('/v1/football/matches?league=Premier%20League&cb=123')).toBe(
      undefined,
    );
    expect(credentialParameter('/v1/football/matches')).toBe(undefined);
    expect(credentialParameter('/v1/football/matches?')).toBe(undefined);
    expect(credentialParameter('/v1/football/matches?monkey=1&keynote=2')).toBe(undefined);
  });

  it('answers the same for a URL asked again, clean or not, past its memory of clean ones', () => {
    const refused = `/x?note=${key}`;
    for (let i = 0; i < 1500; i++) {
      expect(credentialParameter(`/graphql?variables=%7B%22id%22%3A${i}%7D`)).toBe(undefined);
      expect(credentialParameter(`/graphql?variables=%7B%22id%22%3A${i}%7D`)).toBe(undefined);
      if (i % 100 === 0) {
        expect(credentialParameter(refused)).toBe('note');
        expect(credentialParameter(`/y?note=${key}`)).toBe('note');
      }
    }
    const long = `/graphql?variables=${'1'.repeat(600)}&token=x`;
    expect(credentialParameter(long)).toBe('token');
    expect(credentialParameter(long)).toBe('token');
  });
});
