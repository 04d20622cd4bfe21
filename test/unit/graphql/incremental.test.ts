import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { planCost } from '../../../src/graphql/charging/cost.js';
import { schema } from '../../../src/graphql/schema/schema.js';
import {
  acceptsIncrementalDelivery,
  asksIncrementalDelivery,
  namesIncrementalDelivery,
} from '../../../src/graphql/transport/incremental.js';

const PAGE = (items: string, children: string) =>
  `query Page($on: Boolean! = true) {
    matches(date: "2026-11-22", pageSize: 10) { items ${items} { id ${children} } }
    match(id: 7) { id home { name } }
  }`;

/** The same page: plain, and with its children deferred or its list streamed. */
const PLAIN = PAGE('', 'events { type } odds { kelly { matchId } }');
const SHAPES = {
  'children deferred inline': PAGE('', '... @defer { events { type } odds { kelly { matchId } } }'),
  'children deferred by a spread': `${PAGE('', '...Children @defer(label: "c")')}
    fragment Children on Match { events { type } odds { kelly { matchId } } }`,
  'a deferred fragment inside a deferred one': PAGE(
    '',
    '... @defer { events { type } ... @defer { odds { kelly { matchId } } } }',
  ),
  'items streamed': PAGE('@stream(initialCount: 2)', 'events { type } odds { kelly { matchId } }'),
  'streamed and deferred': PAGE(
    '@stream',
    'events { type } ... @defer(if: $on) { odds { kelly { matchId } } }',
  ),
  'deferred, turned off': PAGE(
    '',
    '... @defer(if: false) { events { type } odds { kelly { matchId } } }',
  ),
};

const plan = (query: string, variables: Record<string, unknown> = {}, analysis = true) =>
  planCost({ schema, document: parse(query), variables, language: 'en', analysis });

const asks = (query: string, variables: Record<string, unknown> = {}) =>
  asksIncrementalDelivery(schema, parse(query), undefined, variables);

describe('@defer and @stream: the cost is planned for the whole document', () => {
  it('a plain page: 1 list + 10 x (events, kelly) + 1 match detail', () => {
    expect(plan(PLAIN).bound).toBe(22);
  });

  for (const [shape, query] of Object.entries(SHAPES)) {
    it(`${shape}: the same bound as the plain page`, () => {
      expect(plan(query)).toEqual(plan(PLAIN));
    });
  }

  it('@skip and @include still leave out what they leave out, inside deferred fragments too', () => {
    const skipped = PAGE(
      '',
      '... @defer { events { type } odds @skip(if: true) { kelly { matchId } } }',
    );
    expect(plan(skipped).bound).toBe(12);
    const excluded = PAGE('', '... @defer @include(if: false) { events { type } }');
    expect(plan(excluded).bound).toBe(2);
  });

  it('a Free key: analysis under @defer is left out of the bound, and counted as refused', () => {
    const query = PAGE('', '... @defer { events { type } analysis { corners handicap } }');
    expect(plan(query, {}, false)).toMatchObject({ bound: 12, tierRefused: 20 });
    expect(plan(query, {}, true).bound).toBe(32);
  });
});

describe('whether an operation asks for incremental delivery', () => {
  it('yes for every deferred or streamed shape that is on', () => {
    for (const [shape, query] of Object.entries(SHAPES)) {
      expect(asks(query), shape).toBe(shape !== 'deferred, turned off');
    }
  });

  it('no for a plain page, an `if` that is false, or a skipped selection', () => {
    expect(asks(PLAIN)).toBe(false);
    const maybe = PAGE('', '... @defer(if: $on) { events { type } }');
    expect(asks(maybe, { on: true })).toBe(true);
    expect(asks(maybe, { on: false })).toBe(false);
    expect(asks(PAGE('@stream(if: $on)', 'id'), { on: false })).toBe(false);
    expect(asks(PAGE('', '... @defer @skip(if: true) { events { type } }'))).toBe(false);
    expect(asks(PAGE('', 'odds @include(if: false) { ... @defer { kelly { matchId } } }'))).toBe(
      false,
    );
  });

  it('reads only the operation that runs', () => {
    const two = `query A { bookmakers { id } } query B { ... @defer { bookmakers { id } } }`;
    expect(asksIncrementalDelivery(schema, parse(two), 'A', {})).toBe(false);
    expect(asksIncrementalDelivery(schema, parse(two), 'B', {})).toBe(true);
  });

  it('follows fragments once, even a document whose fragments spread each other', () => {
    const cyclic = `{ matches { items { ...A } } }
      fragment A on Match { id ...B }
      fragment B on Match { id ...A }`;
    expect(asks(cyclic)).toBe(false);
  });
});

describe('whether a document names @defer or @stream at all', () => {
  it('every deferred or streamed shape does, even one whose `if` is false; a plain page does not', () => {
    for (const [shape, text] of Object.entries(SHAPES)) {
      expect(namesIncrementalDelivery(parse(text)), shape).toBe(true);
    }
    expect(namesIncrementalDelivery(parse(PAGE('', '... @defer(if: false) { id }')))).toBe(true);
    const plain = parse(PLAIN);
    expect(namesIncrementalDelivery(plain)).toBe(false);
    expect(namesIncrementalDelivery(plain), 'kept for the parsed document').toBe(false);
  });
});

describe('whether an Accept header takes an answer in several parts', () => {
  it.each([
    ['multipart/mixed', true],
    ['multipart/mixed;deferSpec=20220824,application/json', true],
    ['application/json, text/event-stream', true],
    ['multipart/*', true],
    ['text/*', true],
    ['*/*', true],
    [undefined, true],
    ['', true],
    ['application/json', false],
    ['application/graphql-response+json, application/json;q=0.9', false],
    ['multipart/mixed; charset=iso-8859-1', false],
    ['text/html', false],
  ])('%s: %s', (accept, expected) => {
    expect(acceptsIncrementalDelivery(accept)).toBe(expected);
    // Answers are kept per header: asked again, the same.
    expect(acceptsIncrementalDelivery(accept)).toBe(expected);
  });

  it('reads any number of distinct and long headers the same way', () => {
    for (let i = 0; i < 200; i++) {
      expect(acceptsIncrementalDelivery(`application/json;v=${i}`)).toBe(false);
      expect(acceptsIncrementalDelivery(`text/event-stream;v=${i}`)).toBe(true);
    }
    const long = `${'application/x-padding, '.repeat(40)}multipart/mixed`;
    expect(acceptsIncrementalDelivery(long)).toBe(true);
    expect(acceptsIncrementalDelivery(long)).toBe(true);
  });
});
