import { resolve } from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { aliasGroups } from '../../../src/ingest/sync/aliases/index.js';
import { listUnmatched } from '../../../src/ingest/sync/identity/mapping.js';
import { seedNameGroups } from '../../../src/ingest/sync/identity/name-groups.js';
import { writePass } from '../../../src/ingest/sync/pass-writer.js';
import { betfairSource } from '../../../src/ingest/sync/sources/betfair/index.js';
import { footballDataCoUkSource } from '../../../src/ingest/sync/sources/football-data-co-uk/index.js';
import { openfootballSource } from '../../../src/ingest/sync/sources/openfootball/index.js';
import { theOddsApiSource } from '../../../src/ingest/sync/sources/the-odds-api/index.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { loadSession, startStandIn } from '../../helpers/provider-stand-in.js';
import { NAME_ALIASES_DIR, OPENFOOTBALL_DIR } from '../../helpers/real-data.js';
import {
  entityOf,
  fillFixtures,
  sameMatches,
  syncRunner,
  truncateSyncTables,
} from '../../helpers/sync.js';

const CO_UK = resolve(import.meta.dirname, '../../fixtures/football-data-co-uk/epl-2024-25');

describeEachDatabase('one identity across sources', ({ db }) => {
  const prisma = () => db().prisma;
  const team = async (source: string, sourceId: string) =>
    prisma().team.findUniqueOrThrow({
      where: { id: await entityOf(prisma(), source, 'team', sourceId) },
    });

  beforeEach(() => truncateSyncTables(prisma()));

  it('the same club from two sources is one team with its Chinese names', async () => {
    // football-data.org first ("Manchester United FC"), the known names seeded: the demo's
    // clubs with their Chinese names, and a name map of football-data.co.uk's short names.
    await fillFixtures(prisma(), 'season', { aliasPaths: [resolve(CO_UK, 'names.json')] });
    expect([await prisma().team.count(), await prisma().match.count()]).toEqual([20, 12]);
    const coUk = () =>
      syncRunner(prisma(), footballDataCoUkSource, {
        scope: { paths: [CO_UK] },
        now: () => new Date('2024-08-20T12:00:00Z'),
      }).pass('full');
    expect(await coUk()).toMatchObject({ ok: true, unmatched: 0 });
    expect(await listUnmatched(prisma())).toEqual([]);
    expect(await prisma().team.count()).toBe(20);
    expect(await prisma().competition.count()).toBe(1);
    expect(await prisma().match.count()).toBe(12);

    for (const [short, id, zhCn, zhHk] of [
      ['Man United', '66', '曼联', '曼聯'],
      ["Nott'm Forest", '351', '诺丁汉森林', '諾定咸森林'],
      ['Wolves', '76', '狼队', '狼隊'],
      ['Brighton', '397', '布莱顿', '白禮頓'],
    ]) {
      const fromFiles = await team('football-data-co-uk', short as string);
      expect(fromFiles.id, short).toBe((await team('football-data-org', id as string)).id);
      expect([fromFiles.nameZhCn, fromFiles.nameZhHk], short).toEqual([zhCn, zhHk]);
    }
    expect((await team('football-data-co-uk', 'Man United')).nameEn).toBe('Manchester United FC');

    // Each row of the files reached football-data.org's match (same teams, kick-off within
    // 36 hours) and left it to its owner.
    expect(await sameMatches(prisma(), 'football-data-co-uk', 'football-data-org')).toEqual([
      ['E0|2024-25|Man United|Fulham', '497410'],
      ['E0|2024-25|Ipswich|Liverpool', '497411'],
      ['E0|2024-25|Arsenal|Wolves', '497412'],
      ['E0|2024-25|Everton|Brighton', '497413'],
      ['E0|2024-25|Newcastle|Southampton', '497414'],
      ["E0|2024-25|Nott'm Forest|Bournemouth", '497415'],
      ['E0|2024-25|West Ham|Aston Villa', '497416'],
      ['E0|2024-25|Brentford|Crystal Palace', '497417'],
      ['E0|2024-25|Chelsea|Man City', '497418'],
      ['E0|2024-25|Leicester|Tottenham', '497419'],
      ['E0|2024-25|Brighton|Man United', '497420'],
      ['E0|2024-25|Crystal Palace|West Ham', '497421'],
    ]);
    const owners = await prisma().externalId.findMany({
      where: { source: 'football-data-co-uk', kind: 'match' },
    });
    expect(owners.some((o) => o.owner)).toBe(false);
    // What only the files have (prices, the exchange, statistics) joins the same match.
    const united = await entityOf(prisma(), 'football-data-org', 'match', '497410');
    expect(await prisma().odds.count({ where: { matchId: united } })).toBeGreaterThan(0);
    expect(await prisma().exchangeOdds.count({ where: { matchId: united } })).toBe(1);
    expect(await prisma().matchStatistic.count({ where: { matchId: united } })).toBeGreaterThan(0);
    expect(await coUk()).toMatchObject({ ok: true, changes: 0 });
  });

  it('a bookmaker from several sources is one bookmaker, told apart by its English name', async () => {
    await fillFixtures(prisma(), 'season', { aliasPaths: [resolve(CO_UK, 'names.json')] });
    await syncRunner(prisma(), footballDataCoUkSource, { scope: { paths: [CO_UK] } }).pass('full');
    for (const [adapter, scope] of [
      [theOddsApiSource, ['soccer_epl']],
      [betfairSource, ['10932509']],
    ] as const) {
      const standIn = await startStandIn(loadSession(adapter.name, 'season'));
      const report = await syncRunner(prisma(), adapter, {
        standIn,
        scope: { competitions: scope, paths: [] },
        now: () => new Date('2024-08-23T12:00:00Z'),
      }).pass('full');
      await standIn.stop();
      expect(report.ok, report.error).toBe(true);
    }
    const bookmaker = async (source: string, sourceId: string) =>
      prisma().bookmaker.findUniqueOrThrow({
        where: { id: await entityOf(prisma(), source, 'bookmaker', sourceId) },
      });
    // The Odds API titles the exchange "Betfair", football-data.co.uk the sportsbook.
    const exchange = await bookmaker('the-odds-api', 'betfair_ex_uk');
    const sportsbook = await bookmaker('football-data-co-uk', 'BF');
    expect(sportsbook.nameEn).toBe('Betfair Sportsbook');
    expect(exchange.id).not.toBe(sportsbook.id);
    // Names are unique: the second "Betfair" goes by its English name.
    expect([exchange.name, exchange.nameEn]).toEqual(['Betfair Exchange', 'Betfair Exchange']);
    expect(exchange.id).toBe((await bookmaker('betfair', 'Betfair Exchange')).id);
    expect((await bookmaker('the-odds-api', 'pinnacle')).id).toBe(
      (await bookmaker('football-data-co-uk', 'PS')).id,
    );
  });

  it.skipIf(!NAME_ALIASES_DIR || !OPENFOOTBALL_DIR)(
    'a club renamed over seasons is one team (openfootball clubs: "previously")',
    async () => {
      await seedNameGroups(prisma(), await aliasGroups([NAME_ALIASES_DIR as string]));
      // A 2020 season under the clubs' names of the time.
      await writePass(
        prisma(),
        { name: 'csl-2020', role: 'fixtures', licence: 'test' },
        {
          competitions: [{ sourceId: 'CSL', name: 'Super League', country: 'China' }],
          teams: ['Shanghai SIPG', 'Shandong Luneng'].map((name) => ({
            sourceId: name,
            name,
            country: 'China',
          })),
          matches: [
            {
              sourceId: '2020-1',
              competition: 'CSL',
              home: 'Shanghai SIPG',
              away: 'Shandong Luneng',
              status: 'finished',
              kickoffUtc: '2020-08-01T11:30:00Z',
              homeScore: 1,
              awayScore: 1,
            },
          ],
        },
        new Date('2020-08-02T00:00:00Z'),
      );
      const report = await syncRunner(prisma(), openfootballSource, {
        scope: { paths: [resolve(OPENFOOTBALL_DIR as string, '2025/cn.1.json')] },
      }).pass('full');
      expect(report).toMatchObject({ ok: true, unmatched: 0 });
      expect(await prisma().team.count()).toBe(16);
      const port = await team('openfootball', 'Shanghai Port FC');
      expect((await team('csl-2020', 'Shanghai SIPG')).id).toBe(port.id);
      expect([port.nameZhCn, port.nameZhHk]).toEqual(['上海海港', '上海海港']);
      const taishan = await team('openfootball', 'Shandong Taishan');
      expect((await team('csl-2020', 'Shandong Luneng')).id).toBe(taishan.id);
    },
  );
});
