import { beforeEach, expect, it } from 'vitest';
import { aliasGroups } from '../../../src/ingest/sync/aliases/index.js';
import type { MatchFact, SourceFacts } from '../../../src/ingest/sync/facts.js';
import { ensureKnownNames } from '../../../src/ingest/sync/identity/name-groups.js';
import { type PassSource, writePass } from '../../../src/ingest/sync/pass-writer.js';
import { describeEachDatabase } from '../../helpers/db.js';

const FIXTURES: PassSource = { name: 'fixture-source', role: 'fixtures', licence: 'test terms' };
const ODDS: PassSource = { name: 'odds-source', role: 'odds', licence: 'odds terms' };
const AT = new Date('2026-12-05T12:00:00Z');

function season(kickoff = '2026-12-06T15:00:00Z'): SourceFacts {
  return {
    competitions: [{ sourceId: 'PL', code: 'PL', name: 'Premier League', country: 'England' }],
    teams: [
      { sourceId: '57', name: 'Arsenal FC', aliases: ['Arsenal', 'ARS'], country: 'England' },
      { sourceId: '66', name: 'Manchester United FC', aliases: ['Man United'], country: 'England' },
    ],
    matches: [
      {
        sourceId: '1001',
        competition: 'PL',
        home: '57',
        away: '66',
        status: 'scheduled',
        kickoffUtc: kickoff,
        season: '2026-27',
      },
    ],
  };
}

describeEachDatabase('a source pass through the one writer', ({ db }) => {
  const prisma = () => db().prisma;
  const matchIds = async () =>
    (await prisma().match.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map(
      (m) => m.id,
    );

  beforeEach(async () => {
    await prisma().$executeRawUnsafe(
      'TRUNCATE matches, teams, competitions, bookmakers, external_ids, aliases, name_groups, unmatched_entities, competition_sources, change_log CASCADE',
    );
  });

  it('fills an empty store, and a second pass over the same facts writes nothing', async () => {
    const first = await writePass(prisma(), FIXTURES, season(), AT);
    expect(first.changes.length).toBeGreaterThan(0);
    const again = await writePass(prisma(), FIXTURES, season(), AT);
    expect(again.changes).toEqual([]);
    expect(await prisma().team.count()).toBe(2);
    const sources = await prisma().competitionSource.findMany();
    expect(sources).toEqual([
      expect.objectContaining({
        resource: 'fixtures',
        source: 'fixture-source',
        licence: 'test terms',
      }),
    ]);
  });

  it('keeps a match id when the source re-dates it', async () => {
    await writePass(prisma(), FIXTURES, season('2026-12-06T15:00:00Z'), AT);
    const [id] = await matchIds();
    await writePass(prisma(), FIXTURES, season('2027-01-20T19:45:00Z'), AT);
    expect(await matchIds()).toEqual([id]);
    const match = await prisma().match.findUniqueOrThrow({ where: { id: id as number } });
    expect(match.kickoffUtc.toISOString()).toBe('2027-01-20T19:45:00.000Z');
  });

  it('gives a new team the Chinese names of its known-name group', async () => {
    await prisma().$executeRawUnsafe(
      `INSERT INTO name_groups (kind, "group", key, name, language, origin) VALUES
        ('team', 'mufc', 'manchester united', 'Manchester United', 'en', 'seed'),
        ('team', 'mufc', '曼联', '曼联', 'zh-CN', 'seed'),
        ('team', 'mufc', '曼聯', '曼聯', 'zh-HK', 'seed'),
        ('team', 'mufc', 'man utd', 'Man Utd', 'alias', 'seed')`,
    );
    await writePass(prisma(), FIXTURES, season(), AT);
    const team = await prisma().team.findFirstOrThrow({
      where: { nameEn: 'Manchester United FC' },
    });
    expect([team.nameZhCn, team.nameZhHk]).toEqual(['曼联', '曼聯']);
    // A second source naming the club by a seed alias reaches the same team.
    await writePass(
      prisma(),
      { name: 'other', role: 'fixtures', licence: 'x' },
      {
        competitions: [{ sourceId: 'E0', name: 'Premier League', country: 'England' }],
        teams: [
          { sourceId: 'Man Utd', name: 'Man Utd' },
          { sourceId: 'Arsenal', name: 'Arsenal' },
        ],
        matches: [
          {
            sourceId: 'x1',
            competition: 'E0',
            home: 'Arsenal',
            away: 'Man Utd',
            status: 'finished',
            kickoffUtc: '2026-12-06T16:00:00Z',
            homeScore: 2,
            awayScore: 1,
          },
        ],
      },
      AT,
    );
    expect(await prisma().team.count()).toBe(2);
    expect(await matchIds()).toHaveLength(1);
    // The match belongs to the source that created it: the other one only linked it.
    const match = await prisma().match.findFirstOrThrow();
    expect(match.status).toBe('scheduled');
  });

  it('numbers events once, keeps the numbers and deletes a withdrawn goal', async () => {
    await writePass(prisma(), FIXTURES, season(), AT);
    const goal = (sourceId: string, minute: number) => ({
      sourceId,
      minute,
      type: 'goal' as const,
      side: 'home' as const,
      player: `Player ${sourceId}`,
    });
    const pass = (ids: [string, number][]) =>
      writePass(
        prisma(),
        FIXTURES,
        { events: [{ match: '1001', complete: true, events: ids.map(([s, m]) => goal(s, m)) }] },
        AT,
      );
    await pass([
      ['a', 10],
      ['b', 30],
    ]);
    await pass([
      ['a', 10],
      ['c', 50],
    ]);
    const events = async () =>
      (await prisma().matchEvent.findMany({ orderBy: { seq: 'asc' } })).map((e) => [
        e.seq,
        e.player,
      ]);
    expect(await events()).toEqual([
      [0, 'Player a'],
      [2, 'Player c'],
    ]);
    // The newest event withdrawn: its number is not given to the next one.
    await pass([['a', 10]]);
    await pass([
      ['a', 10],
      ['d', 70],
    ]);
    expect(await events()).toEqual([
      [0, 'Player a'],
      [3, 'Player d'],
    ]);
    // A withdrawn event sent again gets its number back.
    await pass([
      ['a', 10],
      ['b', 30],
      ['d', 70],
    ]);
    expect(await events()).toEqual([
      [0, 'Player a'],
      [1, 'Player b'],
      [3, 'Player d'],
    ]);
  });

  it('keeps opening, closing and every change of an odds source linked by team names', async () => {
    await writePass(prisma(), FIXTURES, season(), AT);
    const prices = (home: number, observedAt: string): SourceFacts => ({
      teams: [
        { sourceId: 'Arsenal', name: 'Arsenal' },
        { sourceId: 'Man Utd', name: 'Man Utd' },
      ],
      bookmakers: [{ sourceId: 'bet365', name: 'Bet365' }],
      links: [
        {
          sourceId: 'ev1',
          home: 'Arsenal',
          away: 'Man Utd',
          kickoffUtc: '2026-12-06T15:00:00Z',
        },
      ],
      prices: [
        {
          match: 'ev1',
          bookmaker: 'bet365',
          market: 'had',
          home,
          draw: 3.4,
          away: 4.2,
          observedAt,
        },
      ],
    });
    // "Man Utd" is no name of the club ("Manchester United FC", "Man United"): the link waits
    // for the operator.
    const unmatched = await writePass(prisma(), ODDS, prices(1.9, '2026-12-05T10:00:00Z'), AT);
    expect(unmatched.unmatched).toBeGreaterThan(0);
    expect(await prisma().odds.count()).toBe(0);
    const team = await prisma().team.findFirstOrThrow({
      where: { nameEn: 'Manchester United FC' },
    });
    await prisma().$executeRawUnsafe(
      `INSERT INTO aliases (kind, entity_id, key, name, language, origin)
       VALUES ('team', $1, 'man utd', 'Man Utd', 'alias', 'operator')`,
      team.id,
    );
    await writePass(prisma(), ODDS, prices(1.9, '2026-12-05T10:00:00Z'), AT);
    await writePass(prisma(), ODDS, prices(1.85, '2026-12-06T09:00:00Z'), AT);
    const again = await writePass(prisma(), ODDS, prices(1.85, '2026-12-06T09:00:00Z'), AT);
    expect(again.changes).toEqual([]);
    await writePass(prisma(), ODDS, prices(1.5, '2026-12-06T15:30:00Z'), AT);
    const odds = await prisma().odds.findFirstOrThrow();
    expect([odds.openHome, odds.closeHome]).toEqual([1.9, 1.85]);
    const moves = await prisma().oddsMovement.findMany({ orderBy: { seq: 'asc' } });
    expect(moves.map((m) => m.home)).toEqual([1.9, 1.85, 1.5]);
    expect(await prisma().unmatchedEntity.count({ where: { kind: 'match' } })).toBe(0);
  });

  it('writes nothing of a pass with a record that breaks the format', async () => {
    const facts = season();
    const bad: SourceFacts = {
      ...facts,
      matches: [{ ...(facts.matches?.[0] as MatchFact), minute: 'ninety', status: 'live' }],
    };
    await expect(writePass(prisma(), FIXTURES, bad, AT)).rejects.toThrow(/minute/);
    expect(await prisma().team.count()).toBe(0);
    expect(await prisma().externalId.count()).toBe(0);
  });
});

describeEachDatabase('known names before a source first runs', ({ db }) => {
  it("gives a provider's club the demo's Chinese names and reaches a team stored before", async () => {
    const prisma = db().prisma;
    await prisma.$executeRawUnsafe(
      'TRUNCATE matches, teams, competitions, bookmakers, external_ids, aliases, name_groups CASCADE',
    );
    // A team a feed wrote before any source ran: no alias, only its stored name.
    await prisma.team.create({ data: { id: 7, nameOriginal: 'Arsenal', nameEn: 'Arsenal' } });
    await ensureKnownNames(prisma, () => aliasGroups());
    await writePass(prisma, FIXTURES, season(), AT);
    const teams = await prisma.team.findMany({ orderBy: { id: 'asc' } });
    expect(teams).toHaveLength(2);
    expect(teams.find((t) => t.id === 7)?.nameEn).toBe('Arsenal');
    const united = teams.find((t) => t.nameEn === 'Manchester United FC');
    expect([united?.nameZhCn, united?.nameZhHk]).toEqual(['曼联', '曼聯']);
  });
});
