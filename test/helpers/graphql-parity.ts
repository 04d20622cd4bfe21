import { type GraphQLObjectType, getNamedType, isObjectType } from 'graphql';
import { expect } from 'vitest';
import { schema } from '../../src/graphql/schema/schema.js';
import { enumName } from '../../src/graphql/schema/types/enums.js';

/**
 * What the graph adds for clients' normalised caches, which no REST payload carries: checked by
 * test/contract/graphql/identity.test.ts, left out of the value comparisons.
 */
export const GRAPHQL_IDENTITY_FIELDS = [
  'Competition.id',
  'Team.id',
  'TeamName.id',
  'MatchEvent.id',
  'Match.updatedAt',
  'nodeId',
];

/**
 * Every field of a type, recursively, generated from the schema (so a field added to the schema
 * is compared without touching the tests). Fields with required arguments, deprecated fields,
 * the identity fields above and `skip` are left out.
 */
export function fullSelection(typeName: string, skip: readonly string[] = []): string {
  const type = schema.getType(typeName);
  if (!isObjectType(type)) {
    throw new Error(`${typeName} is not an object type`);
  }
  return selectionOf(type, new Set([...skip, ...GRAPHQL_IDENTITY_FIELDS]));
}

function selectionOf(type: GraphQLObjectType, skip: ReadonlySet<string>): string {
  const fields = Object.values(type.getFields()).filter(
    (f) =>
      !skip.has(f.name) &&
      !skip.has(`${type.name}.${f.name}`) &&
      !f.deprecationReason &&
      f.args.every((a) => a.type.toString().endsWith('!') === false),
  );
  const parts = fields.map((f) => {
    const named = getNamedType(f.type);
    return isObjectType(named) ? `${f.name} { ${selectionOf(named, skip)} }` : f.name;
  });
  return parts.join(' ');
}

/**
 * The fields of `Match` that are child routes or containers, not the REST match payload; and
 * the graph's own free fields (issue 49: `result`, whose values REST's `score` fields share and
 * test/contract/graphql/match-free-fields.test.ts compares, and `available`).
 */
export const MATCH_CHILDREN = [
  'events',
  'statistics',
  'h2h',
  'lineups',
  'odds',
  'analysis',
  'result',
  'available',
];

const isDateTime = (value: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value);

/**
 * Asserts a GraphQL value says what the REST payload says: omitted = null, enum values by their
 * GraphQL names, date-times as the same instant (GraphQL writes milliseconds), and every field
 * GraphQL has beyond the payload is null.
 */
export function expectSameAsRest(rest: unknown, graphql: unknown, path = '$'): void {
  if (rest === undefined || rest === null) {
    expect(graphql ?? null, path).toBeNull();
    return;
  }
  if (Array.isArray(rest)) {
    expect(Array.isArray(graphql), `${path} is a list`).toBe(true);
    expect((graphql as unknown[]).length, `${path} length`).toBe(rest.length);
    rest.forEach((item, i) => {
      expectSameAsRest(item, (graphql as unknown[])[i], `${path}[${i}]`);
    });
    return;
  }
  if (typeof rest === 'object') {
    expect(typeof graphql, `${path} is an object`).toBe('object');
    const own = graphql as Record<string, unknown>;
    for (const [k, v] of Object.entries(rest)) {
      expectSameAsRest(v, own[k], `${path}.${k}`);
    }
    for (const [k, v] of Object.entries(own)) {
      if (!(k in rest)) {
        expect(v, `${path}.${k} (not in the REST payload)`).toBeNull();
      }
    }
    return;
  }
  if (typeof rest === 'string' && typeof graphql === 'string' && rest !== graphql) {
    if (isDateTime(rest) && isDateTime(graphql)) {
      expect(Date.parse(graphql), path).toBe(Date.parse(rest));
      return;
    }
    expect(graphql, `${path} (enum)`).toBe(enumName(rest));
    return;
  }
  expect(graphql, path).toEqual(rest);
}

/** REST's match payload in GraphQL's shape: the logos move into the teams. */
export function restMatchAsGraphql(match: Record<string, unknown>): Record<string, unknown> {
  const { homeLogo, awayLogo, home, away, ...rest } = match as {
    homeLogo: string;
    awayLogo: string;
    home: { name: string };
    away: { name: string };
  } & Record<string, unknown>;
  return { ...rest, home: { ...home, logo: homeLogo }, away: { ...away, logo: awayLogo } };
}

/**
 * A REST analysis document in the typed graph's shape: every minute-bucket map (an object of
 * integers keyed by bucket) becomes the list of `{ bucket, count }` the graph serves.
 */
export function restDocumentAsGraphql(value: unknown, buckets: readonly string[]): unknown {
  if (Array.isArray(value)) {
    return value.map((v) => restDocumentAsGraphql(v, buckets));
  }
  if (value === null || typeof value !== 'object') {
    return value;
  }
  const entries = Object.entries(value);
  if (entries.length > 0 && entries.every(([k]) => buckets.includes(k))) {
    return entries.map(([bucket, count]) => ({ bucket, count }));
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, restDocumentAsGraphql(v, buckets)]));
}
