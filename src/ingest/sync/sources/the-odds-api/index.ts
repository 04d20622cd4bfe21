import type { Credentials, ProviderFailure, SourceAdapter } from '../../adapter.js';
import { credentialsRefused, credentialValues, field, untilNext } from '../failures.js';
import { theOddsApiPass } from './pass.js';

const KEY_VARIABLE = 'ODDS_API_KEY';

/**
 * The Odds API v4 (docs/sources/the-odds-api.md): bookmakers' 1X2, handicap and total-goals
 * prices for matches another source owns. It names teams only, so it links by names and
 * kick-off and never creates a match.
 */
export const theOddsApiSource: SourceAdapter = {
  name: 'the-odds-api',
  provider: 'The Odds API v4',
  role: 'odds',
  licence:
    'The Odds API terms: no resale or redistribution as a data product (own API, feed or files); use in apps allowed (https://the-odds-api.com/terms-and-conditions.html)',
  // The free plan's 500 usage credits a month; one /odds call here costs 6 (docs page).
  defaultBudget: '500/month',
  // Each live poll of a sport with a live match costs 6 credits of the month's 500.
  liveIntervalMs: 15 * 60_000,
  environment: {
    url: 'ODDS_API_URL',
    defaultUrl: 'https://api.the-odds-api.com/v4',
    credentials: [KEY_VARIABLE],
  },
  credentials(env): Credentials {
    const [key] = credentialValues(
      env,
      'the-odds-api',
      [KEY_VARIABLE],
      'the API key The Odds API emailed you',
    );
    // The provider's only way to take the key: the `apiKey` query parameter (the kit strips it
    // from every address it prints).
    return { headers: {}, query: { apiKey: key as string } };
  },
  failureOf,
  pass: theOddsApiPass,
};

/**
 * The Odds API answers errors with `{"message", "error_code"}`: 401 for a bad key and for a
 * spent month (`OUT_OF_USAGE_CREDITS`: asked again next month), 429 `EXCEEDED_FREQ_LIMIT`
 * without a `Retry-After` (asked again in a second).
 */
function failureOf(status: number, body: unknown): ProviderFailure | undefined {
  if (status < 400) {
    return undefined;
  }
  const code = field(body, 'error_code');
  const reason = `The Odds API says ${String(field(body, 'message') ?? `HTTP ${status}`)}${
    typeof code === 'string' ? ` (${code})` : ''
  }`;
  if (code === 'OUT_OF_USAGE_CREDITS') {
    return { reason, retryAfterMs: untilNext('month') };
  }
  if (status === 429) {
    return { reason, retryAfterMs: 1_000 };
  }
  return status === 401 || status === 403 ? credentialsRefused(reason) : undefined;
}
