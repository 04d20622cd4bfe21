import type { PrismaClient } from '../../src/db/generated/client.js';
import { embeddedLease } from '../../src/ingest/live/writer-lease.js';
import type { SourceAdapter } from '../../src/ingest/sync/adapter.js';
import { type SyncOptions, SyncRunner } from '../../src/ingest/sync/runner.js';
import type { ProviderStandIn, RecordedAnswer, RecordedSession } from './provider-stand-in.js';

/**
 * Shared set-up of the sync integration tests (test/integration/sync/): a runner of one source
 * against its stand-in (or its files), a clean store between tests, and the stored rows a test
 * reads back by the source's own ids.
 */

/** Every table a sync pass writes or reads; the match children go with `matches` (CASCADE). */
const SYNC_TABLES = [
  'matches',
  'teams',
  'competitions',
  'bookmakers',
  'external_ids',
  'aliases',
  'name_groups',
  'unmatched_entities',
  'competition_sources',
  'change_log',
  'source_state',
  'source_resource_state',
  'source_budget_windows',
];

/** Empties the store a sync fills (call it in `beforeEach`). */
export async function truncateSyncTables(prisma: PrismaClient): Promise<void> {
  await prisma.$executeRawUnsafe(`TRUNCATE ${SYNC_TABLES.join(', ')} CASCADE`);
}

/** Quick retries and no budget waits: a test fault is over in well under a second. */
export const TEST_HTTP = { timeoutMs: 300, retries: 2, maxRetryAfterMs: 2_000, maxBudgetWaitMs: 0 };

/**
 * The environment a network source needs to read the stand-in: its address variable, and every
 * credential variable set to the session's key (or `key`, to try a wrong one).
 */
export function standInEnv(
  adapter: SourceAdapter,
  standIn: ProviderStandIn,
  key = standIn.session.auth?.value ?? 'no-key-needed',
): Record<string, string> {
  const environment = adapter.environment;
  if (!environment) {
    return {};
  }
  return {
    [environment.url]: standIn.url,
    ...Object.fromEntries(environment.credentials.map((name) => [name, key])),
  };
}

export interface TestRunnerOptions extends Partial<SyncOptions> {
  /** Where a network source reads (file sources: none, give `scope.paths`). */
  standIn?: ProviderStandIn;
  /** A credential other than the session's (a bad key). */
  key?: string;
  /** Receives the runner's report lines. */
  lines?: string[];
}

/**
 * A `SyncRunner` of `adapter` with the test defaults: one pass at a time (`follow: false`), the
 * embedded lease, JSON report lines, `TEST_HTTP`, a budget no test reaches. Options override.
 */
export function syncRunner(
  prisma: PrismaClient,
  adapter: SourceAdapter,
  { standIn, key, lines = [], ...options }: TestRunnerOptions = {},
): SyncRunner {
  return new SyncRunner({
    db: prisma,
    adapter,
    env: standIn ? standInEnv(adapter, standIn, key) : {},
    follow: false,
    scope: { paths: [] },
    lease: embeddedLease(),
    leasePollMs: 10,
    signal: new AbortController().signal,
    now: () => new Date(),
    onChanged: async () => {},
    report: (line) => lines.push(line),
    json: true,
    http: TEST_HTTP,
    budget: '1000/minute',
    ...options,
  });
}

/** A stored match as the live tests follow it. */
export interface StoredMatch {
  id: number;
  status: string;
  minute: string | null;
  home: number | null;
  away: number | null;
  ht: number | null;
  kickoff: Date;
}

/** The stored match a source knows as `sourceId`, or undefined. */
export async function matchBySourceId(
  prisma: PrismaClient,
  source: string,
  sourceId: string,
): Promise<StoredMatch | undefined> {
  const rows = await prisma.$queryRawUnsafe<StoredMatch[]>(
    `SELECT m.id, m.status::text AS status, m.minute, m.home_score AS home, m.away_score AS away,
            m.ht_home_score AS ht, m.kickoff_utc AS kickoff
       FROM external_ids e JOIN matches m ON m.id = e.entity_id
      WHERE e.source = $1 AND e.kind = 'match' AND e.source_id = $2`,
    source,
    sourceId,
  );
  return rows[0];
}

/** The touchline id of the match a source knows as `sourceId`; throws when none is stored. */
export async function matchIdBySourceId(
  prisma: PrismaClient,
  source: string,
  sourceId: string,
): Promise<number> {
  const match = await matchBySourceId(prisma, source, sourceId);
  if (!match) {
    throw new Error(`${source} has stored no match ${sourceId}`);
  }
  return match.id;
}

/** Rows of every table a pass writes, in a stable order: "a failed pass wrote nothing". */
export async function storeSnapshot(prisma: PrismaClient): Promise<Record<string, unknown[]>> {
  const tables = [
    'competitions',
    'teams',
    'matches',
    'match_events',
    'match_statistics',
    'lineup_teams',
    'lineup_players',
    'bookmakers',
    'odds',
    'odds_movements',
    'exchange_odds',
    'external_ids',
    'change_log',
  ];
  const snapshot: Record<string, unknown[]> = {};
  for (const table of tables) {
    snapshot[table] = await prisma.$queryRawUnsafe<unknown[]>(
      `SELECT to_jsonb(t) AS row FROM ${table} t ORDER BY to_jsonb(t)::text`,
    );
  }
  return snapshot;
}

/**
 * One recorded session after another, as one stand-in replays them: `first`'s steps, then each
 * of `then`'s (the provider and its key are `first`'s). An answer an earlier session recorded
 * stays served until a later step records another, as within one session.
 */
export function chainSessions(
  first: RecordedSession,
  ...then: readonly RecordedSession[]
): RecordedSession {
  return {
    ...first,
    description: [first, ...then].map((s) => s.description).join(' Then: '),
    sources: [...new Set([first, ...then].flatMap((s) => s.sources))],
    steps: [first, ...then].flatMap((s) => s.steps),
  };
}

/** The answer a session's step recorded for `path` (and `query`), to queue it ahead of a fault. */
export function recordedAnswer(
  session: RecordedSession,
  step: string,
  path: string,
  query: Record<string, string> = {},
): RecordedAnswer {
  const answer = session.steps
    .find((s) => s.name === step)
    ?.answers.find(
      (a) =>
        a.path === path &&
        JSON.stringify(Object.entries(a.query ?? {}).sort()) ===
          JSON.stringify(Object.entries(query).sort()),
    );
  if (!answer) {
    throw new Error(`${session.provider}: step ${step} recorded no answer for ${path}`);
  }
  return answer;
}
