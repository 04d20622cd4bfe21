import { type EnvOf, integer, oneOf, type Reading, text } from './env.js';

/** Where the football data comes from while the server runs: the demo's live engine, or sources. */
export const SOURCES_ENV = {
  LIVE: oneOf(['demo', 'off']),
  LIVE_TICK_MS: integer(100, 600_000),
  LIVE_SEED: integer(1, 2_147_483_647),
  SOURCES: text({ pattern: '^ *[a-z0-9-]+ *(, *[a-z0-9-]+ *)*$' }),
  SOURCE_STALE_AFTER: integer(1, 86_400),
} as const;

export interface SourcesConfig {
  /**
   * LIVE (docs/live.md): `demo` moves the demo's matches in real time (the default on the
   * embedded database), `off` leaves the data as it is (the default with DATABASE_URL or
   * SOURCES).
   */
  readonly live: 'demo' | 'off';
  /** How often the live engine moves the matches (LIVE_TICK_MS, default 5 s). */
  readonly liveTickMs: number;
  /** The seed the demo data was generated with (LIVE_SEED; unset: the demo's default). */
  readonly liveSeed: number | undefined;
  /**
   * SOURCES (docs/sources.md): providers the server syncs in-process under the writer lease,
   * e.g. `football-data-org,the-odds-api`; none by default.
   */
  readonly sources: readonly string[];
  /**
   * SOURCE_STALE_AFTER, seconds (default 60): a source silent longer than this while it has live
   * matches makes the live lists answer 503 `upstream_unavailable` (DECISIONS.md "Sources").
   */
  readonly sourceStaleAfterSeconds: number;
}

export function readSources(
  env: EnvOf<typeof SOURCES_ENV> & { DATABASE_URL?: string | undefined },
): Reading<SourcesConfig> {
  return {
    problems: [],
    config: () => ({
      live: env.LIVE ?? (env.DATABASE_URL || env.SOURCES ? 'off' : 'demo'),
      liveTickMs: env.LIVE_TICK_MS ?? 5000,
      liveSeed: env.LIVE_SEED,
      sources: (env.SOURCES ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== ''),
      sourceStaleAfterSeconds: env.SOURCE_STALE_AFTER ?? 60,
    }),
  };
}
