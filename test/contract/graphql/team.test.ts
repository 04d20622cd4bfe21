import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedPlans } from '../../../src/accounts/plans-seed.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { type DemoCases, loadDemo } from '../../helpers/demo-fixture.js';
import { countingDatabase, errorCodes, graphql } from '../../helpers/graphql.js';
import { expectSameAsRest } from '../../helpers/graphql-parity.js';

const readsOf = (statements: string[]) =>
  statements.filter((sql) => !/\b(daily_usage|minute_usage)\b/i.test(sql));

/** Issue 49: `team(id) { matches(...) }` and the new `matches` arguments, as REST says them. */
describeEachDatabase('GraphQL team(id), its matches, and matches over a range', ({ db }) => {
  const clock = createFakeClock('2026-11-22T10:00:00.000Z');
  let app: FastifyInstance;
  let key: string;
  let cases: DemoCases;
  let statements: string[];
  let closeCounting: () => Promise<void>;

  beforeAll(async () => {
    ({ cases } = await loadDemo(db()));
    await seedPlans(db().prisma);
    const counting = countingDatabase(db());
    statements = counting.statements;
    closeCounting = counting.database.close;
    app = await buildTestApp(counting.database, { clock, env: { RESPONSE_CACHE: 'off' } });
    ({ key } = await createAccountWithKey(db(), 'Pro'));
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await closeCounting?.();
  });

  const rest = async (path: string, language = 'en') => {
    const res = await app.inject({
      url: `/v1/football${path}`,
      headers: { 'x-api-key': key, 'accept-language': language },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: unknown; meta?: unknown };
  };
  const query = async (text: string, headers: Record<string, string> = {}) => {
    const response = await graphql(app, text, { key, headers });
    expect(response.status).toBe(200);
    return response;
  };

  it('team(id) says what GET /teams/{teamId} says, in the negotiated language', async () => {
    for (const language of ['en', 'zh-HK']) {
      const r = await query(
        `{ team(id: ${cases.teamId}) { id name nameOriginal country logo competitionIds } }`,
        { 'accept-language': language },
      );
      expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
      expectSameAsRest(
        (await rest(`/teams/${cases.teamId}`, language)).data,
        r.body.data?.['team'],
      );
    }
  });

  it('team matches: last, next and pages as the REST list', async () => {
    for (const [args, qs] of [
      ['last: 3', 'last=3'],
      ['next: 2', 'next=2'],
      ['pageSize: 4, page: 2', 'pageSize=4&page=2'],
      [
        'from: "2026-11-01", to: "2026-11-30", timeZone: "Europe/London"',
        'from=2026-11-01&to=2026-11-30&tz=Europe/London',
      ],
    ]) {
      const r = await query(
        `{ team(id: ${cases.teamId}) { matches(${args}) { items { id status kickoffUtc } pageInfo { page pageSize total totalPages } } } }`,
      );
      expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
      const page = (
        (r.body.data as Record<string, unknown>)['team'] as {
          matches: { items: { id: number }[]; pageInfo: unknown };
        }
      ).matches;
      const fromRest = (await rest(`/teams/${cases.teamId}/matches?${qs}`)) as {
        data: { id: number }[];
        meta: unknown;
      };
      expect(
        page.items.map((m) => m.id),
        args,
      ).toEqual(fromRest.data.map((m) => m.id));
      expect(page.pageInfo, args).toEqual(fromRest.meta);
    }
  });

  it('matches(from, to, timeZone, competitionId, teamId) as GET /matches', async () => {
    const { date } = cases.today;
    const r = await query(
      `{ matches(from: "${date}", to: "${date}", timeZone: "Asia/Hong_Kong", teamId: ${cases.teamId}, pageSize: 100) { items { id } pageInfo { total } } }`,
    );
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    const fromRest = (await rest(
      `/matches?from=${date}&to=${date}&tz=Asia/Hong_Kong&teamId=${cases.teamId}&pageSize=100`,
    )) as { data: { id: number }[] };
    const page = r.body.data?.['matches'] as { items: { id: number }[] };
    expect(page.items.map((m) => m.id)).toEqual(fromRest.data.map((m) => m.id));
  });

  it('bad arguments are invalid_parameter; an unknown team is null with not_found', async () => {
    for (const text of [
      `{ team(id: ${cases.teamId}) { matches(last: 3, next: 3) { items { id } } } }`,
      `{ team(id: ${cases.teamId}) { matches(last: 3, page: 2) { items { id } } } }`,
      '{ matches(tz: 0, timeZone: "Europe/London") { items { id } } }',
      '{ matches(timeZone: "Mars/Olympus") { items { id } } }',
      '{ matches(from: "2026-11-01", to: "2026-12-15") { items { id } } }',
      '{ matches(from: "2026-11-01", to: "2026-11-02", teamId: 2147483000) { items { id } } }',
    ]) {
      expect(errorCodes(await query(text)), text).toEqual(['invalid_parameter']);
    }
    const unknown = await query('{ team(id: 2147483000) { name } }');
    expect(unknown.body.data?.['team']).toBeNull();
    expect(errorCodes(unknown)).toEqual(['not_found']);
  });

  it('a team page of matches with their events: statements independent of its size', async () => {
    const count = async (n: number) => {
      await graphql(app, '{ usage { rate { used } } }', { key });
      statements.length = 0;
      const r = await query(
        `{ team(id: ${cases.teamId}) { name matches(pageSize: ${n}) { items { id home { name } events { type } } } } }`,
      );
      expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
      const items = (
        (r.body.data as Record<string, unknown>)['team'] as { matches: { items: unknown[] } }
      ).matches.items;
      return { items: items.length, reads: readsOf(statements).length };
    };
    const one = await count(1);
    const all = await count(100);
    expect(one.items).toBe(1);
    expect(all.items).toBeGreaterThan(1);
    expect(all.reads).toBe(one.reads);
  });
});
