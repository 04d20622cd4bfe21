import { createHash, timingSafeEqual } from 'node:crypto';

/** A token's SHA-256 digest: what `tokenMatches` compares against. */
export const tokenDigest = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * Whether an Authorization header carries the bearer token of `expected` (its digest). Compares
 * digests, not the strings: timingSafeEqual needs equal lengths, and hashing first means neither
 * the length nor any prefix of the token leaks through timing.
 */
export function tokenMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? '');
  return timingSafeEqual(tokenDigest(match?.[1] ?? ''), expected) && match !== null;
}
