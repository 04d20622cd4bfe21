import type { PrismaClient } from '../../src/db/generated/client.js';
import { embeddedLease } from '../../src/ingest/live/writer-lease.js';
import type { SourceAdapter } from '../../src/ingest/sync/adapter.js';
import { aliasGroups } from '../../src/ingest/sync/aliases/index.js';
import { seedNameGroups } from '../../src/ingest/sync/identity/name-groups.js';
import { type SyncOptions, SyncRunner } from '../../src/ingest/sync/runner.js';
import { footballDataOrgSource } from '../../src/ingest/sync/sources/football-data-org/index.js';
import {
  loadSession,
  type ProviderStandIn,
  type RecordedSession,
  startStandIn,
} from './provider-stand-in.js';

/**
 * Shared set-up of the sync integration tests (test/integration/sync/): a runner of one source
 * against its stand-in (or its files), the fixtures an odds source links to, a clean store
 * between tests, and the stored rows a test reads back by the source's own ids.
 */

/** Every table a sync pass writes or reads; the match children go with `matches` (CASCADE). */
const SYNC_TABLES = [
  'matches',
  'teams',
  'competitions',
  'bookmakers',
  'external_ids',
  'aliases',
  'search_terms',
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
  /** The time every pass stands for (`now` pinned), ISO. */
  at?: string;
  /** The provider's competitions to read (`scope.competitions`; `scope` overrides). */
  competitions?: readonly string[];
}

/**
 * A `SyncRunner` of `adapter` with the test defaults: one pass at a time (`follow: false`), the
 * embedded lease, JSON report lines, `TEST_HTTP`, a budget no test reaches. Options override.
 */
export function syncRunner(
  prisma: PrismaClient,
  adapter: SourceAdapter,
  { standIn, key, lines = [], at, competitions, ...options }: TestRunnerOptions = {},
): SyncRunner {
  return new SyncRunner({
    db: prisma,
    adapter,
    env: standIn ? standInEnv(adapter, standIn, key) : {},
    follow: false,
    scope: competitions ? { competitions, paths: [] } : { paths: [] },
    lease: embeddedLease(),
    leasePollMs: 10,
    signal: new AbortController().signal,
    now: at ? () => new Date(at) : () => new Date(),
    onChanged: async () => {},
    report: (line) => lines.push(line),
    json: true,
    http: TEST_HTTP,
    budget: '1000/minute',
    ...options,
  });
}

/**
 * The adapter, remembering what its passes threw (the runner reports only the message). The
 * adapter is the prototype, so a class's methods and state (Sportmonks') stay its own.
 */
export function capturing(adapter: SourceAdapter): SourceAdapter & { thrown: unknown[] } {
  const thrown: unknown[] = [];
  const watched: SourceAdapter = Object.create(adapter);
  watched.pass = (scope, http) =>
    adapter.pass(scope, http).catch((error: unknown) => {
      thrown.push(error);
      throw error;
    });
  return Object.assign(watched, { thrown });
}

/**
 * Fills the store from a football-data.org session (the fixture source the odds sources link
 * to), at its first step, with the known names seeded first (the demo's clubs and
 * `aliasPaths`) so a club takes its group's names, as `touchline sync` does before a first pass.
 */
export async function fillFixtures(
  prisma: PrismaClient,
  session: string,
  { aliasPaths = [] }: { aliasPaths?: readonly string[] } = {},
): Promise<void> {
  await seedNameGroups(prisma, await aliasGroups(aliasPaths));
  const standIn = await startStandIn(loadSession('football-data-org', session));
  try {
    const report = await syncRunner(prisma, footballDataOrgSource, {
      standIn,
      competitions: ['PL'],
    }).pass('full');
    if (!report.ok) {
      throw new Error(`fixtures: ${report.error}`);
    }
  } finally {
    await standIn.stop();
  }
}

/** A pass of a replayed session: the step the stand-in moves to, the kind, the time it stands for. */
export type ReplayedPass = readonly [step: string, kind: 'full' | 'live', at: string];

/**
 * Replays `session` pass by pass, each after the stand-in moved to its step; resolves to the
 * passes' errors (all undefined: every pass succeeded).
 */
export async function replaySession(
  prisma: PrismaClient,
  adapter: SourceAdapter,
  session: RecordedSession,
  competitions: readonly string[],
  passes: readonly ReplayedPass[],
): Promise<(string | undefined)[]> {
  const standIn = await startStandIn(session);
  try {
    const errors: (string | undefined)[] = [];
    for (const [step, kind, at] of passes) {
      standIn.step(step);
      const runner = syncRunner(prisma, adapter, { standIn, competitions, at });
      errors.push((await runner.pass(kind)).error);
    }
    return errors;
  } finally {
    await standIn.stop();
  }
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

/** The touchline id a source's id leads to; throws when the source has stored none. */
export async function entityOf(
  prisma: PrismaClient,
  source: string,
  kind: 'match' | 'team' | 'bookmaker' | 'competition' | 'player',
  sourceId: string,
): Promise<number> {
  const row = await prisma.externalId.findUnique({
    where: { source_kind_sourceId: { source, kind, sourceId } },
  });
  if (!row) {
    throw new Error(`${source} has stored no ${kind} ${sourceId}`);
  }
  return row.entityId;
}

/** The stored odds of a source's match at a source's bookmaker in one market. */
export async function storedOdds(
  prisma: PrismaClient,
  source: string,
  match: string,
  bookmaker: string,
  market: 'had' | 'hdp' | 'hilo',
) {
  const [matchId, bookmakerId] = await Promise.all([
    entityOf(prisma, source, 'match', match),
    entityOf(prisma, source, 'bookmaker', bookmaker),
  ]);
  return prisma.odds.findUniqueOrThrow({
    where: { matchId_bookmakerId_market: { matchId, bookmakerId, market } },
  });
}

/** What a source's last answers left refused (a resource's route answers 502 meanwhile). */
export function refusedResources(prisma: PrismaClient, source: string) {
  return prisma.sourceResourceState.findMany({ where: { source, refusedAt: { not: null } } });
}

/** Pairs of (this source's match id, `other`'s match id) naming the same stored match. */
export async function sameMatches(
  prisma: PrismaClient,
  source: string,
  other: string,
): Promise<[string, string][]> {
  const rows = await prisma.$queryRawUnsafe<{ mine: string; theirs: string }[]>(
    `SELECT a.source_id AS mine, b.source_id AS theirs
       FROM external_ids a JOIN external_ids b ON b.entity_id = a.entity_id AND b.kind = 'match'
      WHERE a.kind = 'match' AND a.source = $1 AND b.source = $2
      ORDER BY b.source_id, a.source_id`,
    source,
    other,
  );
  return rows.map((r) => [r.mine, r.theirs]);
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
