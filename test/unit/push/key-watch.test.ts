import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Deps } from '../../../src/deps.js';
import { ApiError } from '../../../src/errors/api-error.js';
import { createPush, REVALIDATE_MS } from '../../../src/push/push.js';

/** A push whose gate counts its key checks and refuses the keys in `revoked`. */
function pushWithGate() {
  const checks: string[] = [];
  const revoked = new Set<string>();
  const gate = {
    check: async (rawKey: string | undefined, address: string) => {
      checks.push(`${rawKey}|${address}`);
      if (rawKey && revoked.has(rawKey)) {
        throw new ApiError('key_invalid', 'The API key was revoked');
      }
      return {};
    },
  };
  const deps = {
    database: { prisma: {}, data: { markChanged: () => {} } },
    events: { subscribe: () => () => {} },
    services: {},
    access: { gate },
  } as unknown as Deps;
  return { push: createPush(deps, 'http://assets.test'), checks, revoked };
}

describe('watching the keys of open streams', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks each key and address once a sweep, however many streams it holds', async () => {
    vi.useFakeTimers();
    const { push, checks } = pushWithGate();
    const stops = [
      push.watchKey('k1', '10.0.0.1', () => {}),
      push.watchKey('k1', '10.0.0.1', () => {}),
      push.watchKey('k1', '10.0.0.1', () => {}),
      push.watchKey('k1', '10.0.0.2', () => {}),
      push.watchKey('k2', '10.0.0.1', () => {}),
    ];
    await vi.advanceTimersByTimeAsync(REVALIDATE_MS);
    expect(checks.sort()).toEqual(['k1|10.0.0.1', 'k1|10.0.0.2', 'k2|10.0.0.1']);
    for (const stop of stops) {
      stop();
    }
    checks.length = 0;
    await vi.advanceTimersByTimeAsync(3 * REVALIDATE_MS);
    expect(checks, 'nothing watched, nothing checked').toEqual([]);
    push.close();
  });

  it('tells every stream of a revoked key, and only those', async () => {
    vi.useFakeTimers();
    const { push, revoked } = pushWithGate();
    const heard: string[] = [];
    const hear = (name: string) => (error: unknown) =>
      heard.push(`${name}:${(error as ApiError).code}`);
    push.watchKey('bad', '10.0.0.1', hear('a'));
    push.watchKey('bad', '10.0.0.1', hear('b'));
    push.watchKey('good', '10.0.0.1', hear('c'));
    await vi.advanceTimersByTimeAsync(REVALIDATE_MS);
    expect(heard).toEqual([]);
    revoked.add('bad');
    await vi.advanceTimersByTimeAsync(REVALIDATE_MS);
    expect(heard.sort()).toEqual(['a:key_invalid', 'b:key_invalid']);
    push.close();
  });
});
