import { readFile } from 'node:fs/promises';
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import { buildSchema, GraphQLSchema, printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { breakingChanges } from '../../../scripts/graphql-schema-check.js';
import { printedSchema, schema } from '../../../src/graphql/schema/schema.js';

const committedSdl = () => readFile(new URL('../../../schema.graphql', import.meta.url), 'utf8');

describe('schema.graphql', () => {
  it('holds no breaking change against the committed file (GraphQL Inspector)', async () => {
    expect(await breakingChanges(await committedSdl(), schema)).toEqual([]);
  });

  it('breaks no client of the schema before issue 15 (ids, Node, typed analysis, matchesByIds)', async () => {
    const before = await readFile(
      new URL('../../fixtures/graphql/schema-before-issue-15.graphql', import.meta.url),
      'utf8',
    );
    expect(await breakingChanges(before, schema)).toEqual([]);
  });

  it('is the printed Pothos schema (run `npm run schema` after changing it)', async () => {
    expect(await committedSdl()).toBe(printedSchema());
  });

  it('declares @defer and @stream as the defer-stream plugin executes them', async () => {
    const bare = new GraphQLSchema({ query: schema.getQueryType() });
    let withPlugin: GraphQLSchema | undefined;
    useDeferStream().onSchemaChange?.({
      schema: bare,
      replaceSchema: (next: GraphQLSchema) => {
        withPlugin = next;
      },
    });
    for (const name of ['defer', 'stream']) {
      expect(withPlugin?.getDirective(name), name).toBeDefined();
      expect(schema.getDirective(name), name).toBe(withPlugin?.getDirective(name));
    }
    // Finding them declared, the plugin keeps the schema as it is.
    let replaced = false;
    useDeferStream().onSchemaChange?.({
      schema,
      replaceSchema: () => {
        replaced = true;
      },
    });
    expect(replaced).toBe(false);
    const committed = await committedSdl();
    expect(committed).toMatch(/^directive @defer\(\n/m);
    expect(committed).toMatch(/^\) on FRAGMENT_SPREAD \| INLINE_FRAGMENT$/m);
    expect(committed).toMatch(/^directive @stream\(\n/m);
  });

  it('the check catches a removed field, a changed type and a new required argument', async () => {
    const committed = await committedSdl();
    const broken = committed
      .replace(/\n {2}kickoffUtc: DateTime!\n/, '\n')
      .replace(/\n {2}minute: String\n/, '\n  minute: Int\n')
      .replace(
        / {2}bookmakers: \[Bookmaker!\]!\n/,
        '  bookmakers(region: String!): [Bookmaker!]!\n',
      );
    expect(broken).not.toBe(committed);
    const messages = await breakingChanges(committed, buildSchema(broken));
    expect(messages.join('\n')).toMatch(/kickoffUtc.*removed/i);
    expect(messages.join('\n')).toMatch(/minute.*changed type/i);
    expect(messages.join('\n')).toMatch(/region.*added/i);
    // Adding a field breaks nobody.
    const extended = committed.replace('type Match {\n', 'type Match {\n  attendance: Int\n');
    expect(await breakingChanges(committed, buildSchema(extended))).toEqual([]);
    expect(printSchema(buildSchema(committed))).toBe(printSchema(schema));
  });
});
