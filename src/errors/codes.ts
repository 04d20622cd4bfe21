/**
 * Spec part 7 as data: every error code the API can answer with, its HTTP status and title.
 * `internal_error` is ours (DECISIONS.md "Access": an unexpected failure is a 500 with no internals),
 * and so are the HTTP-level refusals `method_not_allowed`, `uri_too_long` and `headers_too_large`
 * (docs/access.md "Request size limits").
 */
export const ERROR_CODES = {
  invalid_parameter: { status: 400, title: 'Invalid parameter' },
  unauthorized: { status: 401, title: 'Missing API key' },
  key_invalid: { status: 401, title: 'Invalid API key' },
  key_expired: { status: 403, title: 'API key expired' },
  tier_insufficient: { status: 403, title: 'Plan does not include this endpoint' },
  ip_not_allowed: { status: 403, title: 'Address not allowed' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  uri_too_long: { status: 414, title: 'URI too long' },
  key_limit_reached: { status: 409, title: 'Key limit reached' },
  allowlist_limit_reached: { status: 409, title: 'Allowlist limit reached' },
  rate_limited: { status: 429, title: 'Rate limit exceeded' },
  quota_exceeded: { status: 429, title: 'Daily quota exceeded' },
  headers_too_large: { status: 431, title: 'Request headers too large' },
  internal_error: { status: 500, title: 'Internal error' },
  upstream_malformed: { status: 502, title: 'Upstream data malformed' },
  upstream_unavailable: { status: 503, title: 'Upstream unavailable' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The codes answered with 429, which always carry `Retry-After` (spec part 7). */
export type TooManyRequestsCode = {
  [C in ErrorCode]: (typeof ERROR_CODES)[C]['status'] extends 429 ? C : never;
}[ErrorCode];

export const isErrorCode = (value: string): value is ErrorCode => Object.hasOwn(ERROR_CODES, value);
