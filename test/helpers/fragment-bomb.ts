/**
 * Issue 46 finding 1: `levels` fragments each spreading the next twice, the last selecting
 * `currency`, under `aliases` aliases of `plans { ...P0 }` (1.7 kB at 16 and 50; 2^16 spreads
 * per alias once inlined).
 */
export function fragmentBomb(levels = 16, aliases = 50): string {
  const fragments = Array.from({ length: levels }, (_, i) =>
    i === levels - 1
      ? `fragment P${i} on Pricing { currency }`
      : `fragment P${i} on Pricing { ...P${i + 1} ...P${i + 1} }`,
  );
  const fields = Array.from({ length: aliases }, (_, i) => `a${i}: plans { ...P0 }`);
  return `{ ${fields.join(' ')} } ${fragments.join(' ')}`;
}
