import fc from 'fast-check';
import {
  type GraphQLArgument,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';
import type { FuzzIds } from './fuzz-app.js';
import { leakFree } from './fuzz-assert.js';

/**
 * Generators of GraphQL operations from the served schema: valid selections with good and bad
 * arguments and variables, then mutations of the text (unknown fields, wrong types, deep
 * nesting, many aliases, fragment cycles, huge strings, invalid escapes, truncation).
 */

type Gen = fc.GeneratorValue;

export interface Operation {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

/**
 * The generator's decisions draw without fast-check's bias toward the extremes (which makes a
 * 3% chance fire far more often and favours the last choice); the values themselves keep it.
 */
const uniform = (min: number, max: number) => fc.noBias(fc.integer({ min, max }));

/** By index: `gen` compares its arguments structurally, and schema objects are cyclic. */
function pick<T>(g: Gen, values: readonly T[]): T {
  const value = values[g(uniform, 0, values.length - 1)];
  if (value === undefined) {
    throw new Error('pick from an empty list');
  }
  return value;
}
const chance = (g: Gen, percent: number) => g(uniform, 0, 99) < percent;

interface Context {
  g: Gen;
  ids: FuzzIds;
  /** Dirty operations may be ill-typed or invalid; clean ones only carry odd values. */
  dirty: boolean;
  variables: Array<{ name: string; type: string; value: unknown }>;
}

/** A deliberate mistake, only in dirty operations. */
const mistake = (ctx: Context, percent: number) => ctx.dirty && chance(ctx.g, percent);

/** Well-formed string literals with contents that have broken servers (NUL, bidi, emoji). */
const ODD_STRINGS = [
  '""',
  '"\\u0000"',
  '"a\\u0000b"',
  '"%zz"',
  '"2026-02-30"',
  '"9999-99-99"',
  '"\\u202E"',
  '"😀"',
  '"\\uD83D\\uDE00"',
];
/** Escapes GraphQL's lexer rejects. */
const BROKEN_STRINGS = [
  '"\\uD800"',
  '"\\uZZZZ"',
  '"\\u{110000}"',
  '"\\x41"',
  '"\\"',
  '"""a\\u0000',
];

function stringValue(ctx: Context): string {
  const { g, ids } = ctx;
  if (mistake(ctx, 10)) {
    return pick(g, BROKEN_STRINGS);
  }
  if (chance(g, 20)) {
    return pick(g, ODD_STRINGS);
  }
  if (chance(g, 5)) {
    return JSON.stringify('x'.repeat(g(uniform, 900, 60_000)));
  }
  return JSON.stringify(
    chance(g, 60)
      ? pick(g, [
          '2026-11-22',
          'Premier League',
          'J1 League',
          ...ids.bookmakerIds.map(String),
          ...ids.bookmakerNames,
        ])
      : g(fc.string, { unit: 'grapheme', maxLength: 12 }),
  );
}

const INT32_EDGES = [
  '0',
  '-1',
  '1',
  '25',
  '100',
  '101',
  '-720',
  '841',
  '2147483647',
  '-2147483648',
];
const NOT_INT32 = [
  '2147483648',
  '-2147483649',
  '99999999999999999999',
  '1.5',
  '1e3',
  '"1"',
  'true',
];

function intValue(ctx: Context): string {
  const { g, ids } = ctx;
  return mistake(ctx, 15)
    ? pick(g, NOT_INT32)
    : pick(g, [...ids.matchIds.map(String), ...INT32_EDGES]);
}

/** A literal for `type`: well-typed in clean operations; in dirty ones sometimes not. */
function literal(ctx: Context, type: GraphQLInputType, depth = 0): string {
  const { g } = ctx;
  if (isNonNullType(type)) {
    return mistake(ctx, 5) ? 'null' : literal(ctx, type.ofType, depth);
  }
  if (isListType(type)) {
    if (chance(g, 20) || depth > 1) {
      return literal(ctx, type.ofType, depth + 1);
    }
    const n = g(uniform, 0, 3);
    return `[${Array.from({ length: n }, () => literal(ctx, type.ofType, depth + 1)).join(', ')}]`;
  }
  if (mistake(ctx, 5)) {
    return pick(g, [
      '"wrong"',
      '42',
      '1.5',
      'true',
      'null',
      '[1]',
      '{a: 1}',
      'NOPE',
      '$undeclared',
    ]);
  }
  if (isEnumType(type)) {
    const values = type.getValues().map((v) => v.name);
    return mistake(ctx, 10) ? 'NOT_A_VALUE' : pick(g, values);
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'Int':
      case 'NonNegativeInt':
        return intValue(ctx);
      case 'Float':
        return pick(g, ['1.5', '-0.0', '1e308']);
      case 'Boolean':
        return pick(g, ['true', 'false']);
      default:
        return stringValue(ctx);
    }
  }
  return '{}';
}

/** A value for a variable of `type`: well-typed, or (dirty) whatever JSON a client might send. */
function variableValue(ctx: Context, type: GraphQLInputType): unknown {
  const { g, ids } = ctx;
  if (mistake(ctx, 30)) {
    return g(() =>
      fc.oneof(
        fc.jsonValue({ maxDepth: 3 }),
        fc.constantFrom(null, 1e308, 2 ** 53 + 1, -(2 ** 31) - 1, 2 ** 31, '', '\u0000', []),
        fc.constantFrom({ nested: { deeper: { deepest: [1, { a: null }] } } }, [[['x']]]),
      ),
    );
  }
  const named = getNamedType(type);
  const one = (): unknown => {
    if (isEnumType(named)) {
      return pick(
        g,
        named.getValues().map((v) => v.name),
      );
    }
    if (named.name === 'Int' || named.name === 'NonNegativeInt') {
      return pick(g, [...ids.matchIds, 0, -1, 1, 25, 100, 101, 2_147_483_647]);
    }
    if (named.name === 'Boolean') {
      return pick(g, [true, false]);
    }
    return pick(g, ['2026-11-22', 'Premier League', '\u0000', '\ud800', 'x'.repeat(2000), '']);
  };
  const inner = isNonNullType(type) ? type.ofType : type;
  return isListType(inner) ? Array.from({ length: g(uniform, 0, 3) }, one) : one();
}

function argumentsFor(args: readonly GraphQLArgument[], ctx: Context): string {
  const { g } = ctx;
  const parts: string[] = [];
  for (const arg of args) {
    if (!isNonNullType(arg.type) && !chance(g, 50)) {
      continue;
    }
    if (mistake(ctx, 5)) {
      continue; // a required argument left out
    }
    if (chance(g, 25)) {
      const name = `v${ctx.variables.length}`;
      const declared = mistake(ctx, 15)
        ? pick(g, ['String', 'Int!', '[Int]', 'Nope'])
        : String(arg.type);
      ctx.variables.push({ name, type: declared, value: variableValue(ctx, arg.type) });
      parts.push(`${arg.name}: $${name}`);
    } else {
      parts.push(`${arg.name}: ${literal(ctx, arg.type)}`);
    }
  }
  if (mistake(ctx, 5)) {
    parts.push('bogusArgument: 1');
  }
  return parts.length ? `(${parts.join(', ')})` : '';
}

function selection(type: GraphQLObjectType, depth: number, ctx: Context): string {
  const { g } = ctx;
  const fields = Object.values(type.getFields());
  const count = g(uniform, 1, 3);
  const parts: string[] = [];
  const used = new Set<string>();
  for (let i = 0; i < count; i++) {
    if (mistake(ctx, 8)) {
      parts.push(pick(g, ['bogusField', '... on Nope { id }', 'id @skip(if: "no")', '__typename']));
      continue;
    }
    const field = pick(g, fields);
    // The same field twice with other arguments needs an alias (clean operations add one).
    const alias =
      chance(g, 10) || (used.has(field.name) && !mistake(ctx, 50)) ? `a${depth}_${i}: ` : '';
    used.add(field.name);
    const named = getNamedType(field.type);
    let sub = '';
    if (isObjectType(named)) {
      sub = mistake(ctx, 5)
        ? ''
        : depth >= 5 || chance(g, 3)
          ? ' { __typename }'
          : ` { ${selection(named, depth + 1, ctx)} }`;
    } else if (mistake(ctx, 5)) {
      sub = ' { id }';
    }
    parts.push(`${alias}${field.name}${argumentsFor(field.args, ctx)}${sub}`);
  }
  return parts.join(' ');
}

/** Whole-document mutations: what hand-written, buggy or hostile clients send. */
function mutate(g: Gen, text: string): string {
  switch (g(fc.integer, { min: 0, max: 11 })) {
    case 0:
      return text.slice(0, g(fc.integer, { min: 0, max: text.length }));
    case 1: {
      const at = g(fc.integer, { min: 0, max: text.length });
      const junk = pick(g, [
        '{',
        '}',
        '(',
        ')',
        '$',
        '@',
        '!',
        ':',
        '"',
        '\\',
        '#',
        '…',
        '\u0000',
        '\ufeff',
        '"""',
      ]);
      return `${text.slice(0, at)}${junk}${text.slice(at)}`;
    }
    case 2:
      return `{ ${'a { '.repeat(40)}b${' }'.repeat(40)} }`;
    case 3: {
      const n = g(fc.integer, { min: 40, max: 200 });
      return `{ ${Array.from({ length: n }, (_, i) => `a${i}: limits { tier }`).join(' ')} }`;
    }
    case 4:
      return `{ ${'__typename '.repeat(g(fc.integer, { min: 4000, max: 7000 }))}}`;
    case 5:
      return 'fragment A on Query { ...B } fragment B on Query { ...A } { ...A }';
    case 6:
      return `fragment F on Match { id } { ...F } ${text}`;
    case 7:
      return pick(g, ['mutation { limits { tier } }', 'subscription { limits { tier } }', '']);
    case 8:
      return `${text} ${text}`;
    case 9:
      return `{ matches(league: ["${'x'.repeat(g(fc.integer, { min: 1000, max: 90_000 }))}"]) { items { id } } }`;
    case 10:
      return `{ ${'__schema { types { fields { type { ofType { ofType { name } } } } } } '.repeat(3)}}`;
    default:
      return `query Q { ...F } fragment F on Query { ${text.replace(/^\{|\}$/g, '')} }`;
  }
}

/** A random operation over `schema`, and the variables a client would send with it. */
export function operation(schema: GraphQLSchema, ids: FuzzIds): fc.Arbitrary<Operation> {
  const query = schema.getQueryType();
  if (!query) {
    throw new Error('schema without a Query type');
  }
  return fc.gen().map((g) => {
    const ctx: Context = { g, ids, dirty: chance(g, 50), variables: [] };
    const body = selection(query, 0, ctx);
    const named = chance(g, 40) || ctx.variables.length > 0;
    const declarations = ctx.variables.length
      ? `(${ctx.variables.map((v) => `$${v.name}: ${v.type}`).join(', ')})`
      : '';
    let text = named ? `query Op${declarations} { ${body} }` : `{ ${body} }`;
    const mutated = mistake(ctx, 40);
    if (mutated) {
      text = mutate(g, text);
    }
    const variables = Object.fromEntries(
      ctx.variables.filter(() => !mistake(ctx, 10)).map((v) => [v.name, v.value]),
    );
    if (mistake(ctx, 5)) {
      variables['undeclared'] = 1;
    }
    // A name that matches nothing stops yoga before the limits: rare, so the rest is reached.
    const operationName =
      named && !mutated && chance(g, 50) ? (mistake(ctx, 10) ? 'Nope' : 'Op') : undefined;
    return {
      query: text,
      ...(Object.keys(variables).length ? { variables } : {}),
      ...(operationName === undefined ? {} : { operationName }),
    };
  });
}

/** How the operation travels: a JSON POST (well formed or not), other bodies, or a GET. */
export interface Envelope {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** The value of a key pasted into a URL: long enough for the echo check (fuzz-assert.ts). */
export const KEY_IN_URL = 'svc_live_pastedIntoTheUrl0000000000';

const wrongTyped = fc.constantFrom<unknown>(1, null, [], {}, true, 'x', [1, 2]);

export function envelope(op: fc.Arbitrary<Operation>): fc.Arbitrary<Envelope> {
  const accept = fc.constantFrom(
    'application/json',
    'application/graphql-response+json',
    'application/graphql-response+json, application/json;q=0.9',
    '*/*',
    'text/event-stream',
    'multipart/mixed',
    'application/xml',
    'garbage',
  );
  const json: fc.Arbitrary<Envelope> = fc
    .record({
      op,
      accept,
      contentType: fc.constantFrom(
        'application/json',
        'application/json',
        'application/json; charset=utf-8',
        'application/graphql+json',
      ),
      breakage: fc.option(
        fc.record({
          key: fc.constantFrom('query', 'variables', 'operationName', 'extensions', 'extra'),
          value: wrongTyped,
        }),
        { nil: undefined, freq: 3 },
      ),
    })
    .map(({ op: o, accept: a, contentType, breakage }) => {
      const body: Record<string, unknown> = { ...o };
      if (breakage) {
        body[breakage.key] = breakage.value;
      }
      return {
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': contentType, accept: a },
        payload: JSON.stringify(body),
      };
    });
  const raw: fc.Arbitrary<Envelope> = fc
    .record({
      contentType: fc.option(
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/graphql',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/json; charset=utf-16',
          'garbage',
        ),
        { nil: undefined },
      ),
      payload: fc.oneof(
        fc.constantFrom<string | Buffer>(
          '{bad',
          '',
          '[]',
          'null',
          '1',
          '"{ limits { tier } }"',
          '{"query": "{ limits { tier } }"',
          '\ufeff{"query":"{ limits { tier } }"}',
          '{"query":"{ limits { tier } }","__proto__":{"x":1}}',
          '{"query":"{ limits { tier } }","constructor":{"prototype":{"x":1}}}',
          '{"query":"\\ud800"}',
          '[{"query":"{ limits { tier } }"},{"query":"{ plans { tiers { tier } } }"}]',
          Buffer.from([0x7b, 0x22, 0x71, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
          `{"query":"${'x'.repeat(100_001)}"}`,
        ),
        fc.string({ unit: 'binary', maxLength: 64 }).filter(leakFree),
      ),
    })
    .map(({ contentType, payload }) => ({
      method: 'POST',
      url: '/graphql',
      headers: {
        accept: 'application/json',
        ...(contentType === undefined ? {} : { 'content-type': contentType }),
      },
      payload,
    }));
  const get: fc.Arbitrary<Envelope> = fc
    .record({
      op,
      accept,
      keyLike: fc.option(fc.constantFrom('api_key', 'token', 'access_token'), {
        nil: undefined,
        freq: 8,
      }),
      badVariables: fc.option(fc.constantFrom('%zz', '{', 'null', '[1]', '"x"'), {
        nil: undefined,
        freq: 5,
      }),
    })
    .map(({ op: o, accept: a, keyLike, badVariables }) => {
      const params = [`query=${encodeURIComponent(o.query)}`];
      if (badVariables !== undefined) {
        params.push(`variables=${badVariables}`);
      } else if (o.variables) {
        params.push(`variables=${encodeURIComponent(JSON.stringify(o.variables))}`);
      }
      if (o.operationName !== undefined) {
        params.push(`operationName=${encodeURIComponent(o.operationName)}`);
      }
      if (keyLike) {
        params.push(`${keyLike}=${KEY_IN_URL}`);
      }
      return { method: 'GET', url: `/graphql?${params.join('&')}`, headers: { accept: a } };
    });
  return fc.oneof(
    { weight: 6, arbitrary: json },
    { weight: 2, arbitrary: raw },
    { weight: 2, arbitrary: get },
  );
}
