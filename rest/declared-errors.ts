/**
 * Spec part 4: the error statuses each route declares. Plus, on every route, the 400 of
 * query-parameter validation and the 500 `internal_error` (DECISIONS.md); meta routes are keyless.
 * The OpenAPI document and the contract tests both read this table.
 */
const CHILD = [401, 403, 404, 429];
const LIST = [401, 403, 429, 502, 503];
const ANALYSIS = [400, 401, 403, 404, 429, 502, 503];

const DECLARED_ERRORS: Record<string, number[]> = {
  '/v1/football/meta/limits': [],
  '/v1/football/meta/plans': [],
  '/v1/football/matches/live': LIST,
  '/v1/football/matches': LIST,
  '/v1/football/matches/:matchId': CHILD,
  '/v1/football/matches/:matchId/events': CHILD,
  '/v1/football/matches/:matchId/statistics': CHILD,
  '/v1/football/matches/:matchId/h2h': CHILD,
  '/v1/football/matches/:matchId/lineups': CHILD,
  '/v1/football/odds/bookmakers': [401, 403, 429],
  '/v1/football/matches/:matchId/odds': CHILD,
  '/v1/football/matches/:matchId/odds/exchange': [...CHILD, 502],
  '/v1/football/matches/:matchId/odds/kelly': CHILD,
  '/v1/football/matches/:matchId/odds/regional': CHILD,
  '/v1/football/matches/:matchId/odds/:market/:bookmaker': [400, ...CHILD],
  '/v1/football/matches/:matchId/analysis/ai-basic': ANALYSIS,
  '/v1/football/matches/:matchId/analysis/ai-deep': ANALYSIS,
  '/v1/football/matches/:matchId/analysis/tips-distribution': ANALYSIS,
  '/v1/football/matches/:matchId/analysis/handicap': ANALYSIS,
  '/v1/football/matches/:matchId/analysis/over-under': ANALYSIS,
  '/v1/football/matches/:matchId/analysis/corners': ANALYSIS,
  // Issue 49 (beyond the contract): the catalogue routes; a malformed id is 400, unknown 404.
  '/v1/football/players/:playerId': [400, ...CHILD],
  // Issue 49: an unknown competition, or a season it has no matches in, is 404.
  '/v1/football/competitions': [401, 403, 429],
  '/v1/football/competitions/:competitionId/standings': [400, ...CHILD],
  '/v1/football/competitions/:competitionId/scorers': [400, ...CHILD],
  // DECISIONS.md "Push" (beyond the contract): bad ids and Last-Event-ID are 400 before it opens.
  '/v1/football/stream': [400, 401, 403, 429],
  // Issue 49: an unknown or malformed team id is 404; the list's bad parameters are 400.
  '/v1/football/teams/:teamId': [400, ...CHILD],
  '/v1/football/teams/:teamId/matches': [400, ...CHILD, 502, 503],
  // Issue 49: a missing, empty or too long `q`, or an unknown `type`, is 400.
  '/v1/football/search': [400, 401, 403, 429],
};

/** Every status a route may answer with besides 200 (and 304 for conditional requests). */
export function errorStatusesOf(url: string): number[] {
  const declared = DECLARED_ERRORS[url] ?? [];
  // A database that cannot be reached is 503 `upstream_unavailable` on every route, the keyless
  // meta routes included: the contract's tables omit it, but there is no honest alternative.
  // Keyless routes also answer 429 `rate_limited` past the per-address limit (DECISIONS.md).
  const always = [400, 429, 500, 503];
  return [...new Set([...declared, ...always])].sort((a, b) => a - b);
}
