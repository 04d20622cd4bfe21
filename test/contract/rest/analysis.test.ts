import type { FastifyInstance } from 'fastify';
import Type, { type TSchema } from 'typebox';
import Value from 'typebox/value';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { PrismaClient } from '../../../src/db/generated/client.js';
import { analyzeAll } from '../../../src/ingest/analyze/analyze.js';
import { runDemo } from '../../../src/ingest/demo/index.js';
import { Envelope } from '../../../src/wire/envelope.js';
import { AiReport, TipsDistributionEntry } from '../../../src/wire/schemas/analysis.js';
import { CornerAnalysis } from '../../../src/wire/schemas/analysis-corners.js';
import { HandicapAnalysis, OverUnderAnalysis } from '../../../src/wire/schemas/analysis-market.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';

const NOW = new Date('2026-11-22T04:00:00.000Z');
const UNKNOWN = 2_147_483_000;
const A = '/analysis';

function expectSchema(schema: TSchema, value: unknown) {
  expect([...Value.Errors(schema, value)].slice(0, 3)).toEqual([]);
}

describeEachDatabase('analysis routes (spec 4.4)', ({ db }) => {
  const clock = createFakeClock('2026-11-22T10:00:00.000Z');
  let app: FastifyInstance;
  let prisma: PrismaClient;
  let plus: string;
  let notAnalyzed: number;
  beforeAll(async () => {
    prisma = db().prisma;
    await runDemo(prisma, { matches: 300, seed: 7, now: NOW });
    // Every match but the last is analysed: the last one has no stored documents (404).
    const ids = (await prisma.match.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map(
      (m) => m.id,
    );
    notAnalyzed = ids.pop() as number;
    await analyzeAll(prisma, { matchIds: ids });
    app = await buildTestApp(db(), { clock });
    ({ key: plus } = await createAccountWithKey(db(), 'Plus'));
  }, 300_000);
  afterAll(() => app.close());
  beforeEach(() => clock.advance(60_000));

  const get = (url: string, key = plus, headers: Record<string, string> = {}) =>
    app.inject({
      url: `/v1/football/matches/${url}`,
      headers: { authorization: `Bearer ${key}`, ...headers },
    });

  /** Published reports of one kind, with the languages stored for each match. */
  async function publishedReports(kind: 'basic' | 'deep') {
    const rows = await prisma.aiReport.findMany({
      where: { kind, published: true },
      orderBy: { matchId: 'asc' },
    });
    const byMatch = new Map<number, typeof rows>();
    for (const r of rows) {
      byMatch.set(r.matchId, [...(byMatch.get(r.matchId) ?? []), r]);
    }
    return byMatch;
  }

  it('ai-basic: English by default; zh-TW is served the zh-HK text, Content-Language says so', async () => {
    const [matchId, rows] = [...(await publishedReports('basic'))].find(([, r]) => r.length === 3)!;
    const en = await get(`${matchId}${A}/ai-basic`);
    expect(en.statusCode, en.body).toBe(200);
    expectSchema(Envelope(AiReport), en.json());
    expect(en.json().data).toEqual({
      matchId,
      kind: 'basic',
      language: 'en',
      text: rows.find((r) => r.language === 'en')?.text,
      publishedAt: rows[0]?.publishedAt?.toISOString(),
    });
    expect(en.headers['content-language']).toBe('en');
    expect(en.headers.vary).toMatch(/Accept-Language/i);
    const tw = await get(`${matchId}${A}/ai-basic`, plus, { 'accept-language': 'zh-TW,en;q=0.5' });
    expect(tw.headers['content-language']).toBe('zh-HK');
    expect(tw.json().data.text).toBe(rows.find((r) => r.language === 'zh_HK')?.text);
    expect(tw.json().data.language).toBe('zh-HK');
    const cn = await get(`${matchId}${A}/ai-basic`, plus, { 'accept-language': 'zh-CN' });
    expect(cn.json().data.text).toBe(rows.find((r) => r.language === 'zh_CN')?.text);
  });

  it('ai reports: a missing language falls back to English, and Content-Language says en', async () => {
    const reports = [...(await publishedReports('basic')), ...(await publishedReports('deep'))];
    const missingChinese = (
      await Promise.all([publishedReports('basic'), publishedReports('deep')])
    )
      .flatMap((m, i) => [...m].map(([id, r]) => ({ id, r, kind: i === 0 ? 'basic' : 'deep' })))
      .find(({ r }) => r.length === 2 && r.some((x) => x.language === 'en'));
    expect(reports.length).toBeGreaterThan(0);
    expect(missingChinese).toBeDefined();
    const { id, r, kind } = missingChinese!;
    const missing = r.some((x) => x.language === 'zh_CN') ? 'zh-HK' : 'zh-CN';
    const res = await get(`${id}${A}/ai-${kind}`, plus, { 'accept-language': missing });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-language']).toBe('en');
    expect(res.json().data).toMatchObject({
      language: 'en',
      text: r.find((x) => x.language === 'en')?.text,
    });
  });

  it('ai reports: unpublished is 404; basic and deep are read independently', async () => {
    const unpublished = await prisma.aiReport.findFirstOrThrow({ where: { published: false } });
    const res = await get(`${unpublished.matchId}${A}/ai-${unpublished.kind}`);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().code).toBe('not_found');
    const deep = await publishedReports('deep');
    const basicOnly = [...(await publishedReports('basic')).keys()].find((id) => !deep.has(id))!;
    expect((await get(`${basicOnly}${A}/ai-basic`)).statusCode).toBe(200);
    expect((await get(`${basicOnly}${A}/ai-deep`)).statusCode).toBe(404);
    expect((await get(`${UNKNOWN}${A}/ai-basic`)).statusCode).toBe(404);
  });

  it('tips distribution: only samples of more than ten tips; [] when none is eligible', async () => {
    const groups = await prisma.customerTip.groupBy({
      by: ['matchId', 'betType', 'line'],
      _count: { _all: true },
    });
    const small = groups.find((g) => g._count._all <= 10)!;
    const eligible = groups
      .filter((g) => g.matchId === small.matchId && g._count._all > 10)
      .map((g) => `${g.betType}|${g.line ?? ''}|${g._count._all}`)
      .sort();
    const res = await get(`${small.matchId}${A}/tips-distribution`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expectSchema(Envelope(Type.Array(TipsDistributionEntry)), body);
    const listed = body.data.map(
      (e: { betType: string; line?: number; tips: number }) =>
        `${e.betType}|${e.line ?? ''}|${e.tips}`,
    );
    expect([...listed].sort()).toEqual(eligible);
    const tipped = new Set(groups.filter((g) => g._count._all > 10).map((g) => g.matchId));
    const none = await prisma.match.findFirstOrThrow({ where: { id: { notIn: [...tipped] } } });
    expect((await get(`${none.id}${A}/tips-distribution`)).json()).toEqual({ data: [] });
  });

  it('handicap, over-under, corners: the stored document spliced byte for byte', async () => {
    const cases = [
      ['handicap', 'hdp', HandicapAnalysis],
      ['over-under', 'hilo', OverUnderAnalysis],
    ] as const;
    for (const [path, market, schema] of cases) {
      const stored = await prisma.marketAnalysis.findFirstOrThrow({ where: { market } });
      const res = await get(`${stored.matchId}${A}/${path}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toBe(`{"data":${stored.payload}}`);
      expectSchema(Envelope(schema), res.json());
    }
    const corners = await prisma.cornerAnalysis.findFirstOrThrow({
      where: { matchId: { not: notAnalyzed } },
    });
    const res = await get(`${corners.matchId}${A}/corners`);
    expect(res.body).toBe(`{"data":${corners.payload}}`);
    expectSchema(Envelope(CornerAnalysis), res.json());
  });

  it('handicap, over-under, corners: not computed yet or unknown match is 404', async () => {
    for (const path of ['handicap', 'over-under', 'corners']) {
      for (const id of [notAnalyzed, UNKNOWN]) {
        const res = await get(`${id}${A}/${path}`);
        expect(res.statusCode, `${path} ${id}`).toBe(404);
        expect(res.json().code).toBe('not_found');
      }
    }
  });

  it('a malformed matchId is 400 naming matchId on every analysis route', async () => {
    for (const path of [
      'ai-basic',
      'ai-deep',
      'tips-distribution',
      'handicap',
      'over-under',
      'corners',
    ]) {
      for (const id of ['abc', '0', '1.5']) {
        const res = await get(`${id}${A}/${path}`);
        expect(res.statusCode, `${path} ${id}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'invalid_parameter', parameter: 'matchId' });
      }
    }
  });

  it('a Free key: 403 tier_insufficient, no daily quota charged', async () => {
    const { key: free } = await createAccountWithKey(db(), 'Free');
    const match = await prisma.marketAnalysis.findFirstOrThrow();
    const plan = await get(`${match.matchId}/odds/kelly`, free);
    expect(plan.statusCode).toBe(200);
    const remaining = Number(plan.headers['x-quota-remaining']);
    for (const path of [
      'ai-basic',
      'ai-deep',
      'tips-distribution',
      'handicap',
      'over-under',
      'corners',
    ]) {
      const res = await get(`${match.matchId}${A}/${path}`, free);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().code).toBe('tier_insufficient');
      expect(Number(res.headers['x-quota-remaining'])).toBe(remaining);
    }
    const next = await get(`${match.matchId}/odds/kelly`, free);
    expect(Number(next.headers['x-quota-remaining'])).toBe(remaining - 1);
  });

  it('a Plus key is charged one unit per analysis request, 404 included', async () => {
    const { key } = await createAccountWithKey(db(), 'Plus');
    const first = await get(`${UNKNOWN}${A}/corners`, key);
    expect(first.statusCode).toBe(404);
    expect(first.headers['x-quota-remaining']).toBe('4999');
  });

  it('a Free key that used its 30 daily requests gets 429 quota_exceeded', async () => {
    const { key: free } = await createAccountWithKey(db(), 'Free');
    const url = `${(await prisma.match.findFirstOrThrow()).id}/odds/kelly`;
    for (let i = 0; i < 30; i += 1) {
      if (i % 20 === 0) {
        clock.advance(60_000);
      }
      expect((await get(url, free)).statusCode).toBe(200);
    }
    clock.advance(60_000);
    const res = await get(url, free);
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json().code).toBe('quota_exceeded');
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.headers['x-quota-remaining']).toBe('0');
  });
});
