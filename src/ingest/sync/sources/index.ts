import type { SourceAdapter } from '../adapter.js';

/**
 * Every source `touchline sync` knows, by name (docs/sources.md). Adapters load on demand: a
 * command that syncs one source never loads the others.
 */
const SOURCES: Record<string, () => Promise<SourceAdapter>> = {
  'football-data-org': async () =>
    (await import('./football-data-org/index.js')).footballDataOrgSource,
  'api-football': async () => (await import('./api-football/index.js')).apiFootballSource,
  // A Sportmonks source remembers its last live pass: one per run.
  sportmonks: async () => new (await import('./sportmonks/index.js')).SportmonksSource(),
  'the-odds-api': async () => (await import('./the-odds-api/index.js')).theOddsApiSource,
  betfair: async () => (await import('./betfair/index.js')).betfairSource,
  'football-data-co-uk': async () =>
    (await import('./football-data-co-uk/index.js')).footballDataCoUkSource,
  openfootball: async () => (await import('./openfootball/index.js')).openfootballSource,
  'international-results': async () =>
    (await import('./international-results/index.js')).internationalResultsSource,
};

export const SOURCE_NAMES: readonly string[] = Object.keys(SOURCES);

/** The adapter of `name`, or undefined for a name no source has. */
export async function loadSource(name: string): Promise<SourceAdapter | undefined> {
  return SOURCES[name]?.();
}
