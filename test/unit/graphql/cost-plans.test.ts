import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { planCost } from '../../../src/graphql/charging/cost.js';
import { plannedCosts } from '../../../src/graphql/charging/cost-plans.js';
import { schema } from '../../../src/graphql/schema/schema.js';

const PAGE =
  'query P($size: Int!) { matches(date: "2026-11-22", pageSize: $size) { items { id events { type } } } }';
const input = (document = parse(PAGE), size = 10) => ({
  schema,
  document,
  variables: { size },
  language: 'en' as const,
});

describe('cost plans kept per parsed document', () => {
  it('the same operation, variables and language is planned once for both tiers, and the plans are shared frozen', () => {
    const document = parse(PAGE);
    const first = plannedCosts(input(document));
    expect(plannedCosts(input(document))).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.analysis)).toBe(true);
    expect(Object.isFrozen(first.noAnalysis)).toBe(true);
    expect(first.analysis).toEqual(planCost({ ...input(document), analysis: true }));
    expect(first.noAnalysis).toEqual(planCost({ ...input(document), analysis: false }));
  });

  it('other variables or another parse of the text are planned on their own', () => {
    const document = parse(PAGE);
    const ten = plannedCosts(input(document, 10));
    const hundred = plannedCosts(input(document, 100));
    expect(hundred).not.toBe(ten);
    expect(hundred.analysis.bound).toBeGreaterThan(ten.analysis.bound);
    expect(plannedCosts(input(parse(PAGE), 10))).not.toBe(ten);
  });

  it('keeps at most 64 variants of a document', () => {
    const document = parse(PAGE);
    const first = plannedCosts(input(document, 1));
    for (let size = 2; size <= 64; size++) {
      plannedCosts(input(document, size));
    }
    expect(plannedCosts(input(document, 1)), 'still kept at 64').toBe(first);
    plannedCosts(input(document, 65));
    expect(plannedCosts(input(document, 1)), 'dropped past 64').not.toBe(first);
  });

  it('one walk plans both tiers: without analysis, as if the analysis fields were not asked', () => {
    const withAnalysis = parse(
      '{ match(id: 7) { events { type } analysis { corners handicap } } matches(date: "2026-11-22") { items { id analysis { corners } } } }',
    );
    const without = parse(
      '{ match(id: 7) { events { type } } matches(date: "2026-11-22") { items { id } } }',
    );
    const plans = plannedCosts({ ...input(withAnalysis), variables: {} });
    const reference = planCost({ ...input(without), variables: {}, analysis: true });
    expect(plans.noAnalysis.bound).toBe(reference.bound);
    expect(plans.noAnalysis.freeEligible).toBe(reference.freeEligible);
    expect(plans.noAnalysis.tierRefused).toBeGreaterThan(1);
    expect(plans.analysis.tierRefused).toBe(0);
    expect(plans.analysis.bound).toBeGreaterThan(plans.noAnalysis.bound);
    expect(plans.analysis.keyed && plans.noAnalysis.keyed).toBe(true);
  });
});
