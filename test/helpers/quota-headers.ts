/** Spec 8.2: the rate and quota headers of every response to a request with a valid key. */
export const QUOTA_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'X-Quota-Limit',
  'X-Quota-Remaining',
  'X-Quota-Reset',
];

/** The same, as Node and `inject` spell header names. */
export const QUOTA_HEADER_NAMES = QUOTA_HEADERS.map((h) => h.toLowerCase());
