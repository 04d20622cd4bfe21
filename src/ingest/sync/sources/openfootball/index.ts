import type { SourceAdapter } from '../../adapter.js';
import { readOpenfootball } from './pass.js';
import { SOURCE } from './read.js';

/**
 * openfootball's football.json files (fixtures and results, public domain), read from disk:
 * docs/sources/openfootball.md.
 */
export const openfootballSource: SourceAdapter = {
  name: SOURCE,
  provider: 'openfootball football.json files',
  role: 'fixtures',
  licence: 'openfootball football.json: public domain (CC0-1.0)',
  defaultBudget: null,
  // The files are updated after match days; `--follow` re-reads them hourly.
  liveIntervalMs: 3_600_000,
  environment: null,
  credentials: () => ({ headers: {}, query: {} }),
  pass: (scope) => readOpenfootball(scope),
};
