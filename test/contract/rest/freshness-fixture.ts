import type { Database } from '../../../src/db/database.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { createMiniLeague, type TestApp } from './matches-fixture.js';

/** The app's "now": the heartbeats are written relative to it. */
export const NOW = '2026-11-22T10:00:00.000Z';
export const DAY = '2026-11-22';

/** The fixture source that owns the live match and a finished one. */
export const FIXTURES = 'football-data-org';
/** A fixture source, silent for a day, whose only match is finished. */
export const QUIET_FIXTURES = 'sportmonks';
/** An odds source linked to one match (not its owner). */
export const EXCHANGE = 'betfair';

export const LIVE = 7_800_001;
export const FINISHED = 7_800_002;
/** Finished, owned by the source that has been silent for a day. */
export const FINISHED_QUIET = 7_800_003;
/** Live, reached by no source (the demo's kind of match). */
export const LIVE_UNSOURCED = 7_800_004;
/** Exchange odds stored, linked to the exchange source. */
export const EXCHANGE_LINKED = 7_800_005;
/** Exchange odds stored, no source. */
export const EXCHANGE_OTHER = 7_800_006;

async function match(db: Database, id: number, status: 'live' | 'finished', kickoff: string) {
  await db.prisma.match.create({
    data: {
      id,
      competitionId: 77,
      homeTeamId: 7701 + (id % 2),
      awayTeamId: 7703 + (id % 2),
      status,
      kickoffUtc: new Date(kickoff),
      homeScore: 1,
      awayScore: 0,
      ...(status === 'live' ? { minute: '30' } : {}),
    },
  });
}

const link = (source: string, sourceId: string, entityId: number, owner: boolean) => ({
  source,
  kind: 'match' as const,
  sourceId,
  entityId,
  owner,
});

/**
 * A small league on 2026-11-22 (UTC): a live and a finished match of `football-data-org`, a
 * finished match of a source silent for a day, a live match no source reached, and two matches
 * with exchange odds, one of them linked to `betfair`. The app's clock stands at NOW; the
 * fixture source's heartbeat is fresh.
 */
export async function setUpSources(db: Database, env: Record<string, string> = {}) {
  await createMiniLeague(db);
  await match(db, LIVE, 'live', '2026-11-22T09:30:00.000Z');
  await match(db, FINISHED, 'finished', '2026-11-22T07:00:00.000Z');
  await match(db, FINISHED_QUIET, 'finished', '2026-11-22T06:00:00.000Z');
  await match(db, LIVE_UNSOURCED, 'live', '2026-11-22T09:15:00.000Z');
  await match(db, EXCHANGE_LINKED, 'finished', '2026-11-21T12:00:00.000Z');
  await match(db, EXCHANGE_OTHER, 'finished', '2026-11-21T14:00:00.000Z');
  await db.prisma.exchangeOdds.createMany({
    data: [EXCHANGE_LINKED, EXCHANGE_OTHER].map((matchId) => ({
      matchId,
      payload: JSON.stringify({ marketId: `1.${matchId}`, runners: [] }),
    })),
  });
  await db.prisma.externalId.createMany({
    data: [
      link(FIXTURES, '500001', LIVE, true),
      link(FIXTURES, '500002', FINISHED, true),
      link(QUIET_FIXTURES, '19000003', FINISHED_QUIET, true),
      link(FIXTURES, '500005', EXCHANGE_LINKED, true),
      link(EXCHANGE, '1.7800005', EXCHANGE_LINKED, false),
    ],
  });
  const clock = createFakeClock(NOW);
  const ago = (seconds: number) => new Date(clock.now().getTime() - seconds * 1000);
  await db.prisma.sourceState.createMany({
    data: [
      { source: FIXTURES, role: 'fixtures', lastSuccessAt: ago(5), requests: 40, passes: 20 },
      { source: QUIET_FIXTURES, role: 'fixtures', lastSuccessAt: ago(86_400), errors: 3 },
      { source: EXCHANGE, role: 'odds', lastSuccessAt: ago(5), requests: 7, refused: 1 },
    ],
  });
  const app = (await buildTestApp(db, { clock, env })) as TestApp;
  const { key } = await createAccountWithKey(db, 'Pro');

  /** The fixture source's heartbeat, `seconds` before the app's now. */
  const heartbeat = (source: string, seconds: number) =>
    db.prisma.sourceState.update({ where: { source }, data: { lastSuccessAt: ago(seconds) } });
  /** The newest answer of a resource: refused (`true`) or good again. */
  const refuse = (source: string, resource: string, refused: boolean) =>
    db.prisma.sourceResourceState.upsert({
      where: { source_resource: { source, resource } },
      create: {
        source,
        resource,
        refusedAt: refused ? clock.now() : null,
        refusal: refused ? 'does not parse' : null,
        address: `https://provider.test/${resource}`,
      },
      update: { refusedAt: refused ? clock.now() : null, refusal: refused ? 'x' : null },
    });
  return { app, key, clock, heartbeat, refuse };
}

/** Asks until `done` says yes, at most `ms` (the engine reads the sources once a second). */
export async function eventually<T>(
  ask: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 10_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await ask();
    if (done(value) || Date.now() > deadline) {
      return value;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
