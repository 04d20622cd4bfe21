import type { PrismaClient } from '../../../src/db/generated/client.js';
import { embeddedLease } from '../../../src/ingest/live/writer-lease.js';
import type { SourceAdapter } from '../../../src/ingest/sync/adapter.js';
import { aliasGroups } from '../../../src/ingest/sync/aliases/index.js';
import { seedNameGroups } from '../../../src/ingest/sync/identity/name-groups.js';
import { type SyncOptions, SyncRunner } from '../../../src/ingest/sync/runner.js';
import { footballDataOrgSource } from '../../../src/ingest/sync/sources/football-data-org/index.js';
import {
  loadSession,
  type ProviderStandIn,
  type RecordedSession,
  type RecordedStep,
  startStandIn,
} from '../../helpers/provider-stand-in.js';

/**
 * Set-up of the odds and identity sync tests, in the shape of the shared test/helpers/sync.ts
 * (branch sync-fix): these files move to it once it is on main.
 */

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

export async function truncateSyncTables(prisma: PrismaClient): Promise<void> {
  await prisma.$executeRawUnsafe(`TRUNCATE ${SYNC_TABLES.join(', ')} CASCADE`);
}

/** Every credential of the adapter set to the session's key (or `key`, a wrong one). */
function standInEnv(adapter: SourceAdapter, standIn: ProviderStandIn, key?: string) {
  const environment = adapter.environment;
  if (!environment) {
    return {};
  }
  const value = key ?? standIn.session.auth?.value ?? 'no-key-needed';
  return {
    [environment.url]: standIn.url,
    ...Object.fromEntries(environment.credentials.map((name) => [name, value])),
  };
}

export interface TestRunnerOptions extends Partial<SyncOptions> {
  standIn?: ProviderStandIn;
  key?: string;
  lines?: string[];
}

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
    http: { timeoutMs: 300, retries: 2, maxRetryAfterMs: 2_000, maxBudgetWaitMs: 0 },
    budget: '1000/minute',
    ...options,
  });
}

/**
 * The session with one more step (a broken answer) after the step `after` (default: the last),
 * so that what it does not answer is served as at `after`.
 */
export function withStep(
  session: RecordedSession,
  step: RecordedStep,
  after = session.steps.at(-1)?.name,
): RecordedSession {
  const at = session.steps.findIndex((s) => s.name === after) + 1;
  return { ...session, steps: [...session.steps.slice(0, at), step, ...session.steps.slice(at)] };
}

/** The adapter, remembering what its last pass threw (the runner reports only the message). */
export function capturing(adapter: SourceAdapter): SourceAdapter & { thrown: unknown[] } {
  const thrown: unknown[] = [];
  return {
    ...adapter,
    thrown,
    pass: (scope, http) =>
      adapter.pass(scope, http).catch((error: unknown) => {
        thrown.push(error);
        throw error;
      }),
  };
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

/**
 * Fills the store from a football-data.org session (the fixture source the odds sources link
 * to), with the known names seeded first so a club takes its group's names as aliases.
 */
export async function fillFixtures(
  prisma: PrismaClient,
  session: string,
  options: { step?: string; aliasPaths?: readonly string[] } = {},
): Promise<void> {
  await seedNameGroups(prisma, await aliasGroups(options.aliasPaths ?? []));
  const standIn = await startStandIn(loadSession('football-data-org', session));
  try {
    if (options.step) {
      standIn.step(options.step);
    }
    const report = await syncRunner(prisma, footballDataOrgSource, {
      standIn,
      scope: { competitions: ['PL'], paths: [] },
    }).pass('full');
    if (!report.ok) {
      throw new Error(`fixtures: ${report.error}`);
    }
  } finally {
    await standIn.stop();
  }
}

/** The touchline id a source's id leads to. */
export async function entityOf(
  prisma: PrismaClient,
  source: string,
  kind: 'match' | 'team' | 'bookmaker' | 'competition',
  sourceId: string,
): Promise<number> {
  const row = await prisma.externalId.findUniqueOrThrow({
    where: { source_kind_sourceId: { source, kind, sourceId } },
  });
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
