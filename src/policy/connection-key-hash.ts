import { hashApiKey } from '../accounts/api-key-format.js';

/**
 * The hash of the key a connection sent last, kept for that connection only. A client on a
 * keep-alive connection sends the same key on every request; SHA-256 of it cost about 9 µs of a
 * cached answer's 140 on the bench machine (docs/benchmarks.md, twelfth session). No key is kept
 * beyond the connection that sent it, nor shared with another one (the key cache holds only
 * hashes: key-cache.ts), and a different key on the same connection (a balancer reusing its
 * connections for several clients) is hashed afresh.
 */
const lastKeyOf = new WeakMap<object, { rawKey: string; hash: string }>();

/** `hashApiKey(rawKey)`, computed once per connection and key. */
export function connectionKeyHash(connection: object, rawKey: string): string {
  const last = lastKeyOf.get(connection);
  if (last !== undefined && sameText(last.rawKey, rawKey)) {
    return last.hash;
  }
  const hash = hashApiKey(rawKey);
  lastKeyOf.set(connection, { rawKey, hash });
  return hash;
}

/**
 * Equality in a time that depends on the lengths only: how long a comparison took must not tell
 * a client how much of the connection's previous key its own shares.
 */
export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) {
    return false;
  }
  let difference = 0;
  for (let i = 0; i < a.length; i++) {
    difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  }
  return difference === 0;
}
