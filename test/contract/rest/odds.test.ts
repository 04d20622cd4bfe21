import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import Type from 'typebox';
import Value from 'typebox/value';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { computeKellyIndex } from '../../../src/analysis/kelly-index.js';
import type { PrismaClient } from '../../../src/db/generated/client.js';
import type { Deps } from '../../../src/deps.js';
import { analyzeAll } from '../../../src/ingest/analyze/analyze.js';
import { runDemo } from '../../../src/ingest/demo/index.js';
import { Envelope } from '../../../src/wire/envelope.js';
import { BookmakerOdds, OddsMovement, RegionalBoard } from '../../../src/wire/schemas/odds.js';
import { KellyIndex } from '../../../src/wire/schemas/odds-kelly.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';

const NOW = new Date('2026-11-22T04:00:00.000Z');
const UNKNOWN = 2_147_483_000;
const EMPTY_MATCH = 2_000_000_001;

/** The body matches the documented schema exactly (additionalProperties false everywhere). */
function expectSchema(schema: TSchema, value: unknown) {
  expect([...Value.Errors(schema, value)].slice(0, 3)).toEqual([]);
}

/** A stored match with no odds, board, exchange, tips, reports or analyses at all. */
async function createEmptyMatch(prisma: PrismaClient) {
  const template = await prisma.match.findFirstOrThrow({ orderBy: { id: 'asc' } });
  await prisma.match.create({
    data: {
      id: EMPTY_MATCH,
      competitionId: template.competitionId,
      homeTeamId: template.homeTeamId,
      awayTeamId: template.awayTeamId,
      status: 'scheduled',
      kickoffUtc: new Date('2026-12-24T12:00:00.000Z'),
    },
  });
}

describeEachDatabase('odds routes (spec 4.3)', ({ db }) => {
  const clock = createFakeClock('2026-11-22T10:00:00.000Z');
  let app: FastifyInstance;
  let key: string;
  let prisma: PrismaClient;
  beforeAll(async () => {
    prisma = db().prisma;
    await runDemo(prisma, { matches: 300, seed: 7, now: NOW });
    await analyzeAll(prisma);
    await createEmptyMatch(prisma);
    app = await buildTestApp(db(), { clock });
    ({ key } = await createAccountWithKey(db(), 'Pro'));
  }, 300_000);
  afterAll(() => app.close());
  // A fresh minute per test: the per-minute limit is not what these tests are about.
  beforeEach(() => clock.advance(60_000));

  const get = (url: string) =>
    app.inject({ url: `/v1/football${url}`, headers: { authorization: `Bearer ${key}` } });

  it('odds: opening and closing prices per bookmaker and market, nulls omitted', async () => {
    const row = await prisma.odds.findFirstOrThrow({
      where: { market: 'hdp', bookmaker: { isAggregate: false } },
    });
    const res = await get(`/matches/${row.matchId}/odds`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('null');
    const body = res.json();
    expectSchema(Envelope(Type.Array(BookmakerOdds)), body);
    const ids = body.data.map((e: { bookmaker: { id: number } }) => e.bookmaker.id);
    const stored = await prisma.odds.findMany({
      where: { matchId: row.matchId },
      distinct: ['bookmakerId'],
      orderBy: { bookmakerId: 'asc' },
    });
    expect(ids).toEqual(stored.map((s) => s.bookmakerId));
    const entry = body.data.find(
      (e: { bookmaker: { id: number } }) => e.bookmaker.id === row.bookmakerId,
    );
    const bookmaker = await prisma.bookmaker.findUniqueOrThrow({ where: { id: row.bookmakerId } });
    expect(entry.bookmaker).toEqual(bookmaker);
    expect(entry.hdp).toEqual({
      opening: {
        line: row.openLine,
        home: row.openHome,
        away: row.openAway,
        at: row.openedAt?.toISOString(),
      },
      closing: {
        line: row.closeLine,
        home: row.closeHome,
        away: row.closeAway,
        at: row.closedAt?.toISOString(),
      },
    });
    expect(Object.keys(entry.had.opening).sort()).toEqual(['at', 'away', 'draw', 'home']);
  });

  it('odds: the Min/Max aggregates are listed and flagged', async () => {
    const row = await prisma.odds.findFirstOrThrow({ where: { bookmaker: { isAggregate: true } } });
    const { data } = (await get(`/matches/${row.matchId}/odds`)).json();
    const aggregates = data.filter(
      (e: { bookmaker: { isAggregate: boolean } }) => e.bookmaker.isAggregate,
    );
    expect(aggregates.map((e: { bookmaker: { name: string } }) => e.bookmaker.name).sort()).toEqual(
      ['Max', 'Min'],
    );
  });

  it('odds: a match without odds is data: [], an unknown or malformed id 404', async () => {
    expect((await get(`/matches/${EMPTY_MATCH}/odds`)).json()).toEqual({ data: [] });
    for (const id of [UNKNOWN, 'abc', '0', '99999999999']) {
      const res = await get(`/matches/${id}/odds`);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json().code).toBe('not_found');
    }
  });

  it('exchange: the stored text byte for byte, no envelope; malformed text is 502', async () => {
    const rows = await prisma.exchangeOdds.findMany({ orderBy: { matchId: 'asc' } });
    const parses = (p: string) => {
      try {
        JSON.parse(p);
        return true;
      } catch {
        return false;
      }
    };
    const good = rows.find((r) => parses(r.payload));
    const bad = rows.find((r) => !parses(r.payload));
    expect(good && bad).toBeTruthy();
    const ok = await get(`/matches/${good?.matchId}/odds/exchange`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^application\/json/);
    expect(ok.rawPayload.equals(Buffer.from(good?.payload ?? '', 'utf8'))).toBe(true);
    const broken = await get(`/matches/${bad?.matchId}/odds/exchange`);
    expect(broken.statusCode, broken.body).toBe(502);
    expect(broken.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(broken.json().code).toBe('upstream_malformed');
  });

  it('exchange: no row is 404', async () => {
    for (const id of [EMPTY_MATCH, UNKNOWN]) {
      const res = await get(`/matches/${id}/odds/exchange`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });

  /** The oracle: the index computed straight from the stored `had` rows, not through the service. */
  async function kellyFromStoredRows(matchId: number) {
    const rows = await prisma.odds.findMany({
      where: { matchId, market: 'had' },
      include: { bookmaker: true },
    });
    return computeKellyIndex(
      matchId,
      rows.map((r) => ({
        bookmaker: r.bookmaker,
        opening: { home: r.openHome, draw: r.openDraw, away: r.openAway },
        closing: { home: r.closeHome, draw: r.closeDraw, away: r.closeAway },
      })),
    );
  }

  it('kelly: the computed index in the envelope; empty for a match without odds', async () => {
    const row = await prisma.odds.findFirstOrThrow({ where: { market: 'had' } });
    const res = await get(`/matches/${row.matchId}/odds/kelly`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expectSchema(Envelope(KellyIndex), body);
    expect(body.data).toEqual(JSON.parse(JSON.stringify(await kellyFromStoredRows(row.matchId))));
    expect(body.data.bookmakers.length).toBeGreaterThan(0);
    expect(
      body.data.bookmakers.every((b: { bookmaker: { id: number } }) => b.bookmaker.id < 9000),
    ).toBe(true);
    const empty = await get(`/matches/${EMPTY_MATCH}/odds/kelly`);
    expect(empty.json()).toEqual({ data: { matchId: EMPTY_MATCH, average: {}, bookmakers: [] } });
    expect((await get(`/matches/${UNKNOWN}/odds/kelly`)).statusCode).toBe(404);
  });

  it('regional: the board with its pools; a board without pools is data: null; none is 404', async () => {
    const withPools = await prisma.regionalBoard.findFirstOrThrow({
      where: { match: { regionalPools: { some: {} } } },
    });
    const res = await get(`/matches/${withPools.matchId}/odds/regional`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expectSchema(Envelope(RegionalBoard), body);
    expect(body.data).toMatchObject({ matchId: withPools.matchId, operator: 'HKJC' });
    const pools = await prisma.regionalPool.findMany({ where: { matchId: withPools.matchId } });
    expect(body.data.pools.map((p: { pool: string }) => p.pool)).toEqual(
      ['HAD', 'HHAD', 'HDC', 'HIL', 'CHL'].filter((c) => pools.some((p) => p.pool === c)),
    );
    const had = pools.find((p) => p.pool === 'HAD');
    expect(body.data.pools[0]).toEqual({
      pool: 'HAD',
      home: had?.home,
      draw: had?.draw,
      away: had?.away,
      sellingStatus: had?.sellingStatus,
    });

    const bare = await prisma.regionalBoard.findFirstOrThrow({
      where: { match: { regionalPools: { none: {} } } },
    });
    const empty = await get(`/matches/${bare.matchId}/odds/regional`);
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe('{"data":null}');

    const none = await prisma.match.findFirstOrThrow({ where: { regionalBoard: null } });
    for (const id of [none.id, UNKNOWN]) {
      const missing = await get(`/matches/${id}/odds/regional`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('not_found');
    }
  });

  it('movement: every change in order, by id and by raw name (non-Latin and *)', async () => {
    const books = await prisma.bookmaker.findMany();
    const starred = books.filter((b) => b.name.endsWith('*') && /\p{Script=Han}/u.test(b.name));
    const first = await prisma.oddsMovement.findFirstOrThrow({
      where: {
        bookmakerId: { in: starred.map((b) => b.id) },
        market: 'had',
        liveScore: { not: null },
      },
    });
    const bookmaker = books.find((b) => b.id === first.bookmakerId);
    const stored = await prisma.oddsMovement.findMany({
      where: { matchId: first.matchId, market: 'had', bookmakerId: first.bookmakerId },
      orderBy: { seq: 'asc' },
    });
    const byName = await get(
      `/matches/${first.matchId}/odds/had/${encodeURIComponent(bookmaker?.name ?? '')}`,
    );
    expect(byName.statusCode, byName.body).toBe(200);
    const body = byName.json();
    expectSchema(Envelope(OddsMovement), body);
    expect(body.data.bookmaker).toEqual(bookmaker);
    expect(body.data.changes).toEqual(
      stored.map((s) => ({
        changedAt: s.changedAt.toISOString(),
        home: s.home,
        draw: s.draw,
        away: s.away,
        ...(s.liveScore ? { liveScore: s.liveScore } : {}),
        ...(s.liveMinute ? { liveMinute: s.liveMinute } : {}),
      })),
    );
    expect(body.data.changes.some((c: { liveScore?: string }) => c.liveScore)).toBe(true);
    const byId = await get(`/matches/${first.matchId}/odds/had/${first.bookmakerId}`);
    expect(byId.body).toBe(byName.body);
  });

  it('movement: hdp and hilo changes carry the line and their own prices only', async () => {
    for (const market of ['hdp', 'hilo'] as const) {
      const row = await prisma.oddsMovement.findFirstOrThrow({ where: { market } });
      const { data } = (
        await get(`/matches/${row.matchId}/odds/${market}/${row.bookmakerId}`)
      ).json();
      const keys = market === 'hdp' ? ['away', 'home', 'line'] : ['line', 'over', 'under'];
      expect(
        Object.keys(data.changes[0])
          .filter((k) => !k.startsWith('live') && k !== 'changedAt')
          .sort(),
      ).toEqual(keys);
    }
  });

  it('movement: 400 naming market or matchId; 404 unknown bookmaker or no movement', async () => {
    const row = await prisma.oddsMovement.findFirstOrThrow({ where: { market: 'hdp' } });
    const cases: [string, number, string][] = [
      [`/matches/${row.matchId}/odds/1x2/${row.bookmakerId}`, 400, 'market'],
      [`/matches/abc/odds/hdp/${row.bookmakerId}`, 400, 'matchId'],
      [`/matches/0/odds/hdp/${row.bookmakerId}`, 400, 'matchId'],
      [`/matches/${row.matchId}/odds/hdp/${encodeURIComponent('No Such Book*')}`, 404, ''],
      [`/matches/${row.matchId}/odds/hdp/777777`, 404, ''],
      [`/matches/${row.matchId}/odds/hdp/99999999999999`, 404, ''],
      [`/matches/${row.matchId}/odds/hdp/9001`, 404, ''],
      [`/matches/${EMPTY_MATCH}/odds/hdp/${row.bookmakerId}`, 404, ''],
      [`/matches/${UNKNOWN}/odds/hdp/${row.bookmakerId}`, 404, ''],
    ];
    for (const [url, status, parameter] of cases) {
      const res = await get(url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(status);
      expect(res.json().code).toBe(status === 400 ? 'invalid_parameter' : 'not_found');
      if (parameter) {
        expect(res.json().parameter).toBe(parameter);
      }
    }
  });

  it('batch variants (for DataLoaders) agree with the single reads, one entry per known id', async () => {
    const services = (app as FastifyInstance & { deps: Deps }).deps.services;
    const ids = (
      await prisma.match.findMany({ take: 5, orderBy: { id: 'asc' }, select: { id: true } })
    ).map((m) => m.id);
    const all = [...ids, EMPTY_MATCH, UNKNOWN];
    const odds = await services.odds.getWireForMatches(all);
    const kelly = await services.kellyIndex.getForMatches(all);
    const tips = await services.tipsDistribution.getForMatches(all);
    const boards = await services.regionalBoards.getForMatches(all);
    for (const id of ids) {
      expect(odds.get(id) ?? []).toEqual(await services.odds.getWireForMatch(id));
      expect(kelly.get(id)).toEqual(await services.kellyIndex.getForMatch(id));
      expect(tips.get(id)).toEqual(await services.tipsDistribution.getForMatch(id));
      if (boards.has(id)) {
        expect(boards.get(id)).toEqual(await services.regionalBoards.getForMatch(id));
      }
    }
    expect(kelly.has(UNKNOWN) || tips.has(UNKNOWN) || boards.has(UNKNOWN)).toBe(false);
    expect(kelly.get(EMPTY_MATCH)?.bookmakers).toEqual([]);
    const row = await prisma.oddsMovement.findFirstOrThrow({ where: { market: 'hdp' } });
    const book = await services.oddsMovements.findBookmaker({ id: row.bookmakerId });
    const moves = await services.oddsMovements.getForMatches([row.matchId, UNKNOWN], 'hdp', book!);
    expect([...moves.keys()]).toEqual([row.matchId]);
  });

  it('without a key every odds route is 401', async () => {
    const res = await app.inject('/v1/football/matches/1000001/odds/kelly');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });
});
