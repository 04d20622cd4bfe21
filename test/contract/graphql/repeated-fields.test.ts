import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { graphql } from '../../helpers/graphql.js';

const repeat = (n: number, text: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => text(i)).join(' ');

/**
 * Issue 46 finding 1: validation compares every pair of fields of one response key (yoga's
 * copy of OverlappingFieldsCanBeMerged has no budget): repeats are refused before it runs.
 */
describeEachDatabase('GraphQL: repeated fields', ({ db }) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(db());
  });
  afterAll(async () => {
    await app?.close();
  });

  it('600 `tiers { tier }` under one field, keyless: 400 invalid_parameter naming the field', async () => {
    const res = await graphql(app, `{ plans { ${repeat(600, () => 'tiers { tier }')} } }`);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toEqual([
      expect.objectContaining({
        message: expect.stringContaining(
          'Repeated fields limit of 20 exceeded: `tiers` is selected more than 20 times',
        ),
        extensions: expect.objectContaining({ code: 'invalid_parameter' }),
      }),
    ]);
  });

  it('repeats merged below one key count together, fragments included', async () => {
    const merged = `{ plans { ${repeat(5, () => `tiers { ${repeat(5, () => 'tier')} }`)} } }`;
    const fragments = `{ plans { ${repeat(21, (i) => `...F${i}`)} } } ${repeat(
      21,
      (i) => `fragment F${i} on Pricing { currency }`,
    )}`;
    for (const query of [merged, fragments]) {
      const res = await graphql(app, query);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors?.[0]?.message).toContain('Repeated fields limit of 20 exceeded');
    }
  });

  it('more than 50 fragments spread into one set: 400 invalid_parameter', async () => {
    const query = `{ plans { ${repeat(51, (i) => `...F${i}`)} } } ${repeat(
      51,
      (i) => `fragment F${i} on Pricing { a${i % 25}: currency }`,
    )}`;
    const res = await graphql(app, query);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors?.[0]?.message).toContain('Fragments limit of 50 exceeded');
  });

  it('20 repeats, as colocated fragments give, still run', async () => {
    const query = `{ plans { ${repeat(19, (i) => `...F${i}`)} currency } } ${repeat(
      19,
      (i) => `fragment F${i} on Pricing { currency tiers { tier } }`,
    )}`;
    const res = await graphql(app, query);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.data?.['plans']).toMatchObject({ currency: expect.any(String) });
  });
});
