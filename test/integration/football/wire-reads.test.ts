import { beforeAll, expect, it } from 'vitest';
import { createLineupsService } from '../../../src/football/lineups.js';
import { createMatchEventsService } from '../../../src/football/match-events.js';
import { createOddsService } from '../../../src/football/odds/odds-prices.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { loadDemo } from '../../helpers/demo-fixture.js';

const OPENED = new Date('2026-11-20T10:00:00.000Z');
const CLOSED = new Date('2026-11-22T03:55:00.000Z');

/** An odds row with every price and time null but those given. */
const oddsRow = (
  row: { matchId: number; bookmakerId: number; market: 'had' | 'hdp' | 'hilo' } & Record<
    string,
    number | string | Date
  >,
) => ({
  ...Object.fromEntries(
    ['Line', 'Home', 'Draw', 'Away', 'Over', 'Under'].flatMap((p) => [
      [`open${p}`, null],
      [`close${p}`, null],
    ]),
  ),
  openedAt: null,
  closedAt: null,
  ...row,
});

/**
 * The odds and lineups payloads have one builder each (odds-wire.ts, lineups-wire.ts: one
 * statement of plain rows read straight into the wire shape) that REST, GraphQL and push call.
 * Here it is held to hand-written payloads, byte for byte (property order included), for rows
 * written for the edge cases: a phase without prices, a phase with only a line, a line of 0,
 * prices of another market, a market without any phase, missing player details, a published
 * sheet without players, an unpublished sheet. The events and statistics read as plain rows
 * (match-events.ts) are held to the Prisma relation query they replaced.
 */
describeEachDatabase('odds and lineups read in the wire shape', ({ db }) => {
  let ids: number[] = [];
  /** Matches whose odds and lineups are the rows written below. */
  let oddsMatch = 0;
  let lineupsMatch = 0;
  let halfPublishedMatch = 0;
  let noOddsMatch = 0;
  let bookmakers: { id: number; name: string; nameEn: string; isAggregate: boolean }[] = [];

  beforeAll(async () => {
    await loadDemo(db());
    const prisma = db().prisma;
    ids = (await prisma.match.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map(
      (m) => m.id,
    );
    [oddsMatch, lineupsMatch, halfPublishedMatch, noOddsMatch] = ids as [
      number,
      number,
      number,
      number,
    ];
    bookmakers = await prisma.bookmaker.findMany({
      select: { id: true, name: true, nameEn: true, isAggregate: true },
      orderBy: { id: 'asc' },
      take: 2,
    });
    const [first, second] = bookmakers.map((b) => b.id) as [number, number];
    await prisma.odds.deleteMany({ where: { matchId: { in: [oddsMatch, noOddsMatch] } } });
    // Written out of order: the read orders by bookmaker, then market.
    await prisma.odds.createMany({
      data: [
        oddsRow({ matchId: oddsMatch, bookmakerId: second, market: 'hilo', closedAt: CLOSED }),
        oddsRow({
          matchId: oddsMatch,
          bookmakerId: first,
          market: 'hilo',
          openLine: 0,
          openOver: 0,
          openUnder: 1.85,
          openedAt: OPENED,
          closeLine: 2.5,
        }),
        oddsRow({
          matchId: oddsMatch,
          bookmakerId: first,
          market: 'had',
          openHome: 2,
          openDraw: 3.4,
          openAway: 3.9,
          openOver: 9,
          openedAt: OPENED,
          closedAt: CLOSED,
        }),
        oddsRow({
          matchId: oddsMatch,
          bookmakerId: first,
          market: 'hdp',
          openLine: -0.25,
          openHome: 1.9,
          openAway: 1.95,
          openDraw: 3.1,
          closeLine: 0,
          closeHome: 1.8,
          closeAway: 2.05,
          closedAt: CLOSED,
        }),
      ],
    });
    const sheets = [lineupsMatch, halfPublishedMatch];
    await prisma.lineupPlayer.deleteMany({ where: { matchId: { in: sheets } } });
    await prisma.lineupTeam.deleteMany({ where: { matchId: { in: sheets } } });
    await prisma.lineupTeam.createMany({
      data: [
        { matchId: lineupsMatch, side: 'home', published: true, formation: '4-3-3', coach: 'Ng' },
        { matchId: lineupsMatch, side: 'away', published: true },
        { matchId: halfPublishedMatch, side: 'home', published: true, formation: '4-4-2' },
        { matchId: halfPublishedMatch, side: 'away', published: false, formation: '3-5-2' },
      ],
    });
    const player = { matchId: lineupsMatch, side: 'home' as const };
    await prisma.lineupPlayer.createMany({
      data: [
        { ...player, seq: 3, name: 'Chan', starter: false, subInMinute: 70 },
        {
          ...player,
          seq: 1,
          name: 'Wong',
          shirtNumber: 9,
          position: 'FW',
          x: 88.5,
          y: 50,
          rating: 7.3,
          starter: true,
          captain: true,
          goals: 2,
          yellowCards: 1,
        },
        { ...player, seq: 2, name: 'Lee', starter: true, redCards: 1, subOutMinute: 70 },
        { ...player, matchId: halfPublishedMatch, seq: 1, name: 'Ho', starter: true },
      ],
    });
  }, 300_000);

  it('odds: the REST shape, byte for byte, one entry per bookmaker', async () => {
    const odds = createOddsService({ db: db().prisma, read: db().read });
    const byMatch = await odds.getWireForMatches(ids);
    const [first, second] = bookmakers.map((b) => JSON.stringify(b));
    const opened = OPENED.toISOString();
    const closed = CLOSED.toISOString();
    expect(JSON.stringify(byMatch.get(oddsMatch))).toBe(
      `[{"bookmaker":${first},` +
        `"had":{"opening":{"home":2,"draw":3.4,"away":3.9,"at":"${opened}"}},` +
        `"hdp":{"opening":{"line":-0.25,"home":1.9,"away":1.95},` +
        `"closing":{"line":0,"home":1.8,"away":2.05,"at":"${closed}"}},` +
        `"hilo":{"opening":{"line":0,"over":0,"under":1.85,"at":"${opened}"},` +
        `"closing":{"line":2.5}}},` +
        `{"bookmaker":${second},"hilo":{}}]`,
    );
    expect(byMatch.has(noOddsMatch)).toBe(false);
    expect(byMatch.size).toBeGreaterThan(ids.length / 2);
    // The single read (REST, push) is the batch's entry; a known match without odds is [].
    expect(await odds.getWireForMatch(oddsMatch)).toEqual(byMatch.get(oddsMatch));
    expect(await odds.getWireForMatch(noOddsMatch)).toEqual([]);
    await expect(odds.getWireForMatch(Math.max(...ids) + 1)).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(await odds.getWireForMatches([])).toEqual(new Map());
  });

  it('lineups: the REST shape, byte for byte, only with both sheets published', async () => {
    const lineups = createLineupsService({ db: db().prisma, read: db().read });
    const byMatch = await lineups.wireForMatches(ids);
    expect(JSON.stringify(byMatch.get(lineupsMatch))).toBe(
      '{"home":{"formation":"4-3-3","coach":"Ng","starters":[' +
        '{"name":"Wong","shirtNumber":9,"position":"FW","x":88.5,"y":50,"rating":7.3,' +
        '"captain":true,"goals":2,"cards":{"yellow":1,"red":0}},' +
        '{"name":"Lee","captain":false,"goals":0,"cards":{"yellow":0,"red":1},' +
        '"subbedOutMinute":70}],' +
        '"substitutes":[{"name":"Chan","captain":false,"goals":0,"cards":{"yellow":0,"red":0},' +
        '"subbedInMinute":70}]},' +
        '"away":{"starters":[],"substitutes":[]}}',
    );
    expect(byMatch.has(halfPublishedMatch)).toBe(false);
    expect(byMatch.size).toBeGreaterThan(0);
    expect(byMatch.size).toBeLessThan(ids.length);
    expect(await lineups.wireForMatch(lineupsMatch)).toEqual(byMatch.get(lineupsMatch));
    await expect(lineups.wireForMatch(halfPublishedMatch)).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringContaining('No published lineups'),
    });
    await expect(lineups.wireForMatch(Math.max(...ids) + 1)).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('events and statistics: plain rows give what the Prisma relation query gave', async () => {
    const service = createMatchEventsService({ read: db().read });
    const unknown = Math.max(...ids) + 1;
    const asked = [...ids, unknown];
    const [events, statistics] = await Promise.all([
      service.eventsForMatches(asked),
      service.statisticsForMatches(asked),
    ]);
    // The reference: the relation query these reads replaced.
    const prisma = db().prisma;
    const byPrisma = await prisma.match.findMany({
      where: { id: { in: asked } },
      select: {
        id: true,
        events: {
          orderBy: { seq: 'asc' },
          select: {
            seq: true,
            minute: true,
            extraMinute: true,
            type: true,
            side: true,
            player: true,
            relatedPlayer: true,
            detail: true,
            playerId: true,
            relatedPlayerId: true,
          },
        },
        statistics: {
          orderBy: [{ sort: 'asc' }, { type: 'asc' }],
          select: { type: true, home: true, away: true },
        },
      },
    });
    expect(events.has(unknown)).toBe(false);
    expect([...events.keys()].sort()).toEqual(byPrisma.map((m) => m.id).sort());
    let withEvents = 0;
    let without = 0;
    for (const match of byPrisma) {
      expect(JSON.stringify(events.get(match.id)), `events of ${match.id}`).toBe(
        JSON.stringify(match.events),
      );
      expect(JSON.stringify(statistics.get(match.id)), `statistics of ${match.id}`).toBe(
        JSON.stringify(match.statistics),
      );
      withEvents += match.events.length > 0 ? 1 : 0;
      without += match.events.length === 0 ? 1 : 0;
    }
    expect(withEvents).toBeGreaterThan(0);
    expect(without).toBeGreaterThan(0);
    expect(await service.eventsForMatches([])).toEqual(new Map());
  });
});
