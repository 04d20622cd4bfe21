import type { Credentials, ProviderFailure, SourceAdapter } from '../../adapter.js';
import { credentialsRefused, credentialValues, field, untilNext } from '../failures.js';
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
  /* The free plan: 100 requests a day and 10 a minute. */
  defaultBudget: '100/day,10/minute',
  /* A live pass costs two requests; every 5 minutes a match of two hours costs about 50. */
  liveIntervalMs: 5 * 60_000,
  environment: {
    url: 'API_FOOTBALL_URL',
    defaultUrl: 'https://v3.football.api-sports.io',
    credentials: [KEY_VARIABLE],
  },
  credentials(env): Credentials {
    const [key] = credentialValues(
      env,
      'api-football',
      [KEY_VARIABLE],
      'the API key from dashboard.api-football.com',
    );
    return { headers: { 'x-apisports-key': key as string }, query: {} };
  },
  failureOf,
  pass(scope, http) {
    return scope.kind === 'live' ? livePass(scope, http) : fullPass(scope, http);
  },
};

/**
 * API-Football's documented error answers come with HTTP 200 and a non-empty `errors` object:
 * `token` (the key), `requests` (the day's quota: asked again tomorrow), `rateLimit` (the
 * minute's: asked again in a minute); any other (`plan`, a bad parameter) fails the pass.
 */
function failureOf(_status: number, body: unknown): ProviderFailure | undefined {
  const errors = field(body, 'errors');
  if (errors === null || typeof errors !== 'object' || Array.isArray(errors)) {
    return undefined;
  }
  const said = (key: string) => {
    const value = (errors as Record<string, unknown>)[key];
    return value === undefined ? undefined : `API-Football says ${key}: ${String(value)}`;
  };
  const token = said('token');
  if (token) {
    return credentialsRefused(token);
  }
  const quota = said('requests');
  if (quota) {
    return { reason: quota, retryAfterMs: untilNext('day') };
  }
  const rate = said('rateLimit');
  if (rate) {
    return { reason: rate, retryAfterMs: 60_000 };
  }
  const other = Object.keys(errors)[0];
  return other === undefined ? undefined : { reason: said(other) as string };
}
