/**
 * Spec 8.2: the rate and quota headers of every response to a request with a valid key, and
 * beside them the IETF fields of the same policies (DECISIONS.md "Access").
 */
export const QUOTA_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'X-Quota-Limit',
  'X-Quota-Remaining',
  'X-Quota-Reset',
  'RateLimit-Policy',
  'RateLimit',
];

/** The same, as Node and `inject` spell header names. */
export const QUOTA_HEADER_NAMES = QUOTA_HEADERS.map((h) => h.toLowerCase());

/** The contract's own (`X-`) headers alone: the IETF fields also name the free match-list policy. */
export const X_QUOTA_HEADER_NAMES = QUOTA_HEADER_NAMES.filter((h) => h.startsWith('x-'));
