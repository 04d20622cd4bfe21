import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPlans } from '../../../src/accounts/plans-seed.js';
import { internationalResultsSource } from '../../../src/ingest/sync/sources/international-results/index.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { graphql } from '../../helpers/graphql.js';
import { REAL_DATA_ROOT } from '../../helpers/real-data.js';
import { matchBySourceId, syncRunner, truncateSyncTables } from '../../helpers/sync.js';

/**
 * The martj42 international results converter on the real files (../shared/data/real/
 * international-asia, CC0): the 2024 Asian Cup's shoot-out (Saudi Arabia 1-1 South Korea,
 * South Korea through on penalties; the files give the winner, not the shoot-out's score) and
 * its next match, won in extra time (Australia 1-2 South Korea, Son 104'), on both doors; h2h
 * form counts the shoot-out as a draw.
 */
const DIR = resolve(REAL_DATA_ROOT, 'international-asia');
const present = existsSync(resolve(DIR, 'results.csv'));
if (!present) {
  console.warn(`${DIR} is absent: the international-results tests on real data are SKIPPED`);
}
const SOURCE = 'international-results';
const SHOOT_OUT = '2024-01-30|Saudi Arabia|South Korea';
const EXTRA_TIME = '2024-02-02|Australia|South Korea';

const describeReal: typeof describeEachDatabase = present
  ? describeEachDatabase
  : (title) => describe.skip(title, () => {});

describeReal('international-results on the real files', ({ db }) => {
  const prisma = () => db().prisma;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let key: string;
  const get = async (path: string) => {
    const r = await app.inject({ url: `/v1/football${path}`, headers: { 'x-api-key': key } });
    expect(r.statusCode, path).toBe(200);
    return (r.json() as { data: Record<string, unknown> }).data;
  };

  beforeAll(async () => {
    await truncateSyncTables(prisma());
    const report = await syncRunner(prisma(), internationalResultsSource, {
      scope: { paths: [DIR], competitions: ['AFC Asian Cup'], season: 2024 },
      now: () => new Date('2025-02-01T00:00:00Z'),
    }).pass('full');
    expect(report).toMatchObject({ ok: true });
    await seedPlans(prisma());
    app = await buildTestApp(db());
    ({ key } = await createAccountWithKey(db(), 'Pro'));
  }, 300_000);
  afterAll(() => app?.close());

  it('stores the Asian Cup 2024: competition, national teams, matches, goals', async () => {
    // 51 matches in the 2024 tournament (played January-February 2024).
    expect(await prisma().match.count()).toBe(51);
    expect(await prisma().competition.findFirstOrThrow()).toMatchObject({
      code: 'AFC-ASIAN-CUP',
      nameEn: 'AFC Asian Cup',
      region: 'Asia',
      type: 'cup',
    });
    expect(await prisma().competition.count()).toBe(1);
    expect(await prisma().team.count()).toBe(24);
    const shootOut = await matchBySourceId(prisma(), SOURCE, SHOOT_OUT);
    expect(shootOut).toMatchObject({ status: 'finished', home: 1, away: 1 });
    const stored = await prisma().match.findUniqueOrThrow({ where: { id: shootOut?.id ?? 0 } });
    expect(stored).toMatchObject({
      decidedBy: 'penalties',
      winner: 'away',
      penHomeScore: null,
      penAwayScore: null,
    });
    const events = await prisma().matchEvent.findMany({
      where: { matchId: stored.id },
      orderBy: { seq: 'asc' },
    });
    expect(
      events.map((e: { minute: number; type: string; side: string; player: string | null }) => [
        e.minute,
        e.type,
        e.side,
        e.player,
      ]),
    ).toEqual([
      [46, 'goal', 'home', 'Abdullah Radif'],
      [90, 'goal', 'away', 'Cho Gue-sung'],
    ]);
  });

  it('serves the shoot-out with its winner on both doors, score.current the contract score', async () => {
    const id = (await matchBySourceId(prisma(), SOURCE, SHOOT_OUT))?.id;
    const match = await get(`/matches/${id}`);
    expect(match['score']).toEqual({ current: '1-1', decidedBy: 'penalties', winner: 'away' });
    const response = await graphql(
      app,
      `{ match(id: ${id}) { score { current } result { phase regularTime extraTime penalties winner } } }`,
      { key },
    );
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data?.['match']).toEqual({
      score: { current: '1-1' },
      result: {
        phase: 'AFTER_PENALTIES',
        regularTime: null,
        extraTime: null,
        penalties: null,
        winner: 'AWAY',
      },
    });
  });

  it('a match won in extra time: its goals after the 90th minute are extra time', async () => {
    const id = (await matchBySourceId(prisma(), SOURCE, EXTRA_TIME))?.id;
    const match = await get(`/matches/${id}`);
    expect(match['score']).toEqual({
      current: '1-2',
      regularTime: '1-1',
      extraTime: '0-1',
      decidedBy: 'extra_time',
      winner: 'away',
    });
  });

  it('h2h form counts the shoot-out as a draw and says who went through, on both doors', async () => {
    const id = (await matchBySourceId(prisma(), SOURCE, EXTRA_TIME))?.id;
    const h2h = (await get(`/matches/${id}/h2h`)) as {
      form: { away: { score: string; result: string; opponent: { name: string } }[] };
    };
    // South Korea (away) before the quarter-final: the last 16 on penalties first.
    expect(h2h.form.away[0]).toMatchObject({
      opponent: { name: 'Saudi Arabia' },
      score: '1-1',
      result: 'D',
      decidedBy: 'penalties',
      winner: 'away',
    });
    const response = await graphql(
      app,
      `{ match(id: ${id}) { h2h { form { away { score result decidedBy winner penalties } } } } }`,
      { key },
    );
    expect(response.body.errors).toBeUndefined();
    const found = response.body.data?.['match'] as
      | { h2h: { form: { away: unknown[] } } }
      | undefined;
    const form = found?.h2h.form.away ?? [];
    expect(form[0]).toEqual({
      score: '1-1',
      result: 'D',
      decidedBy: 'PENALTIES',
      winner: 'AWAY',
      penalties: null,
    });
  });

  it('the tournament is a cup without tables: the files name no groups, so no standings', async () => {
    const list = (await get('/competitions')) as unknown as {
      code: string;
      type: string;
      coverage: Record<string, boolean>;
    }[];
    const cup = list.find((c) => c.code === 'AFC-ASIAN-CUP');
    expect(cup).toMatchObject({ type: 'cup', coverage: { standings: false, events: true } });
  });

  it('a second pass over the same files writes nothing', async () => {
    const again = await syncRunner(prisma(), internationalResultsSource, {
      scope: { paths: [DIR], competitions: ['AFC Asian Cup'], season: 2024 },
      now: () => new Date('2025-02-01T00:00:00Z'),
    }).pass('full');
    expect(again).toMatchObject({ ok: true, changes: 0 });
  });
});
