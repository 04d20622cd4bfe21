import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { fragmentBomb } from '../../helpers/fragment-bomb.js';
import { graphql } from '../../helpers/graphql.js';

/** Issue 46 finding 1: a keyless fragment bomb is refused before any walk inlines it. */
describeEachDatabase('GraphQL: fragment bombs', ({ db }) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(db());
  });
  afterAll(async () => {
    await app?.close();
  });

  it('16 fragments each spreading the next twice under 50 aliases: 400 invalid_parameter, /healthz answered meanwhile', async () => {
    const bomb = graphql(app, fragmentBomb());
    const health = app.inject({ url: '/healthz' });
    const [refused, healthz] = await Promise.all([bomb, health]);
    expect(healthz.statusCode).toBe(200);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors).toEqual([
      expect.objectContaining({
        message: expect.stringContaining('Selections limit of 10000 exceeded'),
        extensions: expect.objectContaining({ code: 'invalid_parameter' }),
      }),
    ]);
  });

  it('a fragment reused under every alias, within the limit, still runs', async () => {
    const fields = Array.from({ length: 50 }, (_, i) => `a${i}: plans { ...P }`).join(' ');
    const res = await graphql(
      app,
      `{ ${fields} } fragment P on Pricing { currency tiers { tier } }`,
    );
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.data?.['a49']).toMatchObject({ currency: expect.any(String) });
  });
});
