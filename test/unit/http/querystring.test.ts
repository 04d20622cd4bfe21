import fastQuerystring from 'fast-querystring';
import { describe, expect, it } from 'vitest';
import { createQuerystringParser, type ParsedQuery } from '../../../src/http/querystring.js';

/** fast-querystring's parse, counting its calls. */
function countingParse() {
  const calls: string[] = [];
  const parse = (text: string): ParsedQuery => {
    calls.push(text);
    return fastQuerystring.parse(text);
  };
  return { calls, parse };
}

const variables = encodeURIComponent(JSON.stringify({ id: 1000001, note: 'x'.repeat(80) }));
const LONG = `operationName=Match&variables=${variables}&tag=a&tag=b`;

describe('the query-string parser (querystring.ts)', () => {
  it('parses a long query string once while it keeps coming, as fast-querystring does', () => {
    const { calls, parse } = countingParse();
    const parser = createQuerystringParser(parse);
    const first = parser(LONG);
    const again = parser(LONG);
    expect(calls).toEqual([LONG]);
    expect({ ...again }).toEqual({ ...fastQuerystring.parse(LONG) });
    expect(again['variables']).toBe(JSON.stringify({ id: 1000001, note: 'x'.repeat(80) }));
    expect(Object.getPrototypeOf(again)).toBeNull();
    expect(first).not.toBe(again);
  });

  it('hands each request its own copy: what validation changes in one is not in the next', () => {
    const parser = createQuerystringParser();
    parser(LONG);
    const one = parser(LONG);
    one['operationName'] = 'Changed';
    (one['tag'] as string[]).push('c');
    one['pageSize'] = '25';
    const next = parser(LONG);
    expect(next['operationName']).toBe('Match');
    expect(next['tag']).toEqual(['a', 'b']);
    expect(next['pageSize']).toBeUndefined();
  });

  it('parses short query strings and ones that carry a key every time', () => {
    const { calls, parse } = countingParse();
    const parser = createQuerystringParser(parse);
    const short = 'date=2026-11-20&pageSize=25';
    const withKey = `${LONG}&api_key=svc_live_UMzxOMctI0N3dipWQ9FJ12dKgoj9mv3Cb0zV`;
    for (let i = 0; i < 2; i++) {
      expect(parser(short)['pageSize']).toBe('25');
      expect(parser(withKey)['api_key']).toBe('svc_live_UMzxOMctI0N3dipWQ9FJ12dKgoj9mv3Cb0zV');
    }
    expect(calls).toEqual([short, withKey, short, withKey]);
  });
});
