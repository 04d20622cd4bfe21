import { beforeAll, expect, it } from 'vitest';
import { createLineupsService } from '../../../src/services/lineups.js';
import { createOddsService } from '../../../src/services/odds-prices.js';
import { presentLineups } from '../../../src/wire/presenters/match-details.js';
import { presentMatchOdds } from '../../../src/wire/presenters/odds.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { loadDemo } from '../../helpers/demo-fixture.js';

/**
 * The odds and lineups read straight into the wire shape (odds-wire.ts, lineups-wire.ts)
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
});
