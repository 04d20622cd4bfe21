import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../../src/errors/api-error.js';
import { checkAffordable } from '../../../src/graphql/charging/charges.js';
import { planCost } from '../../../src/graphql/charging/cost.js';
import { schema } from '../../../src/graphql/schema/schema.js';

/** The plan of one document, for a tier that reads analysis unless told. */
const plan = (text: string, { analysis = true, variables = {} } = {}) =>
  planCost({ schema, document: parse(text), variables, language: 'en', analysis });

describe('the cost planner (docs/graphql.md "What an operation costs")', () => {
  it('match(id) costs its detail route only when a field beyond id is selected', () => {
    expect(plan('{ match(id: 1) { id nodeId } }').bound).toBe(0);
    expect(plan('{ match(id: 1) { status } }').bound).toBe(1);
  });

  it('each child route is one unit beside the detail', () => {
    const p = plan('{ match(id: 1) { status events { type } lineups { home { formation } } } }');
    expect(p).toMatchObject({ bound: 3, freeEligible: 0, matchList: false, keyed: true });
  });

  it('the same REST request reached twice (aliases) counts once', () => {
    const p = plan(
      '{ a: match(id: 1) { events { type } } b: match(id: 1) { events { type } status } }',
    );
    expect(p.bound, 'events once, the detail once').toBe(2);
  });

  it('a page counts one list request from the free allowance, and its items assumed full', () => {
    const p = plan(
      'query P($size: Int) { matches(date: "2026-11-22", pageSize: $size) { items { id events { type } } } }',
      { variables: { size: 10 } },
    );
    expect(p).toMatchObject({ bound: 11, freeEligible: 1, matchList: true });
    const defaultPage = plan('{ matches(date: "2026-11-22") { items { events { type } } } }');
    expect(defaultPage.bound, 'pageSize 25 by default').toBe(26);
  });

  it("a Free key's analysis fields are left out of the bound and counted as refused", () => {
    const text = '{ match(id: 1) { analysis { cornerAnalysis { total { home } } } } }';
    expect(plan(text)).toMatchObject({ bound: 1, tierRefused: 0 });
    expect(plan(text, { analysis: false })).toMatchObject({ bound: 0, tierRefused: 1 });
  });

  it('a dry run, the caller counters and meta fields', () => {
    expect(plan('{ usage(dryRun: true) { requested } }')).toMatchObject({
      bound: 0,
      dryRun: true,
      perCaller: true,
      keyed: true,
    });
    expect(plan('{ plans { tier } }')).toMatchObject({ bound: 0, keyed: false });
  });

  it('a non-positive id names no match: nothing below it is charged', () => {
    expect(plan('{ match(id: 0) { status events { type } } }').bound).toBe(0);
  });
});

/** The code of the refusal `check` throws, or undefined when it passes. */
function refusalOf(check: () => void): string | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    return (error as ApiError).code;
  }
}

describe('checkAffordable', () => {
  it('refuses (400) a bound above the operation maximum or the minute, or one not bounded', () => {
    expect(refusalOf(() => checkAffordable(10, 1000, 30))).toBeUndefined();
    expect(
      refusalOf(() => checkAffordable(30, 1000, 30)),
      'the minute exactly',
    ).toBeUndefined();
    expect(refusalOf(() => checkAffordable(31, 1000, 30))).toBe('invalid_parameter');
    expect(refusalOf(() => checkAffordable(1001, 1000, 5000))).toBe('invalid_parameter');
    expect(refusalOf(() => checkAffordable(Number.NaN, 1000, 30))).toBe('invalid_parameter');
    expect(refusalOf(() => checkAffordable(-1, 1000, 30))).toBe('invalid_parameter');
  });
});
