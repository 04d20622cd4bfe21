import { afterEach, beforeEach } from 'vitest';
import type { PrismaClient } from '../../src/db/generated/client.js';
import type { SourceAdapter } from '../../src/ingest/sync/adapter.js';
import type { PassReport } from '../../src/ingest/sync/runner.js';
import { type ProviderStandIn, type RecordedSession, startStandIn } from './provider-stand-in.js';
import { capturing, syncRunner, type TestRunnerOptions, truncateSyncTables } from './sync.js';

/** One network source under test, as `useSourceUnderTest` sets it up. */
export interface SourceUnderTest {
  /** Starts the stand-in replaying `session`; it is stopped after the test. */
  start(session: RecordedSession): Promise<ProviderStandIn>;
  /** One pass standing for the time `at` against the started stand-in. */
  pass(kind: 'full' | 'live', at: string, options?: TestRunnerOptions): Promise<PassReport>;
  /** What the adapter threw in this test's passes (the runner reports only the message). */
  readonly thrown: unknown[];
  /** The runner's report lines of this test. */
  readonly lines: string[];
}

/**
 * The set-up of a test file of one network source, called inside `describeEachDatabase`: the
 * store emptied before each test, the adapter's throws and the report lines kept per test, the
 * stand-in stopped after it. Every pass reads `competitions`.
 */
export function useSourceUnderTest(
  prisma: () => PrismaClient,
  adapter: SourceAdapter,
  competitions: readonly string[],
): SourceUnderTest {
  let standIn: ProviderStandIn | undefined;
  let watched = capturing(adapter);
  let lines: string[] = [];

  beforeEach(async () => {
    await truncateSyncTables(prisma());
    watched = capturing(adapter);
    lines = [];
  });
  afterEach(async () => {
    await standIn?.stop();
    standIn = undefined;
  });

  return {
    async start(session) {
      standIn = await startStandIn(session);
      return standIn;
    },
    pass: (kind, at, options = {}) =>
      syncRunner(prisma(), watched, {
        ...(standIn ? { standIn } : {}),
        lines,
        competitions,
        at,
        ...options,
      }).pass(kind),
    get thrown() {
      return watched.thrown;
    },
    get lines() {
      return lines;
    },
  };
}
