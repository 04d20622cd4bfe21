import { AI_BASIC, AI_DEEP, TIPS_DISTRIBUTION } from './analysis.js';
import { COMPETITIONS, STANDINGS } from './competitions.js';
import { CORNER_ANALYSIS, HANDICAP_ANALYSIS, OVER_UNDER_ANALYSIS } from './market-analysis.js';
import {
  ARSENAL_CHELSEA,
  HEAD_TO_HEAD,
  LIVE_MATCHES,
  MATCH_EVENTS,
  MATCH_LINEUPS,
  MATCH_PAGE,
  MATCH_STATISTICS,
} from './matches.js';
import { PRICING, TIER_LIMITS } from './meta.js';
import {
  BOOKMAKERS,
  EXCHANGE_BOOK,
  KELLY,
  MATCH_ODDS,
  ODDS_MOVEMENT,
  REGIONAL_BOARD,
} from './odds.js';
import { PLAYER } from './players.js';
import { SCORERS } from './scorers.js';
import { SEARCH_RESULTS } from './search.js';
import { ARSENAL, TEAM_MATCHES } from './teams.js';

/** An SSE body as GET /v1/football/stream writes it (docs/push.md): retry, a change, a heartbeat. */
const STREAM = [
  'retry: 3000',
  '',
  'id: 81235',
  'event: change',
  `data: ${JSON.stringify({
    seq: '81235',
    matchId: ARSENAL_CHELSEA.id,
    resource: 'detail',
    kind: 'upsert',
    at: '2026-11-22T17:54:03.120Z',
    value: ARSENAL_CHELSEA,
  })}`,
  '',
  ': heartbeat',
  '',
  '',
].join('\n');

const M = '/v1/football/matches/:matchId';

/**
 * The example of each /v1 operation's 200 body, keyed like rest/operations.ts: the OpenAPI
 * document shows it with the response (completeRouteSchema), the contract tests validate it
 * against the route's schema, and a route without one stops the server at start-up. The JSON
 * bodies carry the envelope as served; exchange odds and the stream are served without one.
 */
export const EXAMPLES: Readonly<Record<string, unknown>> = {
  '/v1/football/meta/limits': { data: TIER_LIMITS },
  '/v1/football/meta/plans': { data: PRICING },
  '/v1/football/matches/live': { data: LIVE_MATCHES },
  '/v1/football/matches': MATCH_PAGE,
  [M]: { data: ARSENAL_CHELSEA },
  [`${M}/events`]: { data: MATCH_EVENTS },
  [`${M}/statistics`]: { data: MATCH_STATISTICS },
  [`${M}/h2h`]: { data: HEAD_TO_HEAD },
  [`${M}/lineups`]: { data: MATCH_LINEUPS },
  '/v1/football/competitions': { data: COMPETITIONS },
  '/v1/football/competitions/:competitionId/standings': { data: STANDINGS },
  '/v1/football/odds/bookmakers': { data: BOOKMAKERS },
  [`${M}/odds`]: { data: MATCH_ODDS },
  [`${M}/odds/exchange`]: EXCHANGE_BOOK,
  [`${M}/odds/kelly`]: { data: KELLY },
  [`${M}/odds/regional`]: { data: REGIONAL_BOARD },
  [`${M}/odds/:market/:bookmaker`]: { data: ODDS_MOVEMENT },
  [`${M}/analysis/ai-basic`]: { data: AI_BASIC },
  [`${M}/analysis/ai-deep`]: { data: AI_DEEP },
  [`${M}/analysis/tips-distribution`]: { data: TIPS_DISTRIBUTION },
  [`${M}/analysis/handicap`]: { data: HANDICAP_ANALYSIS },
  [`${M}/analysis/over-under`]: { data: OVER_UNDER_ANALYSIS },
  [`${M}/analysis/corners`]: { data: CORNER_ANALYSIS },
  '/v1/football/players/:playerId': { data: PLAYER },
  '/v1/football/stream': STREAM,
  '/v1/football/teams/:teamId': { data: ARSENAL },
  '/v1/football/teams/:teamId/matches': TEAM_MATCHES,
  '/v1/football/search': { data: SEARCH_RESULTS },
  '/v1/football/competitions/:competitionId/scorers': { data: SCORERS },
};
