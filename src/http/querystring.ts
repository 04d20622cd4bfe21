import fastQuerystring from 'fast-querystring';
import { LRUCache } from 'lru-cache';
import { credentialParameter } from '../policy/query-credentials.js';

/** A parsed query string: each name's value, or its values when it came more than once. */
export type ParsedQuery = Record<string, string | string[]>;

/** Query strings shorter than this parse faster than they are looked up. */
const MIN_REMEMBERED_LENGTH = 128;
/** Longer ones are never remembered (nor are they a request the caches replay). */
const MAX_REMEMBERED_LENGTH = 2048;
const REMEMBERED = 256;

/** A copy with the parser's null prototype, its lists copied too. */
function copyOf(query: ParsedQuery): ParsedQuery {
  const copy: ParsedQuery = Object.create(null);
  for (const name in query) {
    const value = query[name] as string | string[];
    copy[name] = Array.isArray(value) ? [...value] : value;
  }
  return copy;
}

/**
 * Fastify's query-string parser (fast-querystring, Fastify's own default) remembering what the
 * last long query strings parsed to. A GraphQL GET carries its operation's variables and
 * extensions as URL-encoded JSON (a persisted `match(id)`: about 280 characters) and the same one
 * comes again and again; decoding it was about 1.2 µs of every cached answer (docs/benchmarks.md,
 * twentieth session). Each request gets its own copy: validation coerces values and fills in
 * defaults in place.
 */
export function createQuerystringParser(
  parse: (text: string) => ParsedQuery = fastQuerystring.parse,
) {
  const remembered = new LRUCache<string, ParsedQuery>({ max: REMEMBERED });
  return (text: string): ParsedQuery => {
    if (text.length < MIN_REMEMBERED_LENGTH || text.length > MAX_REMEMBERED_LENGTH) {
      return parse(text);
    }
    const known = remembered.get(text);
    if (known) {
      return copyOf(known);
    }
    const parsed = parse(text);
    // A key sent in the URL is refused (url-credentials.ts) and never kept, here neither.
    if (credentialParameter(`?${text}`) === undefined) {
      remembered.set(text, copyOf(parsed));
    }
    return parsed;
  };
}
