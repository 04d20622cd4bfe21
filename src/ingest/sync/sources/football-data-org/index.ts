import type { PassScope, ProviderFailure, ProviderHttp, SourceAdapter } from '../../adapter.js';
import type { SourceFacts } from '../../facts.js';
import { credentialsRefused, credentialValues, field } from '../failures.js';
import { factsOfMatches } from './map.js';
import { type FdoMatch, MatchListSchema } from './schemas.js';

/** The free plan's competitions that are leagues or the Champions League. */
export const DEFAULT_COMPETITIONS = ['PL', 'PD', 'BL1', 'SA', 'FL1', 'CL'] as const;
/** The provider takes at most this many ids in one `matches?ids=` request. */
const IDS_PER_REQUEST = 50;

/** `competitions/{code}/matches`: the current season unless a season or dates are given. */
async function competitionMatches(
  http: ProviderHttp,
  code: string,
  scope: PassScope,
): Promise<FdoMatch[]> {
  const answer = await http.get({
    resource: 'matches',
    path: `competitions/${encodeURIComponent(code)}/matches`,
    query: {
      season: scope.season,
      dateFrom: scope.from,
      dateTo: scope.to,
    },
    schema: MatchListSchema,
  });
  return answer?.matches ?? [];
}

async function matchesByIds(http: ProviderHttp, ids: readonly string[]): Promise<FdoMatch[]> {
  const out: FdoMatch[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) {
    const answer = await http.get({
      resource: 'matches',
      path: 'matches',
      query: { ids: ids.slice(i, i + IDS_PER_REQUEST).join(',') },
      schema: MatchListSchema,
    });
    out.push(...(answer?.matches ?? []));
  }
  return out;
}

/**
 * football-data.org v4 (docs/sources/football-data-org.md): competitions, teams, matches and
 * scores. A full pass takes one request per competition; a live pass one per 50 live matches.
 */
export const footballDataOrgSource: SourceAdapter = {
  name: 'football-data-org',
  provider: 'football-data.org v4',
  role: 'fixtures',
  licence:
    'football-data.org: free for non-commercial use with attribution; paid plans for commercial use (https://www.football-data.org/terms)',
  defaultBudget: '10/minute',
  liveIntervalMs: 10_000,
  environment: {
    url: 'FOOTBALL_DATA_ORG_URL',
    defaultUrl: 'https://api.football-data.org/v4',
    credentials: ['FOOTBALL_DATA_ORG_TOKEN'],
  },
  credentials(env) {
    const [token] = credentialValues(
      env,
      'football-data-org',
      ['FOOTBALL_DATA_ORG_TOKEN'],
      'the API token football-data.org mailed you',
    );
    return { headers: { 'X-Auth-Token': token as string }, query: {} };
  },
  failureOf,
  async pass(scope, http): Promise<SourceFacts> {
    if (scope.kind === 'live') {
      return factsOfMatches(await matchesByIds(http, scope.live));
    }
    const matches: FdoMatch[] = [];
    for (const code of scope.competitions ?? DEFAULT_COMPETITIONS) {
      matches.push(...(await competitionMatches(http, code, scope)));
    }
    return factsOfMatches(matches);
  },
};

/**
 * football-data.org's errors are `{"message", "errorCode"}`: 400 for a token it does not know,
 * 403 for one without the competition in its plan, 429 "You reached your request limit. Wait 20
 * seconds." (the wait is also in `X-RequestCounter-Reset`, not `Retry-After`).
 */
function failureOf(status: number, body: unknown): ProviderFailure | undefined {
  const message = field(body, 'message');
  if (status < 400 || typeof message !== 'string') {
    return undefined;
  }
  const reason = `football-data.org says ${message}`;
  if (status === 429) {
    const seconds = Number(/wait ([0-9]+) seconds/i.exec(message)?.[1] ?? 60);
    return { reason, retryAfterMs: seconds * 1000 };
  }
  return status === 403 || /token/i.test(message) ? credentialsRefused(reason) : { reason };
}
