import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { countingDatabase } from '../../helpers/graphql.js';

/** `{"a":{"a":...}}`, `depth` levels, as JSON text (about 10 kB for 1,700 levels). */
const deepJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Issue "Hardening", bad input: deeply nested variables are a 400 before any work. */
describeEachDatabase('GraphQL: hostile variables', ({ db }) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let statements: string[];
  let closeCounting: () => Promise<void>;
  let key: string;

  beforeAll(async () => {
    const counting = countingDatabase(db());
    statements = counting.statements;
    closeCounting = counting.database.close;
    app = await buildTestApp(counting.database);
    ({ key } = await createAccountWithKey(db(), 'Pro'));
    // Key and account cached: what follows must need no SQL at all.
    await app.deps.access.policy.authenticate(key);
  });
  afterAll(async () => {
    await app?.close();
    await closeCounting?.();
  });

  it('5,000 levels of variables (POST, about 30 kB): 400 invalid_parameter naming them, nothing read or counted', async () => {
    for (const [parameter, depth] of [
      ['variables', 5000],
      ['extensions', 5000],
      ['variables', 33],
    ] as const) {
      statements.length = 0;
      const res = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        payload: `{"query":"query($a: Int) { match(id: 1) { id } }","${parameter}":${deepJson(depth)}}`,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0].extensions).toMatchObject({
        code: 'invalid_parameter',
        parameter,
      });
      expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
      expect(statements).toEqual([]);
    }
    const after = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      payload: { query: '{ usage { rate { used } } }' },
    });
    expect(after.json().data.usage.rate.used).toBe(1);
  });

  it('the same through GET: 400 naming variables', async () => {
    const res = await app.inject({
      url: `/graphql?query=${encodeURIComponent('{ __typename }')}&variables=${encodeURIComponent(deepJson(3000))}`,
      headers: { 'x-api-key': key, accept: 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0].extensions).toMatchObject({
      code: 'invalid_parameter',
      parameter: 'variables',
    });
  });

  it('variables nested as deep as a client needs still run', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      payload: { query: 'query($id: Int!) { match(id: $id) { id } }', variables: { id: 1 } },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
