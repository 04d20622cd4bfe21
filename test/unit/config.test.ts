import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, servesOwnAssets } from '../../src/config.js';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      return error;
    }
    throw error;
  }
  throw new Error('the configuration was accepted');
};

describe('configuration errors never print secrets', () => {
  it('a refused ADMIN_TOKEN is named with the reason, its value never shown', () => {
    const secret = 'too-short-secret';
    const error = problemsOf({ ADMIN_TOKEN: secret.slice(0, 10) });
    expect(error.message).toMatch(/ADMIN_TOKEN/);
    expect(error.message).toMatch(/16/);
    expect(error.message).not.toContain(secret.slice(0, 10));
  });

  it('URLs that may carry a password are not shown either; ordinary values are', () => {
    const error = problemsOf({
      DATABASE_URL: 'mysql://user:hunter2@db/x',
      REDIS_URL: 'http://:hunter3@cache',
      PORT: 'eighty',
    });
    expect(error.message).not.toContain('hunter2');
    expect(error.message).not.toContain('hunter3');
    expect(error.message).toMatch(/DATABASE_URL/);
    expect(error.message).toMatch(/REDIS_URL/);
    expect(error.message).toContain('PORT="eighty"');
  });
});

describe('LIVE (docs/live.md)', () => {
  it('moves the demo on the embedded database by default, and nothing with DATABASE_URL', () => {
    expect(loadConfig({}).live).toBe('demo');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).live).toBe('off');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', LIVE: 'demo' }).live).toBe('demo');
    expect(loadConfig({ LIVE: 'off', LIVE_TICK_MS: '250' })).toMatchObject({
      live: 'off',
      liveTickMs: 250,
    });
  });

  it('refuses an unknown mode and a tick below 100 ms, naming the variable', () => {
    const error = problemsOf({ LIVE: 'sometimes', LIVE_TICK_MS: '5' });
    expect(error.message).toContain('LIVE="sometimes"');
    expect(error.message).toContain('LIVE_TICK_MS="5"');
  });
});

describe('ASSETS_URL: who serves the team logos', () => {
  it('this server, when the assets URL is its own /assets (unset, or set to that)', () => {
    expect(servesOwnAssets(loadConfig({}))).toBe(true);
    expect(servesOwnAssets(loadConfig({ BASE_URL: 'https://api.example/' }))).toBe(true);
    expect(
      servesOwnAssets(
        loadConfig({ BASE_URL: 'https://api.example', ASSETS_URL: 'https://api.example/assets/' }),
      ),
    ).toBe(true);
  });

  it('not this server, when ASSETS_URL points elsewhere', () => {
    expect(servesOwnAssets(loadConfig({ ASSETS_URL: 'https://cdn.example/assets' }))).toBe(false);
  });
});
