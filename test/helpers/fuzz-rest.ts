import fc from 'fast-check';
import type { FuzzIds, FuzzKeys } from './fuzz-app.js';
import { leakFree } from './fuzz-assert.js';

/**
 * Generators of bad (and some good) REST requests: path segments, query strings and headers.
 * Everything is produced already percent-encoded, as it goes on the wire.
 */

/** Percent-encodes the UTF-8 bytes of `text` but unreserved characters (lone surrogates: U+FFFD). */
export function encodeSegment(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const graphemes = (maxLength: number) =>
  fc.string({ unit: 'grapheme', minLength: 1, maxLength }).filter(leakFree).map(encodeSegment);
const binary = (maxLength: number) =>
  fc.string({ unit: 'binary', minLength: 1, maxLength }).filter(leakFree).map(encodeSegment);
/** Raw percent junk, malformed escapes (`%zz`, `%`, `%E0%A4%A`) included. */
const percentJunk = fc
  .stringMatching(/^(?:%[0-9A-Fa-fzZ]{0,2}|[A-Za-z0-9._~!$&'()*+,;=:@-]){1,16}$/)
  .filter(leakFree);

/** Ids and segments that have broken parsers before. */
const NASTY_SEGMENTS = [
  '',
  '0',
  '-1',
  '-2147483648',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '99999999999999999999999',
  '1e3',
  '1E3',
  '1.0',
  '1.5',
  '0x1F',
  '0b1',
  '+1',
  '%201',
  '1%20',
  '01',
  '00000000001',
  '%D9%A1',
  'NaN',
  'Infinity',
  '-0',
  'null',
  'undefined',
  'true',
  '%5B%5D',
  '%7B%7D',
  '.',
  '..',
  '%2e',
  '%2e%2e',
  '%2F',
  '%5C',
  '%00',
  '%0A',
  '%0D%0A',
  '%zz',
  '%',
  '%%',
  '%E0%A4%A',
  '%C0%80',
  '%ED%A0%80',
  '%FF',
  '%FE%FF',
  '%EF%BF%BF',
  '%F4%90%80%80',
  '..%2F..%2Fetc%2Fpasswd',
  '%252e%252e',
  '~',
  '*',
  ':matchId',
  'live',
  '%3Cscript%3E',
  '%27%20OR%201%3D1--',
  'a'.repeat(100),
  'a'.repeat(101),
  '1'.repeat(100),
  '1'.repeat(101),
  '9'.repeat(300),
  'Infinity',
  '-Infinity',
  '1e400',
];

/** A path segment: mostly real ids (so later checks run), else anything a client might send. */
export function segment(real: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...real) },
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_SEGMENTS) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.integer(),
          fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
          fc.double({ noNaN: false }),
        )
        .map((n) => encodeSegment(String(n))),
    },
    { weight: 2, arbitrary: graphemes(12) },
    { weight: 1, arbitrary: binary(8) },
    { weight: 1, arbitrary: percentJunk },
  );
}

/** Fills a documented path template (`{matchId}`, `{market}`, `{bookmaker}`). */
export function filledPath(template: string, ids: FuzzIds): fc.Arbitrary<string> {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  const byName: Record<string, fc.Arbitrary<string>> = {
    matchId: segment(ids.matchIds.map(String)),
    market: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom('had', 'hdp', 'hilo') },
      { weight: 1, arbitrary: fc.constantFrom('HAD', 'Had', 'hadx', 'corners') },
      { weight: 1, arbitrary: segment(['had']) },
    ),
    bookmaker: segment([...ids.bookmakerIds.map(String), ...ids.bookmakerNames.map(encodeSegment)]),
  };
  return fc.tuple(...names.map((n) => byName[n] ?? segment(['x']))).map((values) => {
    let index = 0;
    return template.replace(/\{\w+\}/g, () => values[index++] ?? '');
  });
}

/** Paths no route serves, near the real ones. */
export function unknownPath(templates: readonly string[], ids: FuzzIds): fc.Arbitrary<string> {
  const known = fc.constantFrom(...templates).chain((t) => filledPath(t, ids));
  return fc.oneof(
    known.chain((p) => fc.constantFrom(`${p}/`, `${p}/extra`, `${p}//`, p.toUpperCase())),
    fc
      .array(fc.oneof(segment(['matches', 'odds', 'meta', 'analysis']), graphemes(6)), {
        minLength: 1,
        maxLength: 4,
      })
      .map((parts) => `/v1/football/${parts.join('/')}`),
    fc.constantFrom('/', '/v1', '/v1/', '/v1/football', '/v2/football/matches', '/v1//football'),
  );
}

export const KNOWN_QUERY_NAMES = ['date', 'tz', 'league', 'status', 'page', 'pageSize'];
/** Credential-like query names, in the spellings a client might use (DECISIONS.md "Access"). */
export const KEY_LIKE_NAMES = [
  'api_key',
  'apikey',
  'api-key',
  'Api-Key',
  'key',
  'key[]',
  'token',
  'access_token',
  'x-api-key',
  'auth',
  'authorization',
  'secret',
  'client_secret',
  'password',
  'API_KEY',
  'Token',
  'api%5Fkey',
];
const GOOD_VALUES = [
  '2026-11-22',
  '2026-11-23',
  '480',
  '-300',
  '0',
  '840',
  '-720',
  'Premier%20League',
  'J1%20League',
  '%E8%8B%B1%E8%B6%85',
  'live',
  'finished',
  'live%2Cfinished',
  '%20scheduled%20%2C%20live%20',
  '1',
  '2',
  '25',
  '100',
  '500',
];
const BAD_VALUES = [
  '',
  '%20',
  '-1',
  '1.5',
  '1e2',
  'abc',
  '9'.repeat(25),
  '2147483648',
  '-2147483649',
  '%00',
  'a%00b',
  '%zz',
  'Infinity',
  '-1e400',
  '%',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '99999-01-01',
  '26-11-22',
  '2026%2F11%2F22',
  'live%2C%2Cfinished',
  'LIVE',
  'live%3Bdrop',
  'x'.repeat(1001),
  'x'.repeat(1000),
  'true',
  'null',
  '%5B1%5D',
  '%E2%80%AE',
  '%F0%9F%98%80',
  '%ED%A0%80',
  '%C0%80',
  '%FF',
];
const ODD_NAMES = [
  'page[]',
  'league[0]',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'Page',
  'PAGE',
  'date%00',
  '%zz',
  '',
  '%3D',
];

const queryName = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...KNOWN_QUERY_NAMES) },
  { weight: 1, arbitrary: fc.constantFrom(...KEY_LIKE_NAMES) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_NAMES) },
  { weight: 2, arbitrary: graphemes(10) },
);
const queryValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...GOOD_VALUES) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('svc_live_abc', 'x%20svc_test_1', 'SVC_LIVE_k', 'svc%5Flive%5Fz'),
  },
  { weight: 4, arbitrary: fc.constantFrom(...BAD_VALUES) },
  { weight: 2, arbitrary: graphemes(16) },
  { weight: 1, arbitrary: binary(8) },
  { weight: 1, arbitrary: percentJunk },
);
const queryPair = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(queryName, queryValue).map(([n, v]) => `${n}=${v}`) },
  { weight: 1, arbitrary: queryName },
  { weight: 1, arbitrary: fc.constantFrom('', '=', '==', '&') },
);

/** A query string (with its `?`), or none. Repeated names come from the small name pool. */
export const queryString: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom('', '?', '?&', '?#frag') },
  {
    weight: 6,
    arbitrary: fc
      .array(queryPair, { minLength: 1, maxLength: 6 })
      .map((pairs) => `?${pairs.join('&')}`),
  },
);

/** The words a credential's name reduces to once case, brackets and separators are gone. */
const CREDENTIAL_WORDS = new Set([
  'key',
  'keys',
  'apikey',
  'xapikey',
  'token',
  'accesstoken',
  'authtoken',
  'bearer',
  'auth',
  'authorization',
  'secret',
  'apisecret',
  'clientsecret',
  'password',
  'passwd',
  'credential',
  'credentials',
]);
const KEY_PREFIX = /svc_(live|test)_/i;

/**
 * The query parameter the access policy refuses as a credential (its name reduces to a
 * credential word, or its name or value carries a key prefix), lowercased as the refusal names
 * it; a name that carries a key prefix is named `query`.
 */
export function keyLikeName(query: string): string | undefined {
  const params = new URLSearchParams(query.replace(/^\?/, '').replace(/#.*$/, ''));
  for (const [name, value] of params) {
    const word = name
      .toLowerCase()
      .replace(/\[[^\]]*\]/g, '')
      .replace(/[^a-z0-9]/g, '');
    if (KEY_PREFIX.test(name)) {
      return 'query';
    }
    if (CREDENTIAL_WORDS.has(word) || KEY_PREFIX.test(value)) {
      return name.toLowerCase();
    }
  }
  return undefined;
}

/** Which key the access policy ends up with (src/policy/raw-key.ts `rawKeyOf`). */
export type KeyKind = 'pro' | 'free' | 'expired' | 'none' | 'bad';

export interface AuthVariant {
  kind: KeyKind;
  headers: Record<string, string>;
}

const printable = (maxLength: number) =>
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    maxLength,
  });

export function authVariant(keys: FuzzKeys): fc.Arbitrary<AuthVariant> {
  const { pro, free, expired } = keys;
  const bad = (headers: Record<string, string>): AuthVariant => ({ kind: 'bad', headers });
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.constantFrom<AuthVariant>(
        { kind: 'pro', headers: { 'x-api-key': pro } },
        { kind: 'pro', headers: { authorization: `Bearer ${pro}` } },
        { kind: 'pro', headers: { authorization: `bearer   ${pro}  ` } },
        { kind: 'pro', headers: { authorization: `BEARER ${pro}` } },
      ),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom<AuthVariant>(
        { kind: 'free', headers: { 'x-api-key': free } },
        { kind: 'expired', headers: { authorization: `Bearer ${expired}` } },
        { kind: 'none', headers: {} },
      ),
    },
    {
      weight: 3,
      arbitrary: fc.constantFrom<AuthVariant>(
        bad({ authorization: 'Bearer' }),
        bad({ authorization: 'Bearer ' }),
        bad({ authorization: 'Basic Zm9vOmJhcg==' }),
        bad({ authorization: `Bearer ${pro}x` }),
        bad({ authorization: `Bearer ${pro.slice(0, -1)}` }),
        bad({ authorization: `Bearer ${pro.toLowerCase()}` }),
        bad({ authorization: `Bearer ${pro.replace('svc_live_', 'svc_test_')}` }),
        bad({ authorization: `Bearer ${pro} extra` }),
        bad({ authorization: 'x'.repeat(4096) }),
        bad({ authorization: 'garbage-value', 'x-api-key': pro }),
        bad({ 'x-api-key': `Bearer ${pro}` }),
        bad({ 'x-api-key': 'svc_live_' }),
      ),
    },
    { weight: 2, arbitrary: printable(40).map((v) => bad({ 'x-api-key': v })) },
    { weight: 1, arbitrary: printable(40).map((v) => bad({ authorization: `Bearer ${v}` })) },
  );
}

/** An optional header value: known-tricky constants or printable garbage. */
const headerValue = (constants: string[]) =>
  fc.option(
    fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom(...constants) },
      { weight: 1, arbitrary: printable(60).filter(leakFree) },
    ),
    { nil: undefined, freq: 2 },
  );

/** Accept-Language, If-None-Match, Accept-Encoding, Accept and friends, each maybe absent. */
export const extraHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record({
    'accept-language': headerValue([
      '*',
      'zh-TW;q=0.5, en;q=abc',
      ';;;',
      'q=1',
      'zh-Hant-HK',
      'xx-YY',
      'zh',
      'zh-CN,zh-HK;q=1.5',
      ',,,,',
      `${'en-US,'.repeat(500)}en`,
    ]),
    'if-none-match': headerValue(['*', 'W/"x"', '"', '""', '*, "a"', 'W/', '"a", W/"b", *']),
    'accept-encoding': headerValue([
      'gzip',
      'br',
      'deflate',
      'gzip, deflate, br',
      '*',
      'identity;q=0',
      '*;q=0',
      'br;q=abc',
      'gzip;q=1.5',
      'x-gzip',
      'zstd',
      ',,',
    ]),
    accept: headerValue(['application/xml', '*/*', 'application/problem+json', 'text/csv', '']),
    'content-type': headerValue(['application/json', 'text/plain', 'multipart/form-data', '']),
    'x-forwarded-for': headerValue(['1.2.3.4', '::1', 'not-an-ip', '999.999.999.999']),
  })
  .map((headers) =>
    Object.fromEntries(
      Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
  );
