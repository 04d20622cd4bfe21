import { describe, expect, it, vi } from 'vitest';
import type { Services } from '../../../src/deps.js';
import { createLoaders } from '../../../src/graphql/schema/loaders.js';
import type { ReadCache } from '../../../src/graphql/schema/read-cache.js';

/** Services whose every reader records the ids it was asked for. */
function services() {
  const asked: number[][] = [];
  const getByIds = vi.fn(async (ids: readonly number[]) => {
    asked.push([...ids]);
    return new Map(ids.map((id) => [id, { id, name: `team ${id}` }]));
  });
  return { services: { teams: { getByIds } } as unknown as Services, asked, getByIds };
}

describe('per-request loaders', () => {
  it('are made when first asked for and kept for the rest of the operation', async () => {
    const { services: s, asked } = services();
    const loaders = createLoaders(s);
    expect(loaders.team).toBe(loaders.team);
    await Promise.all([loaders.team.load(1), loaders.team.load(2), loaders.team.load(1)]);
    await loaders.team.load(2);
    expect(asked, 'one batch, then served from the operation').toEqual([[1, 2]]);
  });

  it('are new for every operation', async () => {
    const { services: s, getByIds } = services();
    const first = createLoaders(s);
    const second = createLoaders(s);
    expect(first.team).not.toBe(second.team);
    await first.team.load(1);
    await second.team.load(1);
    expect(getByIds).toHaveBeenCalledTimes(2);
  });

  it('collect what every read showed, and keep it in the shared read cache with those tags', async () => {
    const { services: s } = services();
    const shown = new Set<string>();
    const set = vi.fn();
    const cache = { get: () => undefined, set, mark: () => 3 } as unknown as ReadCache;
    const loaders = createLoaders(
      {
        ...s,
        matches: {
          getByIds: async (ids: readonly number[]) => new Map(ids.map((id) => [id, { id }])),
        },
      } as unknown as Services,
      cache,
      shown,
    );
    await loaders.match.load(7);
    expect([...shown]).toEqual(['m:7:detail']);
    expect(set).toHaveBeenCalledWith('match|7', { id: 7 }, ['m:7:detail'], 3);
  });
});
