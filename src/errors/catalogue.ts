import { ERROR_CODES, type ErrorCode } from './codes.js';

/** When each code is answered (spec part 7, DECISIONS.md): the error catalogue's text. */
const ERROR_CONDITIONS: Record<ErrorCode, string> = {
  invalid_parameter:
    'A parameter failed validation; the body names it in `parameter`. Also: an API key sent in the URL query string (never accepted).',
  unauthorized: 'No API key was sent (Authorization: Bearer <key>, or X-Api-Key).',
  key_invalid: 'The key is malformed, does not exist, or was revoked.',
  key_expired:
    "The key passed its expiry date. It still occupies the account's key slot until revoked.",
  tier_insufficient:
    'An analysis endpoint was called on the Free plan. No daily quota is deducted.',
  ip_not_allowed:
    "The caller's address is not in the key's allowlist; `address` names the address seen.",
  not_found:
    'The resource does not exist (or is unpublished / not available, e.g. lineups, regional board).',
  method_not_allowed: 'The route exists but not for this HTTP method; `Allow` lists the methods.',
  uri_too_long:
    'One path segment is longer than 100 characters (no match id or bookmaker is). Nothing is counted.',
  key_limit_reached: 'The account already holds an unrevoked key (management API).',
  allowlist_limit_reached: "The key's allowlist is full (management API).",
  rate_limited:
    'The per-minute limit of the key (or of the address, without a key) was exceeded, or the account already holds all its concurrent streams. `Retry-After` says when to try again: the end of the minute, or 5 s for a stream. Nothing is charged.',
  quota_exceeded:
    "The account's daily plan quota is used up. It resets at 00:00 Hong Kong time (16:00 UTC); `Retry-After` counts down to it. Nothing is charged.",
  headers_too_large:
    'The request line and headers together exceed 16 KiB. The connection is closed; nothing is counted.',
  internal_error:
    'An unexpected failure. No internals are disclosed; retry, and report it if it persists.',
  upstream_malformed:
    "The upstream responded but its content could not be parsed: stored exchange odds that are not JSON, or a data source whose newest answer for the matches (on `/matches` and `/matches/live`, when the page shows one of its matches) or for a match's exchange odds was refused. No daily quota is deducted.",
  upstream_unavailable:
    'A data source is temporarily unreachable: the database, the usage counters in `closed` mode, or the source of a live match on `/matches` or `/matches/live`, silent for longer than its staleness budget (docs/sources/freshness.md). Retry after `Retry-After` seconds. No daily quota is deducted.',
};

export const errorCatalogue = () =>
  (Object.keys(ERROR_CODES) as ErrorCode[]).map((code) => ({
    code,
    status: ERROR_CODES[code].status,
    title: ERROR_CODES[code].title,
    condition: ERROR_CONDITIONS[code],
  }));
