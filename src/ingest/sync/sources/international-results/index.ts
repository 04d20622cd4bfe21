import type { SourceAdapter } from '../../adapter.js';
import { readInternationalResults } from './pass.js';
import { SOURCE } from './read.js';

/**
 * martj42's international results (results.csv, goalscorers.csv, shootouts.csv; CC0-1.0), read
 * from disk: docs/sources/international-results.md.
 */
export const internationalResultsSource: SourceAdapter = {
  name: SOURCE,
  provider: 'martj42/international_results CSV files',
  role: 'fixtures',
  licence: 'martj42/international_results: CC0-1.0',
  defaultBudget: null,
  // The repository is updated after international windows; `--follow` re-reads it daily.
  liveIntervalMs: 86_400_000,
  environment: null,
  credentials: () => ({ headers: {}, query: {} }),
  pass: (scope) => readInternationalResults(scope),
};
