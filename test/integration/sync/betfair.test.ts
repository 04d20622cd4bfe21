import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { linkUnmatched, listUnmatched } from '../../../src/ingest/sync/identity/mapping.js';
import { exchangeDocument } from '../../../src/ingest/sync/sources/betfair/exchange-document.js';
import { betfairSource } from '../../../src/ingest/sync/sources/betfair/index.js';
import type {
  BetfairBook,
  BetfairCatalogue,
} from '../../../src/ingest/sync/sources/betfair/schemas.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { loadSession, type RecordedSession } from '../../helpers/provider-stand-in.js';
import { entityOf, fillFixtures, sameMatches, storedOdds } from '../../helpers/sync.js';
import { useSourceUnderTest } from '../../helpers/sync-source.js';

const SOURCE = 'betfair';
const EXCHANGE = 'Betfair Exchange';
const CHELSEA_ARSENAL = '33745286';

/** The recorded catalogue entry and book of a market, as the stand-in serves them at `step`. */
function recorded(session: RecordedSession, step: string, marketId: string) {
  const answers = session.steps
    .slice(0, session.steps.findIndex((s) => s.name === step) + 1)
    .flatMap((s) => s.answers);
  const find = <T extends { marketId: string }>(path: string) =>
    answers
      .filter((a) => a.path === path)
      .flatMap((a) => (a.json ?? []) as T[])
      .findLast((m) => m.marketId === marketId) as T;
  return {
    catalogue: find<BetfairCatalogue>('/listMarketCatalogue/'),
    book: find<BetfairBook>('/listMarketBook/'),
  };
}

describeEachDatabase('touchline sync betfair against its stand-in', ({ db }) => {
  const prisma = () => db().prisma;
  const source = useSourceUnderTest(prisma, betfairSource, ['10932509']);
  const { pass } = source;
  let app: FastifyInstance;
  let key: string;

  const served = async (eventId: string) => {
    const matchId = await entityOf(prisma(), SOURCE, 'match', eventId);
    return app.inject({
      url: `/v1/football/matches/${matchId}/odds/exchange`,
      headers: { authorization: `Bearer ${key}` },
    });
  };
  const exchangeRow = async (eventId: string) =>
    prisma().exchangeOdds.findUniqueOrThrow({
      where: { matchId: await entityOf(prisma(), SOURCE, 'match', eventId) },
    });

  beforeAll(async () => {
    app = await buildTestApp(db());
    ({ key } = await createAccountWithKey(db(), 'Pro'));
  });
  afterAll(() => app?.close());

  it('links what it can, lists the rest, and writes a match once the operator links its team', async () => {
    await fillFixtures(prisma(), 'matchday-2');
    const session = loadSession(SOURCE, 'season');
    await source.start(session);
    expect(await pass('full', '2024-08-23T12:00:00Z')).toMatchObject({ ok: true, requests: 5 });
    // "West Ham" and "Tottenham" are football-data.org's short names, "Brighton" the demo's;
    // "Man Utd", "Leicester" and "Ipswich" are no name the store knows.
    expect(await sameMatches(prisma(), SOURCE, 'football-data-org')).toEqual([
      ['33502182', '497421'],
      ['33502185', '497425'],
      ['33502186', '497426'],
    ]);
    const links = await prisma().externalId.findMany({ where: { source: SOURCE, kind: 'match' } });
    expect(links.some((l) => l.owner)).toBe(false);
    const unmatched = await listUnmatched(prisma(), SOURCE);
    expect(unmatched.filter((u) => u.kind === 'team').map((u) => [u.sourceId, u.name])).toEqual([
      ['48044', 'Ipswich'],
      ['48224', 'Leicester'],
      ['48351', 'Man Utd'],
    ]);
    const matches = unmatched.filter((u) => u.kind === 'match');
    // Listed for the operator by the teams' names, not Betfair's selection ids.
    expect(matches.map((u) => [u.sourceId, u.name, u.detail]).sort()).toEqual([
      ['33502181', 'Brighton v Man Utd at 2024-08-24T11:30:00.000Z', 'team not matched: Man Utd'],
      ['33502183', 'Fulham v Leicester at 2024-08-24T14:00:00.000Z', 'team not matched: Leicester'],
      ['33502184', 'Man City v Ipswich at 2024-08-24T14:00:00.000Z', 'team not matched: Ipswich'],
    ]);
    expect(await prisma().exchangeOdds.count()).toBe(3);
    const villa = '33502186';
    expect(await storedOdds(prisma(), SOURCE, villa, EXCHANGE, 'had')).toMatchObject({
      openHome: 4.1,
      openDraw: 3.9,
      openAway: 1.97,
      openedAt: new Date('2024-08-23T12:00:00Z'),
    });
    // The main handicap line: where the two prices are closest.
    expect(await storedOdds(prisma(), SOURCE, villa, EXCHANGE, 'hdp')).toMatchObject({
      openLine: 0.5,
      openHome: 1.96,
      openAway: 1.98,
    });

    const res = await served(villa);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const { book, catalogue } = recorded(session, 'round', '1.231550101');
    expect(res.body).toBe(exchangeDocument(book, catalogue));
    expect(res.rawPayload.equals(Buffer.from((await exchangeRow(villa)).payload))).toBe(true);
    const document = res.json();
    expect(document).toMatchObject({
      marketName: 'Match Odds',
      eventName: 'Aston Villa v Arsenal',
    });
    expect(document.runners[0]).toMatchObject({ runnerName: 'Aston Villa', ...book.runners[0] });

    const manUtd = await entityOf(prisma(), 'football-data-org', 'team', '66');
    await linkUnmatched(prisma(), {
      source: SOURCE,
      kind: 'team',
      sourceId: '48351',
      entityId: manUtd,
    });
    expect((await pass('full', '2024-08-23T12:05:00Z')).ok).toBe(true);
    expect(await sameMatches(prisma(), SOURCE, 'football-data-org')).toContainEqual([
      '33502181',
      '497420',
    ]);
    expect(await storedOdds(prisma(), SOURCE, '33502181', EXCHANGE, 'had')).toMatchObject({
      openHome: 2.5,
      openAway: 2.92,
    });
    expect(await prisma().exchangeOdds.count()).toBe(4);
    const remaining = await listUnmatched(prisma(), SOURCE);
    expect(remaining.map((u) => u.sourceId)).not.toContain('33502181');

    const before = await exchangeRow(villa);
    expect(await pass('full', '2024-08-23T12:10:00Z')).toMatchObject({ ok: true, changes: 0 });
    expect(await exchangeRow(villa)).toEqual(before);
  });

  it('follows the exchange through a match: in-play prices move but do not close', async () => {
    await fillFixtures(prisma(), 'live');
    const session = loadSession(SOURCE, 'live');
    const standIn = await source.start(session);
    expect(await pass('full', '2024-11-10T16:00:00Z')).toMatchObject({ ok: true, requests: 4 });
    const seen: unknown[] = [];
    for (const [step, now] of [
      ['kick-off', '2024-11-10T16:31:00Z'],
      ['half-time', '2024-11-10T17:20:00Z'],
      ['goal', '2024-11-10T17:46:00Z'],
      ['reopened', '2024-11-10T17:47:00Z'],
      ['full-time', '2024-11-10T18:24:00Z'],
      ['settled', '2024-11-10T18:40:00Z'],
    ] as const) {
      standIn.step(step);
      expect(await pass('live', now), step).toMatchObject({ ok: true });
      const row = await exchangeRow(CHELSEA_ARSENAL);
      const book = JSON.parse(row.payload);
      seen.push([step, book.status, book.inplay, book.totalMatched, row.receivedAt.toISOString()]);
    }
    expect(seen).toEqual([
      ['kick-off', 'OPEN', true, 2100000, '2024-11-10T16:31:00.000Z'],
      ['half-time', 'OPEN', true, 3300000, '2024-11-10T17:20:00.000Z'],
      ['goal', 'SUSPENDED', true, 4100000, '2024-11-10T17:46:00.000Z'],
      ['reopened', 'OPEN', true, 4200000, '2024-11-10T17:47:00.000Z'],
      ['full-time', 'SUSPENDED', true, 6900000, '2024-11-10T18:24:00.000Z'],
      // Settled markets leave the catalogue: the last document stays.
      ['settled', 'SUSPENDED', true, 6900000, '2024-11-10T18:24:00.000Z'],
    ]);
    const had = await storedOdds(prisma(), SOURCE, CHELSEA_ARSENAL, EXCHANGE, 'had');
    expect(had).toMatchObject({
      openHome: 2.98,
      openDraw: 3.5,
      openAway: 2.46,
      closeHome: 2.98,
      closedAt: new Date('2024-11-10T16:00:00Z'),
    });
    const exchange = await entityOf(prisma(), SOURCE, 'bookmaker', EXCHANGE);
    const moves = await prisma().oddsMovement.findMany({
      where: { bookmakerId: exchange },
      orderBy: [{ market: 'asc' }, { seq: 'asc' }],
    });
    // A suspended market offers nothing: no movement at the goal or at full time.
    expect(
      moves.map((m) => [m.market, m.changedAt.toISOString().slice(11, 16), m.home, m.over]),
    ).toEqual([
      ['had', '16:00', 2.98, null],
      ['had', '16:31', 3.05, null],
      ['had', '17:20', 3.9, null],
      ['had', '17:47', 9.4, null],
      ['hilo', '16:00', null, 1.94],
      ['hilo', '16:31', null, 2],
      ['hilo', '17:20', null, 2.74],
      ['hilo', '17:47', null, 1.43],
    ]);

    standIn.step('full-time');
    const before = await exchangeRow(CHELSEA_ARSENAL);
    expect(await pass('live', '2024-11-10T18:30:00Z')).toMatchObject({ ok: true, changes: 0 });
    expect(await exchangeRow(CHELSEA_ARSENAL)).toEqual(before);
    const res = await served(CHELSEA_ARSENAL);
    const { book, catalogue } = recorded(session, 'full-time', '1.235001001');
    expect(res.body).toBe(exchangeDocument(book, catalogue));
    expect(res.rawPayload.equals(Buffer.from(before.payload))).toBe(true);
  });
});
