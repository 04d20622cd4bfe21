import { execute, getIntrospectionQuery, parse } from 'graphql';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { schema } from '../../../src/graphql/schema/schema.js';
import { buildTestApp } from '../../helpers/app.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { graphql } from '../../helpers/graphql.js';

/** How often our door compiles (graphql-jit) and runs graphql-js's executor. */
const calls = vi.hoisted(() => ({ compile: 0, execute: 0 }));
vi.mock('graphql-jit', async (importOriginal) => {
  const jit = await importOriginal<typeof import('graphql-jit')>();
  return {
    ...jit,
    compileQuery: (...args: Parameters<typeof jit.compileQuery>) => {
      calls.compile++;
      return jit.compileQuery(...args);
    },
  };
});
vi.mock('graphql', async (importOriginal) => {
  const graphqlJs = await importOriginal<typeof import('graphql')>();
  return {
    ...graphqlJs,
    execute: (...args: Parameters<typeof graphqlJs.execute>) => {
      calls.execute++;
      return graphqlJs.execute(...args);
    },
  };
});

const full = getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true });

/** What graphql-js answers for the same document over the same schema (counted as a call). */
const expected = (query: string, variableValues?: Record<string, unknown>) =>
  JSON.parse(JSON.stringify(execute({ schema, document: parse(query), variableValues }) as object));

/**
 * Issue 46 finding 1: keyless introspection cost a graphql-jit compile for every new text
 * (~50-100 ms); it is answered from results kept per schema and canonical operation.
 */
describeEachDatabase('GraphQL: introspection answers', ({ db }) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(db(), { env: { ADDRESS_RATE_PER_MINUTE: '100000' } });
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(() => {
    calls.compile = 0;
    calls.execute = 0;
  });

  it('the full introspection in varied texts: compiled never, executed once, answered as graphql-js does', async () => {
    const texts = [
      full,
      `# a comment\n${full}`,
      full.replace(/\s+/g, ' '),
      `${full}\nquery Other { plans { currency } }`,
    ];
    const answer = expected(full);
    calls.execute = 0;
    for (const text of texts) {
      const res = await graphql(app, text, { operationName: 'IntrospectionQuery' });
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      expect(res.body).toEqual(answer);
    }
    expect(calls).toEqual({ compile: 0, execute: 1 });
  });

  it('aliases, @skip/@include, fragments and __type(name:) answer as graphql-js does', async () => {
    const cases: [string, Record<string, unknown>?][] = [
      ['{ s: __schema { q: queryType { n: name } } t: __typename }'],
      [
        'query ($on: Boolean!) { __schema { types @include(if: $on) { name } queryType @skip(if: $on) { name } } }',
        { on: true },
      ],
      [
        'query ($on: Boolean!) { __schema { types @include(if: $on) { name } queryType @skip(if: $on) { name } } }',
        { on: false },
      ],
      [
        'query ($name: String!) { __type(name: $name) { ...T } } fragment T on __Type { name kind fields(includeDeprecated: true) { name isDeprecated } }',
        { name: 'Match' },
      ],
      ['query ($name: String!) { __type(name: $name) { name } }', { name: 'Nothing' }],
      ['{ ... on Query { __type(name: "Tier") { enumValues { name } } } }'],
    ];
    const answers = cases.map(([query, variables]) => expected(query, variables));
    calls.execute = 0;
    for (const [i, [query, variables]] of cases.entries()) {
      const res = await graphql(app, query, variables ? { variables } : {});
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      expect(res.body, query).toEqual(answers[i]);
    }
    // Each selection (and each set of variable values) ran once, none compiled.
    expect(calls).toEqual({ compile: 0, execute: cases.length });
  });

  it('an operation mixing introspection and data still runs compiled', async () => {
    const res = await graphql(app, '{ __typename plans { currency } }');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ __typename: 'Query', plans: { currency: 'HKD' } });
    expect(calls.compile).toBe(1);
  });
});
