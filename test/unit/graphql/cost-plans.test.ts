import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { planCost } from '../../../src/graphql/charging/cost.js';
import { plannedCost } from '../../../src/graphql/charging/cost-plans.js';
import { schema } from '../../../src/graphql/schema/schema.js';

const PAGE =
  'query P($size: Int!) { matches(date: "2026-11-22", pageSize: $size) { items { id events { type } } } }';
const input = (document = parse(PAGE), size = 10, analysis = true) => ({
  schema,
  document,
  variables: { size },
  language: 'en' as const,
  analysis,
});

describe('cost plans kept per parsed document', () => {
  it('the same operation, variables, language and tier is planned once, and the plan is shared frozen', () => {
    const document = parse(PAGE);
    const first = plannedCost(input(document));
    expect(plannedCost(input(document))).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first).toEqual(planCost(input(document)));
  });

  it('other variables, another tier or another parse of the text are planned on their own', () => {
    const document = parse(PAGE);
    const ten = plannedCost(input(document, 10));
    const hundred = plannedCost(input(document, 100));
    expect(hundred).not.toBe(ten);
    expect(hundred.bound).toBeGreaterThan(ten.bound);
    expect(plannedCost(input(document, 10, false))).not.toBe(ten);
    expect(plannedCost(input(parse(PAGE), 10))).not.toBe(ten);
  });

  it('keeps at most 64 variants of a document', () => {
    const document = parse(PAGE);
    const first = plannedCost(input(document, 1));
    for (let size = 2; size <= 64; size++) {
      plannedCost(input(document, size));
    }
    expect(plannedCost(input(document, 1)), 'still kept at 64').toBe(first);
    plannedCost(input(document, 65));
    expect(plannedCost(input(document, 1)), 'dropped past 64').not.toBe(first);
  });
});
