import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { planCost } from '../../../src/graphql/charging/cost.js';
import { expandedSelections } from '../../../src/graphql/documents/document-size.js';
import { VisitBudget } from '../../../src/graphql/documents/selections.js';
import { schema } from '../../../src/graphql/schema/schema.js';
import { fragmentBomb } from '../../helpers/fragment-bomb.js';

const plan = (query: string, budget: VisitBudget) =>
  planCost({
    schema,
    document: parse(query),
    variables: {},
    language: 'en',
    analysis: true,
    budget,
  });

describe('fragment expansion (issue 46 finding 1)', () => {
  it('counts every spread of a fragment again, and stops counting past the cap', () => {
    expect(expandedSelections(parse('{ plans { currency tiers { tier } } }'), 100)).toBe(4);
    const reused = '{ a: plans { ...F } b: plans { ...F } } fragment F on Pricing { currency }';
    // Two fields, two spreads, two `currency`.
    expect(expandedSelections(parse(reused), 100)).toBe(6);
    expect(expandedSelections(parse(fragmentBomb()), 10_000)).toBe(10_001);
    expect(expandedSelections(parse(fragmentBomb(1000, 1)), 10_000)).toBe(10_001);
  });

  it('a fragment cycle (refused by validation later) does not loop', () => {
    const cycle =
      '{ plans { ...A } } fragment A on Pricing { ...B } fragment B on Pricing { ...A }';
    expect(expandedSelections(parse(cycle), 100)).toBeLessThan(10);
  });

  it('the planner collects each fragment once per type: the bomb costs a few hundred visits', () => {
    const budget = new VisitBudget();
    const planned = plan(fragmentBomb(), budget);
    expect(planned).toMatchObject({ bound: 0, keyed: false });
    // 50 aliases, 16 fragments: 2^16 spreads each before.
    expect(budget.visits).toBeGreaterThan(0);
    expect(budget.visits).toBeLessThan(2_000);
  });

  it('a field reached through many spreads of a fragment is planned once', () => {
    // Each level spreads the next twice: 2^11 `plans` if every spread were walked.
    const levels = 12;
    const fragments = Array.from({ length: levels }, (_, i) =>
      i === levels - 1
        ? `fragment Q${i} on Query { plans { currency } }`
        : `fragment Q${i} on Query { plans { currency } ...Q${i + 1} ...Q${i + 1} }`,
    );
    const budget = new VisitBudget();
    plan(`{ ...Q0 } ${fragments.join(' ')}`, budget);
    expect(budget.visits).toBeGreaterThan(0);
    expect(budget.visits).toBeLessThan(500);
  });

  it('past its budget the planner stops with 400 invalid_parameter', () => {
    const budget = new VisitBudget(100);
    const fields = Array.from({ length: 200 }, (_, i) => `a${i}: plans { currency }`).join(' ');
    expect(() => plan(`{ ${fields} }`, budget)).toThrow(
      expect.objectContaining({ code: 'invalid_parameter' }),
    );
    expect(budget.visits).toBe(101);
  });
});
