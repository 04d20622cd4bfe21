import { describe, expect, it } from 'vitest';
import type { UsageSnapshot } from '../../../src/counters/quota-store.js';
import { costExtension } from '../../../src/graphql/charging/charges.js';
import { cachedCostJson } from '../../../src/graphql/operation-cache/cached-cost.js';

const usage = (minute: number, quota: number, free: number) =>
  ({
    minute: { limit: 600, used: minute },
    quota: { limit: 30_000, used: quota },
    free: { limit: 2000, used: free },
  }) as UsageSnapshot;

describe('the cost extension of an answer from the operation cache', () => {
  it.each([
    ['one unit', { bound: 1, actual: 1, minute: 1 }, usage(3, 2, 0)],
    ['a page, partly refunded', { bound: 26, actual: 11, minute: 11 }, usage(11, 10, 1)],
    ['reads that failed upstream', { bound: 5, actual: 2, minute: 4 }, usage(4, 2, 0)],
    ['nothing billable', { bound: 0, actual: 0, minute: 0 }, usage(1, 0, 0)],
  ])('%s: the text JSON.stringify(costExtension) makes', (_, hit, snapshot) => {
    const expected = JSON.stringify(
      costExtension(
        { bound: hit.bound, dryRun: false, tierRefused: 0 },
        { actual: hit.actual, minute: hit.minute },
        snapshot,
      ),
    );
    expect(cachedCostJson(hit, snapshot)).toBe(expected);
  });
});
