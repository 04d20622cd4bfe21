import { expect, it } from 'vitest';
import type { Odds } from '../../../src/db/generated/client.js';
import { createSearchService } from '../../../src/football/search.js';
import { linkUnmatched, listUnmatched } from '../../../src/ingest/sync/identity/mapping.js';
import { writePass } from '../../../src/ingest/sync/pass-writer.js';
import { theOddsApiSource } from '../../../src/ingest/sync/sources/the-odds-api/index.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { loadSession } from '../../helpers/provider-stand-in.js';
import { entityOf, fillFixtures, sameMatches, storedOdds } from '../../helpers/sync.js';
import { useSourceUnderTest } from '../../helpers/sync-source.js';

const SOURCE = 'the-odds-api';
const CHELSEA_ARSENAL = 'eadae01d60f34642409df49c66f3c4ed';
const SOUTHAMPTON_FOREST = 'f6236be26ce76b5e9404c5e73ccd3bfe';

/** Opening and closing prices as [line, home, draw, away, over, under], with their times. */
const prices = (o: Odds) => ({
  open: [o.openLine, o.openHome, o.openDraw, o.openAway, o.openOver, o.openUnder],
  openedAt: o.openedAt?.toISOString(),
  close: [o.closeLine, o.closeHome, o.closeDraw, o.closeAway, o.closeOver, o.closeUnder],
  closedAt: o.closedAt?.toISOString(),
});

describeEachDatabase('touchline sync the-odds-api against its stand-in', ({ db }) => {
  const prisma = () => db().prisma;
  const source = useSourceUnderTest(prisma, theOddsApiSource, ['soccer_epl']);
  const { pass } = source;
  const odds = (match: string, bookmaker: string, market: 'had' | 'hdp' | 'hilo') =>
    storedOdds(prisma(), SOURCE, match, bookmaker, market).then(prices);

  it('links a matchday to the stored matches and keeps its first prices; again: nothing', async () => {
    await fillFixtures(prisma(), 'matchday-2');
    await source.start(loadSession(SOURCE, 'season'));
    const first = await pass('full', '2024-08-23T12:00:00Z');
    expect(first).toMatchObject({ ok: true, requests: 2, unmatched: 0 });
    expect(await sameMatches(prisma(), SOURCE, 'football-data-org')).toEqual([
      ['9b878684a95cdcd7b77ba588f916b483', '497420'],
      ['95e060de306cdd1ac8961450b9dbed55', '497421'],
      ['7a30880b6e727332906f92fbde1a5a9e', '497422'],
      ['398a6353ffde163398819adc7bdd1ced', '497423'],
      [SOUTHAMPTON_FOREST, '497424'],
      ['46b9017ad697fd2a171b06d82c01d757', '497425'],
      ['356457784cb105f532e6ce45465ec184', '497426'],
      ['8eb924e2d3d29a75c6244521f74e97ba', '497429'],
    ]);
    const links = await prisma().externalId.findMany({ where: { source: SOURCE, kind: 'match' } });
    expect(links.map((l) => l.owner)).toEqual(Array(8).fill(false));
    expect(await prisma().match.count()).toBe(10);
    // Seven priced events: Pinnacle's three markets, William Hill's two, the exchange's 1X2.
    expect(await prisma().odds.count()).toBe(7 * 6);
    const brighton = '9b878684a95cdcd7b77ba588f916b483';
    const seen = '2024-08-23T11:58:41.000Z';
    expect(await odds(brighton, 'pinnacle', 'had')).toEqual({
      open: [null, 2.45, 3.6, 2.85, null, null],
      openedAt: seen,
      close: [null, 2.45, 3.6, 2.85, null, null],
      closedAt: seen,
    });
    expect((await odds(brighton, 'pinnacle', 'hdp')).open).toEqual([
      -0.25,
      1.98,
      null,
      1.92,
      null,
      null,
    ]);
    expect((await odds(brighton, 'williamhill', 'hilo')).open).toEqual([
      2.5,
      null,
      null,
      null,
      1.73,
      2.1,
    ]);
    const exchange = await prisma().bookmaker.findUniqueOrThrow({
      where: { id: await entityOf(prisma(), SOURCE, 'bookmaker', 'betfair_ex_uk') },
    });
    expect([exchange.name, exchange.nameEn]).toEqual(['Betfair', 'Betfair Exchange']);
    const sources = await prisma().competitionSource.findMany({ where: { source: SOURCE } });
    expect(sources.map((s) => s.resource)).toEqual(['odds']);

    const again = await pass('full', '2024-08-23T12:30:00Z');
    expect(again).toMatchObject({ ok: true, changes: 0 });
  });

  it('opens with the first price, closes with the last before kick-off, moves on every change', async () => {
    await fillFixtures(prisma(), 'live');
    const standIn = await source.start(loadSession(SOURCE, 'live'));
    expect(await pass('full', '2024-11-04T09:00:00Z')).toMatchObject({ ok: true });
    // A live pass polls what kicks off within 15 minutes; each price carries its own time.
    for (const [step, now] of [
      ['moves', '2024-11-10T16:20:00Z'],
      ['close', '2024-11-10T16:26:00Z'],
      ['in-play', '2024-11-10T17:05:00Z'],
      ['ended', '2024-11-10T18:30:00Z'],
    ] as const) {
      standIn.step(step);
      expect(await pass('live', now), step).toMatchObject({ ok: true, requests: 1 });
    }
    expect(standIn.requests.at(-1)?.query).toMatchObject({ eventIds: CHELSEA_ARSENAL });
    expect(await odds(CHELSEA_ARSENAL, 'pinnacle', 'had')).toEqual({
      open: [null, 2.75, 3.45, 2.6, null, null],
      openedAt: '2024-11-04T08:51:27.000Z',
      close: [null, 2.95, 3.5, 2.42, null, null],
      closedAt: '2024-11-10T16:24:51.000Z',
    });
    expect(await odds(CHELSEA_ARSENAL, 'pinnacle', 'hdp')).toMatchObject({
      open: [0, 1.98, null, 1.92, null, null],
      close: [0.25, 1.83, null, 2.07, null, null],
    });
    // William Hill priced in play at 17:04: a movement, not the closing price.
    expect(await odds(CHELSEA_ARSENAL, 'williamhill', 'had')).toMatchObject({
      close: [null, 2.9, 3.4, 2.4, null, null],
      closedAt: '2024-11-10T16:22:05.000Z',
    });
    expect(await odds(CHELSEA_ARSENAL, 'williamhill', 'hilo')).toMatchObject({
      close: [2.5, null, null, null, 1.9, 1.9],
    });
    const williamHill = await entityOf(prisma(), SOURCE, 'bookmaker', 'williamhill');
    const moves = await prisma().oddsMovement.findMany({
      where: { bookmakerId: williamHill, market: 'had' },
      orderBy: { seq: 'asc' },
    });
    expect(moves.map((m) => [m.seq, m.changedAt.toISOString(), m.home, m.draw, m.away])).toEqual([
      [0, '2024-11-04T08:47:55.000Z', 2.7, 3.4, 2.55],
      [1, '2024-11-08T16:55:20.000Z', 2.87, 3.4, 2.45],
      [2, '2024-11-10T16:22:05.000Z', 2.9, 3.4, 2.4],
      [3, '2024-11-10T17:04:50.000Z', 3.6, 2.9, 2.5],
    ]);
    // Pinnacle: three markets x three prices; William Hill: two markets x four.
    expect(await prisma().oddsMovement.count()).toBe(9 + 8);
    standIn.step('in-play');
    expect(await pass('live', '2024-11-10T17:06:00Z')).toMatchObject({ ok: true, changes: 0 });
  });

  it('lists an event whose team matches nothing, and writes it once the operator links it', async () => {
    // The fixtures as football-data.co.uk's files name them: "Nott'm Forest", a name of no
    // known-name group, so The Odds API's "Nottingham Forest" finds no team. Liverpool v
    // Brentford is dated 28 August in the files: the event of the 25th finds no match.
    const fixture = (home: string, away: string, kickoffUtc: string) => ({
      sourceId: `E0|2024-25|${home}|${away}`,
      competition: 'E0',
      home,
      away,
      status: 'scheduled' as const,
      kickoffUtc,
    });
    await writePass(
      prisma(),
      { name: 'fixture-files', role: 'fixtures', licence: 'test' },
      {
        competitions: [{ sourceId: 'E0', name: 'Premier League', country: 'England' }],
        teams: ['Southampton', "Nott'm Forest", 'Liverpool', 'Brentford'].map((name) => ({
          sourceId: name,
          name,
        })),
        matches: [
          fixture('Southampton', "Nott'm Forest", '2024-08-24T14:00:00Z'),
          fixture('Liverpool', 'Brentford', '2024-08-28T19:00:00Z'),
        ],
      },
      new Date('2024-08-20T00:00:00Z'),
    );
    await source.start(loadSession(SOURCE, 'season'));
    const first = await pass('full', '2024-08-23T12:00:00Z');
    expect(first.ok).toBe(true);
    const listed = await listUnmatched(prisma(), SOURCE);
    expect(listed).toContainEqual(
      expect.objectContaining({ kind: 'team', sourceId: 'Nottingham Forest', candidates: [] }),
    );
    expect(listed).toContainEqual(
      expect.objectContaining({
        kind: 'match',
        sourceId: SOUTHAMPTON_FOREST,
        name: 'Southampton v Nottingham Forest at 2024-08-24T14:00:00.000Z',
        detail: 'team not matched: Nottingham Forest',
      }),
    );
    expect(listed).toContainEqual(
      expect.objectContaining({
        kind: 'match',
        sourceId: '8eb924e2d3d29a75c6244521f74e97ba',
        name: 'Liverpool v Brentford at 2024-08-25T15:30:00.000Z',
        detail: 'no stored match of these teams within 36 hours of this kick-off',
      }),
    );
    expect(await prisma().odds.count()).toBe(0);

    const forest = await entityOf(prisma(), 'fixture-files', 'team', "Nott'm Forest");
    // Issue 49: the operator's alias is a name search finds from the link on.
    const search = createSearchService({ read: db().read });
    const found = async () =>
      (await search.search('nottingham', 'team')).map((r) => [r.id, r.matched]);
    expect(await found()).toEqual([]);
    await linkUnmatched(prisma(), {
      source: SOURCE,
      kind: 'team',
      sourceId: 'Nottingham Forest',
      entityId: forest,
    });
    expect(await found()).toEqual([[forest, 'Nottingham Forest']]);
    const next = await pass('full', '2024-08-23T12:30:00Z');
    expect(next.ok).toBe(true);
    expect(await sameMatches(prisma(), SOURCE, 'fixture-files')).toEqual([
      [SOUTHAMPTON_FOREST, "E0|2024-25|Southampton|Nott'm Forest"],
    ]);
    expect(await prisma().odds.count()).toBe(6);
    const still = await listUnmatched(prisma(), SOURCE);
    expect(still.filter((u) => u.sourceId === SOUTHAMPTON_FOREST)).toEqual([]);
    expect(still.filter((u) => u.sourceId === 'Nottingham Forest')).toEqual([]);
  });
});
