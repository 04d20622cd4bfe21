import { beforeAll, expect, it } from 'vitest';
import { createLineupsService } from '../../../src/football/lineups.js';
import { createMatchEventsService } from '../../../src/football/match-events.js';
import { createOddsService } from '../../../src/football/odds/odds-prices.js';
import { presentLineups } from '../../../src/wire/presenters/match-details.js';
import { presentMatchOdds } from '../../../src/wire/presenters/odds.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { loadDemo } from '../../helpers/demo-fixture.js';

/**
 * The odds and lineups read straight into the wire shape (odds-wire.ts, lineups-wire.ts), and
 * the events and statistics read as plain rows (match-events.ts),
 * serialise, byte for byte, as what the presenters make of the domain reads: for every demo match, and for the
 * edge cases the presenters handle (a phase without prices, a phase with only a line, missing
 * player details, an unpublished sheet).
 */
describeEachDatabase('odds and lineups read in the wire shape', ({ db }) => {
  let ids: number[] = [];

  beforeAll(async () => {
    await loadDemo(db());
    const prisma = db().prisma;
    await prisma.$executeRaw`
      UPDATE odds SET open_home = NULL, open_draw = NULL, open_away = NULL
       WHERE (match_id, bookmaker_id) = (SELECT match_id, bookmaker_id FROM odds
              WHERE market = 'had' AND opened_at IS NOT NULL ORDER BY 1, 2 LIMIT 1) AND market = 'had'`;
    await prisma.$executeRaw`
      UPDATE odds SET close_home = NULL, close_away = NULL
       WHERE (match_id, bookmaker_id) = (SELECT match_id, bookmaker_id FROM odds
              WHERE market = 'hdp' AND close_line IS NOT NULL ORDER BY 1 DESC, 2 LIMIT 1)
         AND market = 'hdp'`;
    await prisma.$executeRaw`
      UPDATE lineup_players SET shirt_number = NULL, position = NULL, x = NULL, y = NULL,
             rating = NULL, sub_in_minute = 70
       WHERE (match_id, side, seq) = (SELECT match_id, side, seq FROM lineup_players
              ORDER BY 1, 2, 3 LIMIT 1)`;
    await prisma.$executeRaw`
      UPDATE lineup_teams SET published = false, formation = NULL
       WHERE (match_id, side) = (SELECT match_id, side FROM lineup_teams WHERE published
              ORDER BY 1 DESC, 2 LIMIT 1)`;
    ids = (await prisma.match.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map(
      (m) => m.id,
    );
  }, 300_000);

  it('odds: the REST shape serialises as presentMatchOdds(getForMatches) does', async () => {
    const odds = createOddsService({ db: db().prisma, read: db().read });
    const [texts, records] = await Promise.all([
      odds.getWireForMatches(ids),
      odds.getForMatches(ids),
    ]);
    expect(texts.size).toBe(records.size);
    for (const id of ids) {
      const expected = records.has(id)
        ? JSON.stringify(presentMatchOdds(records.get(id) ?? []))
        : undefined;
      const wire = texts.get(id);
      expect(wire && JSON.stringify(wire), `match ${id}`).toBe(expected);
    }
    const first = ids[0] as number;
    expect(await odds.getWireForMatch(first)).toEqual(texts.get(first) ?? []);
  });

  it('lineups: the REST shape serialises as presentLineups(lineupsForMatches) does', async () => {
    const lineups = createLineupsService({ db: db().prisma, read: db().read });
    const [texts, records] = await Promise.all([
      lineups.wireForMatches(ids),
      lineups.lineupsForMatches(ids),
    ]);
    let published = 0;
    for (const id of ids) {
      const record = records.get(id);
      const wire = texts.get(id);
      expect(wire && JSON.stringify(wire), `match ${id}`).toBe(
        record ? JSON.stringify(presentLineups(record)) : undefined,
      );
      published += record ? 1 : 0;
    }
    expect(published).toBeGreaterThan(0);
    expect(published).toBeLessThan(ids.length);
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
