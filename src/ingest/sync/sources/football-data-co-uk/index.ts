import type { SourceAdapter } from '../../adapter.js';
import { SOURCE } from './csv.js';
import { readFootballData } from './pass.js';

/**
 * football-data.co.uk's CSV files (season files, the weekly fixtures.csv and the all-seasons
 * files of the extra leagues), read from disk: docs/sources/football-data-co-uk.md.
 */
export const footballDataCoUkSource: SourceAdapter = {
  name: SOURCE,
  provider: 'football-data.co.uk CSV files',
  role: 'fixtures',
  licence:
    'football-data.co.uk: free to download, no open-data licence; third-party data, not for redistribution',
  defaultBudget: null,
  // The files change a few times a week; `--follow` re-reads them hourly.
  liveIntervalMs: 3_600_000,
  environment: null,
  credentials: () => ({ headers: {}, query: {} }),
  pass: (scope) => readFootballData(scope),
};
