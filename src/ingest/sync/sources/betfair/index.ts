import type { Credentials, ProviderFailure, SourceAdapter } from '../../adapter.js';
import { credentialsRefused, credentialValues, field } from '../failures.js';
import { betfairPass } from './pass.js';

const APP_KEY = 'BETFAIR_APP_KEY';
const SESSION_TOKEN = 'BETFAIR_SESSION_TOKEN';

/**
 * The Betfair Exchange API-NG, JSON-REST (docs/sources/betfair.md): the exchange's match odds
 * book as the match's exchange document, and the best back prices of match odds, Asian handicap
 * and over/under 2.5 as the bookmaker "Betfair Exchange". Links by event id and the teams'
 * selection ids; never creates a match.
 */
export const betfairSource: SourceAdapter = {
  name: 'betfair',
  provider: 'Betfair Exchange API-NG 1.0 (JSON-REST)',
  role: 'odds',
  licence:
    'Betfair: application keys are for personal betting use; any commercial use of the data needs Betfair’s approval (https://betfair-developer-docs.atlassian.net/wiki/spaces/1smk3cen4v3lu3yomq5qye0ni/pages/2687105/Application+Keys)',
  // "Calls to listMarketBook should be made up to a maximum of 5 times per second to a single
  // marketId"; there is no daily quota, the weight limits are per request (docs page).
  defaultBudget: '5/second',
  liveIntervalMs: 30_000,
  environment: {
    url: 'BETFAIR_URL',
    defaultUrl: 'https://api.betfair.com/exchange/betting/rest/v1.0',
    credentials: [APP_KEY, SESSION_TOKEN],
  },
  credentials(env): Credentials {
    const [appKey, session] = credentialValues(
      env,
      'betfair',
      [APP_KEY, SESSION_TOKEN],
      "the application key and a session token from Betfair's login",
    );
    return {
      headers: { 'X-Application': appKey as string, 'X-Authentication': session as string },
      query: {},
    };
  },
  failureOf,
  pass: betfairPass,
};

/** API-NG's answers to credentials it does not take: HTTP 400 with `APINGException.errorCode`. */
const CREDENTIAL_ERRORS = new Set([
  'INVALID_SESSION_INFORMATION',
  'NO_SESSION',
  'INVALID_APP_KEY',
  'NO_APP_KEY',
]);

function failureOf(status: number, body: unknown): ProviderFailure | undefined {
  if (status < 400) {
    return undefined;
  }
  const code = field(body, 'detail', 'APINGException', 'errorCode');
  if (typeof code !== 'string') {
    return undefined;
  }
  const reason = `Betfair says ${code}`;
  if (CREDENTIAL_ERRORS.has(code)) {
    return credentialsRefused(reason);
  }
  return code === 'TOO_MANY_REQUESTS' ? { reason, retryAfterMs: 1_000 } : { reason };
}
