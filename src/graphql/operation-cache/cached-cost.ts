import type { UsageSnapshot } from '../../counters/quota-store.js';

/**
 * The `extensions.cost` of an answer from the operation cache as JSON: the text
 * `JSON.stringify(costExtension(...))` makes for it (never a dry run, no tier refusal), written
 * out, since the cache's hit path serializes nothing else (test/unit/graphql/cached-cost.test.ts
 * holds the two together).
 */
export function cachedCostJson(
  hit: { bound: number; actual: number; minute: number },
  usage: UsageSnapshot,
): string {
  const failed = hit.minute > hit.actual ? `,"failedReads":${hit.minute - hit.actual}` : '';
  const { minute, quota, free } = usage;
  return (
    `{"requested":${hit.bound},"actual":${hit.actual},"refunded":${hit.bound - hit.actual}${failed},` +
    `"rate":{"limit":${minute.limit},"used":${minute.used}},` +
    `"quota":{"limit":${quota.limit},"used":${quota.used}},` +
    `"freeMatches":{"limit":${free.limit},"used":${free.used}}}`
  );
}
