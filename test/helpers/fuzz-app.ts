import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../src/deps.js';
import { analyzeAll } from '../../src/ingest/analyze/analyze.js';
import { runDemo } from '../../src/ingest/demo/index.js';
import { createAccountWithKey } from './access.js';
import { buildTestApp } from './app.js';
import { createFakeClock } from './clock.js';
import { createTestDatabase, type TestDatabase } from './db.js';
import { DEMO_NOW, DEMO_SEED } from './demo-fixture.js';
import {
  createOpenApiHarness,
  type OpenApiDocument,
  type OpenApiHarness,
} from './openapi-validator.js';

/**
 * The app the fuzz properties hit: embedded PGlite with a small demo (enough rows for 200s on
 * every route, small enough to load in seconds), limits raised so 429s never mask what a
 * request would otherwise get, and keys of every kind the access policy distinguishes.
 */

/** Matches in the fuzz demo: every route has rows to answer 200 from, and loading stays quick. */
const FUZZ_MATCHES = 24;
/** Per-minute, daily and free allowances high enough that no property run meets a 429. */
const UNLIMITED = 100_000_000;

export interface FuzzKeys {
  /** Pro, limits raised: the key most runs use. */
  pro: string;
  /** Free, limits raised: analysis routes answer 403 `tier_insufficient`. */
  free: string;
  /** Pro, expired a day before the clock: 403 `key_expired`. */
  expired: string;
}

export interface FuzzIds {
  matchIds: number[];
  bookmakerIds: number[];
  /** Raw bookmaker names (the movement route accepts them; some hold `*` and CJK). */
  bookmakerNames: string[];
}

export interface FuzzFixture {
  app: FastifyInstance & { deps: Deps };
  database: TestDatabase;
  keys: FuzzKeys;
  ids: FuzzIds;
  harness: OpenApiHarness;
  close(): Promise<void>;
}

async function raiseLimits(database: TestDatabase): Promise<void> {
  for (const tier of ['Free', 'Plus', 'Pro'] as const) {
    await database.prisma.tierLimit.update({
      where: { tier },
      data: { dailyQuota: UNLIMITED, ratePerMinute: UNLIMITED, freeMatchesDailyQuota: UNLIMITED },
    });
  }
}

export async function createFuzzFixture(): Promise<FuzzFixture> {
  const database = await createTestDatabase('pglite');
  const app = await buildTestApp(database, { clock: createFakeClock(DEMO_NOW) });
  try {
    await runDemo(database.prisma, { matches: FUZZ_MATCHES, seed: DEMO_SEED, now: DEMO_NOW });
    await analyzeAll(database.prisma);
    // Before any key exists or any request runs: nothing has cached the plans yet.
    await raiseLimits(database);
    const keys: FuzzKeys = {
      pro: (await createAccountWithKey(database, 'Pro')).key,
      free: (await createAccountWithKey(database, 'Free')).key,
      expired: (
        await createAccountWithKey(database, 'Pro', {
          expiresAt: new Date(DEMO_NOW.getTime() - 86_400_000),
        })
      ).key,
    };
    const matches = await database.prisma.match.findMany({ select: { id: true }, take: 8 });
    const bookmakers = await database.prisma.bookmaker.findMany({
      select: { id: true, name: true },
      orderBy: { id: 'asc' },
      take: 12,
    });
    const ids: FuzzIds = {
      matchIds: matches.map((m) => m.id),
      bookmakerIds: bookmakers.map((b) => b.id),
      bookmakerNames: bookmakers.map((b) => b.name),
    };
    const document = (await app.inject('/v1/openapi.json')).json() as OpenApiDocument;
    const harness = createOpenApiHarness(document);
    return {
      app,
      database,
      keys,
      ids,
      harness,
      async close() {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await app.close();
    await database.close();
    throw error;
  }
}

/**
 * fast-check settings shared by the fuzz files: a fixed seed by default so CI is repeatable;
 * `FUZZ_SEED=<n>` replays a reported failure, `FUZZ_SEED=random` explores, `FUZZ_RUNS=<factor>`
 * scales every property's number of runs for a deeper local session, `FUZZ_NO_SHRINK=1` reports
 * the first failing input as generated (no shrinking).
 */
export function fuzzParameters(numRuns: number) {
  const seedText = process.env['FUZZ_SEED'];
  const factor = Number(process.env['FUZZ_RUNS'] ?? '1');
  const seed =
    seedText === 'random'
      ? Date.now() ^ (Math.random() * 0x100000000)
      : seedText
        ? Number(seedText)
        : 20_261_122;
  // A failure is reported with its seed, path and shrunk counterexample.
  return {
    seed,
    numRuns: Math.max(1, Math.round(numRuns * (Number.isFinite(factor) ? factor : 1))),
  };
}
