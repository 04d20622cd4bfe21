/**
 * What the OpenAPI document says of each /v1 operation beyond its schemas: the name SDK
 * generators give its method (`operationId`), its group (`tags`), a one-line summary and a
 * description with its quota cost and 404 rules (spec part 4 and 8.2). A /v1/football route
 * missing here stops the server at start-up (completeRouteSchema), so the list cannot drift.
 */
interface OperationDoc {
  operationId: string;
  tag: OperationTag;
  summary: string;
  description: string;
}

export const OPERATION_TAGS = [
  'Meta',
  'Matches',
  'Competitions',
  'Odds',
  'Analysis',
  'Teams',
  'Players',
  'Stream',
  'Search',
] as const;
type OperationTag = (typeof OPERATION_TAGS)[number];

export const TAG_DESCRIPTIONS: Readonly<Record<OperationTag, string>> = {
  Meta: 'Tiers, limits and prices; no key needed.',
  Matches: 'Live scores, fixtures, match detail, events, statistics, head-to-head and lineups.',
  Competitions: 'Competitions, their seasons and coverage, and standings (live too).',
  Odds: 'Bookmakers, opening and closing odds, exchange, Kelly index, regional board, movement.',
  Analysis: 'AI reports, tips distribution, handicap, over-under and corners; Plus and Pro.',
  Players: 'Players by id: name, club, position, nationality.',
  Stream: 'Live changes pushed as Server-Sent Events, resumable.',
  Teams: "A team's page and its fixtures and results.",
  Search: 'Competitions, teams and players by name, in any served language or an alias.',
};

const PLAN_QUOTA =
  "Costs one request of the daily plan quota and one of the key's per-minute limit.";
const MATCH_404 =
  'An unknown `matchId` is 404 `not_found` (still charged, as every answered request).';
const ANALYSIS =
  'Plus and Pro only: a Free key gets 403 `tier_insufficient` and is charged nothing. ' +
  `${PLAN_QUOTA} ${MATCH_404}`;

const doc = (
  operationId: string,
  tag: OperationTag,
  summary: string,
  description: string,
): OperationDoc => ({ operationId, tag, summary, description });

export const OPERATIONS: Readonly<Record<string, OperationDoc>> = {
  '/v1/football/meta/limits': doc(
    'listTierLimits',
    'Meta',
    'Daily quota and per-minute limit of each tier',
    'The limits of the Free, Plus and Pro tiers. Needs no key and charges nothing; the per-address limit applies.',
  ),
  '/v1/football/meta/plans': doc(
    'getPlans',
    'Meta',
    'Prices and plan versions on sale',
    'Public pricing: each tier with its monthly and yearly plan version. Needs no key and charges nothing; the per-address limit applies.',
  ),
  '/v1/football/matches/live': doc(
    'listLiveMatches',
    'Matches',
    'Matches in play now',
    `Every live match, optionally filtered by league and status; not paginated. ${PLAN_QUOTA}`,
  ),
  '/v1/football/matches': doc(
    'listMatches',
    'Matches',
    'Matches of a day, paginated',
    "Matches of a date, or of a range `from`..`to` (at most 31 days), in the time zone given by `tz` (minutes east of UTC, or an IANA zone such as Europe/London), filtered by league (name, code or id), competitionId, teamId and status, 25 a page by default (at most 100). An unknown competitionId or teamId is 400, as is an unknown league on a request using from/to, competitionId or teamId. Uses the account's free match-list allowance first, then the plan quota; one request of the per-minute limit either way.",
  ),
  '/v1/football/matches/:matchId': doc(
    'getMatch',
    'Matches',
    'One match by id',
    `A match with its teams, score, status and minute. ${PLAN_QUOTA} ${MATCH_404}`,
  ),
  '/v1/football/matches/:matchId/events': doc(
    'listMatchEvents',
    'Matches',
    'Goals, cards and substitutions of a match',
    `The match's events in order. ${PLAN_QUOTA} ${MATCH_404}`,
  ),
  '/v1/football/matches/:matchId/statistics': doc(
    'getMatchStatistics',
    'Matches',
    'Statistics of a match',
    `Possession, shots, corners and the other team statistics. ${PLAN_QUOTA} ${MATCH_404}`,
  ),
  '/v1/football/matches/:matchId/h2h': doc(
    'getHeadToHead',
    'Matches',
    'Head-to-head record of the two teams',
    `Earlier meetings of the match's teams and their summary. ${PLAN_QUOTA} ${MATCH_404}`,
  ),
  '/v1/football/matches/:matchId/lineups': doc(
    'getMatchLineups',
    'Matches',
    'Team sheets of a match',
    `Starting elevens and substitutes. ${PLAN_QUOTA} ${MATCH_404} Lineups not yet published are 404 as well.`,
  ),
  '/v1/football/competitions': doc(
    'listCompetitions',
    'Competitions',
    'Every competition with its seasons and coverage',
    `Each competition with its name in the requested language, type (league or cup), seasons (start year, first and last day), current season, which resources exist for it, and where its data comes from under which licence. ${PLAN_QUOTA}`,
  ),
  '/v1/football/competitions/:competitionId/standings': doc(
    'getStandings',
    'Competitions',
    'Standings of a competition season (total, home, away)',
    `The season's tables computed from stored results with the competition's tie-break rules and point deductions (total table only); a cup has one table per group. \`live=true\` counts matches in play at their current score. An unknown \`competitionId\`, or a \`season\` without matches, is 404 \`not_found\` (its detail lists the seasons there are). ${PLAN_QUOTA}`,
  ),
  '/v1/football/odds/bookmakers': doc(
    'listBookmakers',
    'Odds',
    'Bookmakers whose odds are served',
    `Each bookmaker with the id and name used in odds movement paths. ${PLAN_QUOTA}`,
  ),
  '/v1/football/matches/:matchId/odds': doc(
    'getMatchOdds',
    'Odds',
    'Opening and closing odds of a match per bookmaker',
    `Opening and closing prices of every market per bookmaker. ${PLAN_QUOTA} ${MATCH_404}`,
  ),
  '/v1/football/matches/:matchId/odds/exchange': doc(
    'getExchangeOdds',
    'Odds',
    'Exchange odds of a match, as stored',
    `The exchange's own document, returned as stored, without the envelope. ${PLAN_QUOTA} ${MATCH_404}`,
  ),
  '/v1/football/matches/:matchId/odds/kelly': doc(
    'getKellyIndex',
    'Odds',
    'Kelly index of a match',
    `The Kelly index of each bookmaker's prices against the market's. ${PLAN_QUOTA} ${MATCH_404}`,
  ),
  '/v1/football/matches/:matchId/odds/regional': doc(
    'getRegionalBoard',
    'Odds',
    "Regional operator's board of a match",
    `The regional operator's prices; \`data\` is null when the match has no board. ${PLAN_QUOTA} ${MATCH_404}`,
  ),
  '/v1/football/matches/:matchId/odds/:market/:bookmaker': doc(
    'getOddsMovement',
    'Odds',
    'Price movement of one market at one bookmaker',
    `Every price change of the market (\`had\`, \`hdp\` or \`hilo\`) at the bookmaker (its id or name). An unknown market is 400 \`invalid_parameter\`. ${PLAN_QUOTA} ${MATCH_404}`,
  ),
  '/v1/football/matches/:matchId/analysis/ai-basic': doc(
    'getAiBasicReport',
    'Analysis',
    'Basic AI report of a match',
    `The published basic report in English, simplified or traditional Chinese (\`Accept-Language\`: en, zh-CN, zh-HK; zh-TW is served zh-HK). An unpublished report is 404. ${ANALYSIS}`,
  ),
  '/v1/football/matches/:matchId/analysis/ai-deep': doc(
    'getAiDeepReport',
    'Analysis',
    'Deep AI report of a match',
    `The published deep report, with the basic report's language rules, read independently of it. An unpublished report is 404. ${ANALYSIS}`,
  ),
  '/v1/football/matches/:matchId/analysis/tips-distribution': doc(
    'getTipsDistribution',
    'Analysis',
    'How customers tipped a match',
    `Aggregate tip counts per market and outcome. ${ANALYSIS}`,
  ),
  '/v1/football/matches/:matchId/analysis/handicap': doc(
    'getHandicapAnalysis',
    'Analysis',
    'Asian handicap analysis of a match',
    `Handicap lines, their movement and the teams' records against them. ${ANALYSIS}`,
  ),
  '/v1/football/matches/:matchId/analysis/over-under': doc(
    'getOverUnderAnalysis',
    'Analysis',
    'Total-goals analysis of a match',
    `Over-under lines, their movement and the teams' goal records. ${ANALYSIS}`,
  ),
  '/v1/football/matches/:matchId/analysis/corners': doc(
    'getCornerAnalysis',
    'Analysis',
    'Corner analysis of a match',
    `Corner lines and the teams' corner records by period and minute. ${ANALYSIS}`,
  ),
  '/v1/football/players/:playerId': doc(
    'getPlayer',
    'Players',
    'One player by id',
    `A player's name (in the requested language), club, position, nationality and date of birth, where the sources give them. ${PLAN_QUOTA} An unknown \`playerId\` is 404 \`not_found\` (still charged).`,
  ),
  '/v1/football/stream': doc(
    'streamChanges',
    'Stream',
    'Live changes as Server-Sent Events',
    "Changes of every live match, or of the matches named in `matchId` (up to 50), or of the matches of the competitions named in `competitionId` with a `standings` event (their current season's live tables) each time one of them moves. Resume with `Last-Event-ID`. Opening costs one request of the daily quota and one of the per-minute limit; events are free. Concurrent streams per account: Free 1, Plus 5, Pro 25.",
  ),
  '/v1/football/teams/:teamId': doc(
    'getTeam',
    'Teams',
    'One team by id',
    `The team's name (Accept-Language), original name, country, logo and the competitions it has matches in. ${PLAN_QUOTA} An unknown \`teamId\` is 404 \`not_found\` (still charged).`,
  ),
  '/v1/football/teams/:teamId/matches': doc(
    'listTeamMatches',
    'Teams',
    "A team's matches, paginated",
    `The team's matches by kick-off (optionally in a range of days in \`tz\` and by status), or its \`last\` N finished matches (newest first), or its \`next\` N scheduled ones (soonest first). Paginated as /matches. ${PLAN_QUOTA} An unknown \`teamId\` is 404 \`not_found\`.`,
  ),
  '/v1/football/search': doc(
    'search',
    'Search',
    'Competitions, teams and players by name',
    `At most 20 competitions, teams and players whose name, original name or an alias (English, simplified or traditional Chinese) is \`q\` or starts with it, or has a word (a CJK character) starting with it; case and accents do not matter. Exact names first, then whole-name prefixes, then word prefixes. \`type\` keeps one kind. A missing, too long (over 100 characters) or empty \`q\` (no letters or digits) or an unknown \`type\` is 400 \`invalid_parameter\`. ${PLAN_QUOTA}`,
  ),
  '/v1/football/competitions/:competitionId/scorers': doc(
    'listScorers',
    'Competitions',
    'Top scorers of a competition season',
    `Goals per player counted from the season's stored events that name their scorer by id: own goals are not the scorer's, scored penalties are counted apart (\`penalties\`), assists where goals name the assisting player. Ranked by goals, then fewer penalties, then name; level lines share a rank. An unknown \`competitionId\`, or a \`season\` without matches, is 404 \`not_found\`. ${PLAN_QUOTA}`,
  ),
};
