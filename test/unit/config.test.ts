import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

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
