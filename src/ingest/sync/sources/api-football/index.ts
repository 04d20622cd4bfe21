import { type Credentials, type SourceAdapter, SourceConfigError } from '../../adapter.js';
import { fullPass } from './full-pass.js';
import { livePass } from './live-pass.js';

const KEY_VARIABLE = 'API_FOOTBALL_KEY';

/**
 * API-Football v3 (api-sports.io), docs/sources/api-football.md: fixtures, results, live
 * events, team sheets and statistics, and pre-match and in-play odds of the Premier League and
 * the other big European competitions.
 */
export const apiFootballSource: SourceAdapter = {
  name: 'api-football',
  provider: 'API-Football v3 (api-sports.io)',
  role: 'fixtures',
  licence:
    'API-Football (api-sports.io) terms: data obtained from its partners; reselling it to third ' +
    "parties is prohibited; logos and names may be third parties' rights",
  /* The free plan: 100 requests a day (and 10 a minute). */
  defaultBudget: '100/day',
  /* A live pass costs two requests; every 5 minutes a match of two hours costs about 50. */
  liveIntervalMs: 5 * 60_000,
  environment: {
    url: 'API_FOOTBALL_URL',
    defaultUrl: 'https://v3.football.api-sports.io',
    credentials: [KEY_VARIABLE],
  },
  credentials(env): Credentials {
    const key = env[KEY_VARIABLE];
    if (!key) {
      throw new SourceConfigError(
        `api-football: set ${KEY_VARIABLE} to the API key from dashboard.api-football.com`,
      );
    }
    return { headers: { 'x-apisports-key': key }, query: {} };
  },
  pass(scope, http) {
    return scope.kind === 'live' ? livePass(scope, http) : fullPass(scope, http);
  },
};
