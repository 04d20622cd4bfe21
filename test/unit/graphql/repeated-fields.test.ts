import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { mostRepeatedField } from '../../../src/graphql/documents/repeated-fields.js';

const generous = { fields: 1000, fragments: 1000 };
const most = (query: string, cap = generous, maxVisits = 10_000) =>
  mostRepeatedField(parse(query), cap, maxVisits);
const repeat = (n: number, text: string) => Array.from({ length: n }, () => text).join(' ');

describe('repeated fields (issue 46 finding 1)', () => {
  it('counts the fields of one response key in one selection set', () => {
    expect(most('{ plans { currency tiers { tier } } }')).toMatchObject({ count: 1 });
    expect(most(`{ plans { ${repeat(600, 'tiers { tier }')} } }`)).toMatchObject({
      key: 'tiers',
      count: 600,
      exhausted: false,
    });
  });

  it('merges the selections of one key, as execution does: repeats below multiply', () => {
    const nested = `{ plans { ${repeat(5, `tiers { ${repeat(5, 'tier')} }`)} } }`;
    expect(most(nested)).toMatchObject({ key: 'tier', count: 25 });
    // Different keys are different sets.
    expect(most(`{ plans { a: tiers { tier tier } b: tiers { tier } } }`)).toMatchObject({
      key: 'tier',
      count: 2,
    });
  });

  it('counts through fragments, inline fragments and aliases, each fragment once per set', () => {
    const fragments =
      '{ plans { currency ...A ...B ... on Pricing { currency } } } ' +
      'fragment A on Pricing { currency } fragment B on Pricing { currency ...A }';
    expect(most(fragments)).toMatchObject({ key: 'currency', count: 4, fragments: 2 });
    const spreadTwice = '{ plans { ...A ...A } } fragment A on Pricing { currency }';
    expect(most(spreadTwice)).toMatchObject({ count: 1, fragments: 1 });
    // Fields merged from one fragment under repeated parents: the fragment once.
    const reused = `{ plans { ${repeat(30, 'tiers { ...T }')} } } fragment T on PricingTier { tier }`;
    expect(most(reused)).toMatchObject({ key: 'tiers', count: 30 });
    expect(
      most(`{ plans { tiers { ...T } tiers { ...T } } } fragment T on PricingTier { tier }`),
    ).toMatchObject({ count: 2 });
  });

  it('counts distinct fragments spread into one set, many keys each once', () => {
    const names = Array.from({ length: 60 }, (_, i) => `F${i}`);
    const query = `{ plans { ${names.map((n) => `...${n}`).join(' ')} } } ${names
      .map((n, i) => `fragment ${n} on Pricing { a${i}: currency }`)
      .join(' ')}`;
    expect(most(query)).toMatchObject({ count: 1, fragments: 60 });
  });

  it('stops at the first count past the cap', () => {
    const found = most(`{ plans { ${repeat(600, 'currency')} } }`, { fields: 20, fragments: 50 });
    expect(found).toMatchObject({ key: 'currency', count: 21 });
  });

  it('does not follow a fragment cycle (refused by validation later), and stops at its budget', () => {
    const cycle =
      '{ plans { ...A } } fragment A on Pricing { tiers { ...B } } fragment B on PricingTier { ...A }';
    expect(most(cycle)).toMatchObject({ exhausted: false });
    expect(most(`{ plans { ${repeat(50, 'currency')} } }`, generous, 10)).toMatchObject({
      exhausted: true,
    });
  });
});
