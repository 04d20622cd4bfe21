import { describe, expect, it } from 'vitest';
import {
  checkOperationShape,
  MAX_JSON_DEPTH,
  nestsDeeper,
  textNestsDeeper,
} from '../../../src/graphql/transport/request-shape.js';

/** `{"a":{"a":...}}` nested `depth` levels, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) {
    value = { a: value };
  }
  return value;
}

describe('GraphQL request shape (docs/graphql.md "Limits")', () => {
  it('measures depth without recursion, so 100,000 levels cannot overflow the stack', () => {
    expect(nestsDeeper(nested(100_000), MAX_JSON_DEPTH)).toBe(true);
    expect(textNestsDeeper(`${'['.repeat(100_000)}${']'.repeat(100_000)}`, MAX_JSON_DEPTH)).toBe(
      true,
    );
  });

  it('allows what real clients send', () => {
    expect(nestsDeeper({ ids: [1, 2, 3], date: '2026-11-22' }, MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeper(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeper(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
  });

  it('reads brackets inside JSON strings as text', () => {
    const text = JSON.stringify({ league: '[[[[{{{{'.repeat(100), n: [[1]] });
    expect(textNestsDeeper(text, MAX_JSON_DEPTH)).toBe(false);
    expect(textNestsDeeper(JSON.stringify({ s: 'a\\"[[[' }), 2)).toBe(false);
  });

  it('refuses deep variables or extensions with 400 invalid_parameter naming them', () => {
    expect(() => checkOperationShape({ query: '{ x }', variables: nested(5000) })).toThrow(
      expect.objectContaining({ code: 'invalid_parameter', extras: { parameter: 'variables' } }),
    );
    expect(() =>
      checkOperationShape({ query: '{ x }', extensions: JSON.stringify(nested(40)) }),
    ).toThrow(expect.objectContaining({ extras: { parameter: 'extensions' } }));
    expect(() => checkOperationShape({ query: '{ x }', variables: { id: 1 } })).not.toThrow();
  });
});
