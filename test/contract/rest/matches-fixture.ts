import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../src/db/database.js';
import type { Deps } from '../../../src/deps.js';
import { runDemo } from '../../../src/ingest/demo/index.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';

/** "Now" of the demo data and of the app's clock: 18:00 in Hong Kong on 2026-11-22. */
export const NOW = '2026-11-22T10:00:00.000Z';

/** A hand-made fixture at 16:30 UTC: 00:30 of the next day in Hong Kong. */
export const LATE_MATCH_ID = 9_000_001;

export type TestApp = FastifyInstance & { deps: Deps };

/** Demo data (300 matches, seed 7) plus one late-evening fixture, an app and a Pro key. */
export async function setUpMatches(db: Database, env: Record<string, string> = {}) {
  const clock = createFakeClock(NOW);
  await runDemo(db.prisma, { matches: 300, seed: 7, now: new Date(NOW) });
  const csl = await db.prisma.team.findMany({ where: { id: { gte: 300, lt: 400 } }, take: 2 });
  const [home, away] = csl;
  if (!home || !away) {
    throw new Error('demo data has no Chinese Super League clubs');
  }
  await db.prisma.match.create({
    data: {
      id: LATE_MATCH_ID,
      competitionId: 3,
      homeTeamId: home.id,
      awayTeamId: away.id,
      status: 'scheduled',
      kickoffUtc: new Date('2026-11-23T16:30:00.000Z'),
    },
  });
  const app = (await buildTestApp(db, { clock, env })) as TestApp;
  const pro = await createAccountWithKey(db, 'Pro');
  return { app, clock, key: pro.key };
}

export const auth = (key: string, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${key}`,
  ...extra,
});

/** Every property path holding null, except the required-nullable ones of spec 2.4 and 2.5. */
export function nullPaths(value: unknown, path = ''): string[] {
  if (value === null) {
    return /(competition\.(name|nameOriginal)|cards\.(home|away)\.(yellow|red))$/.test(path)
      ? []
      : [path];
  }
  if (typeof value !== 'object') {
    return [];
  }
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    nullPaths(v, path ? `${path}.${k}` : k),
  );
}

/** Hand-made reference data: one competition and four teams with Chinese original names. */
export async function createMiniLeague(db: Database) {
  await db.prisma.competition.create({
    data: {
      id: 77,
      code: 'TST',
      nameEn: 'Test League',
      nameZhCn: '测试联赛',
      nameZhHk: '測試聯賽',
      nameOriginal: '測試聯賽',
      region: 'Asia',
    },
  });
  const teams = ['甲', '乙', '丙', '丁'].map((c, i) => ({
    id: 7701 + i,
    nameOriginal: `${c}隊`,
    nameEn: `Team ${'ABCD'[i]}`,
    nameZhCn: `${c}队`,
    nameZhHk: `${c}隊`,
  }));
  await db.prisma.team.createMany({ data: teams });
}

let nextId = 7_700_001;

/** A finished (or other) match of the mini league; scores `[home, away]`, ids ascending. */
export async function playMatch(
  db: Database,
  home: number,
  away: number,
  kickoff: string,
  score: [number, number] | null,
  status: 'finished' | 'scheduled' | 'abandoned' = 'finished',
) {
  const id = nextId++;
  await db.prisma.match.create({
    data: {
      id,
      competitionId: 77,
      homeTeamId: home,
      awayTeamId: away,
      status,
      kickoffUtc: new Date(kickoff),
      ...(score ? { homeScore: score[0], awayScore: score[1] } : {}),
    },
  });
  return id;
}
