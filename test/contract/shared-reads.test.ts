import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedPlans } from '../../src/accounts/plans-seed.js';
import { createAccountWithKey } from '../helpers/access.js';
import { buildTestApp } from '../helpers/app.js';
import { createFakeClock } from '../helpers/clock.js';
import { describeEachDatabase } from '../helpers/db.js';
import { loadDemo } from '../helpers/demo-fixture.js';
import { countingDatabase, graphql } from '../helpers/graphql.js';

/** The statements that read match rows by id (with their competition and teams). */
const matchReads = (statements: string[]) =>
  statements.filter(
    (sql) => /FROM matches m\s+JOIN competitions/.test(sql) && /m\.id = /.test(sql),
  );

const DETAIL = `query Detail($id: Int!) { match(id: $id) { id status home { name } } }`;

/**
 * Cache off, requests that arrive together for different matches share one statement
 * (src/db/coalesced-reads.ts), and each still gets its own match, its own charge and a read made
 * after it asked.
 */
describeEachDatabase('reads shared by requests that arrive together', ({ db }) => {
  const clock = createFakeClock('2026-11-22T10:00:00.000Z');
  let app: FastifyInstance;
  let statements: string[];
  let closeCounting: () => Promise<void>;
  let key: string;
  let ids: number[];

  beforeAll(async () => {
    await loadDemo(db());
    await seedPlans(db().prisma);
    const counting = countingDatabase(db());
    statements = counting.statements;
    closeCounting = counting.database.close;
    app = await buildTestApp(counting.database, { clock, env: { RESPONSE_CACHE: 'off' } });
    ({ key } = await createAccountWithKey(db(), 'Pro'));
    const rows = await db().prisma.match.findMany({ select: { id: true }, orderBy: { id: 'asc' } });
    ids = rows.slice(0, 8).map((r) => r.id);
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await closeCounting?.();
  });

  const detail = (id: number) =>
    app.inject({ url: `/v1/football/matches/${id}`, headers: { 'x-api-key': key } });

  /** Warms the key and account caches, so only the requests' own statements are counted. */
  async function counted<T>(run: () => Promise<T>): Promise<T> {
    await detail(ids[0] as number);
    statements.length = 0;
    return run();
  }

  it('eight REST match details at once: eight answers, one statement', async () => {
    const answers = await counted(() => Promise.all(ids.map(detail)));
    expect(answers.map((a) => a.statusCode)).toEqual(ids.map(() => 200));
    expect(answers.map((a) => a.json().data.id)).toEqual(ids);
    expect(matchReads(statements)).toHaveLength(1);
    const remaining = answers.map((a) => Number(a.headers['x-quota-remaining']));
    expect(new Set(remaining).size).toBe(ids.length);
  });

  it('eight GraphQL match operations at once: one statement, each its own match', async () => {
    const answers = await counted(() =>
      Promise.all(ids.map((id) => graphql(app, DETAIL, { key, variables: { id } }))),
    );
    const matches = answers.map((a) => (a.body.data?.['match'] as { id: number } | undefined)?.id);
    expect(matches).toEqual(ids);
    expect(matchReads(statements)).toHaveLength(1);
  });

  it('an unknown match among them is still the one 404', async () => {
    const answers = await counted(() => Promise.all([detail(ids[1] as number), detail(999_999)]));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404]);
    expect(answers[1]?.json().code).toBe('not_found');
    expect(matchReads(statements)).toHaveLength(1);
  });

  /** The statements that read a day page (the count over the day's filtered matches). */
  const pageReads = (all: string[]) => all.filter((sql) => /counted AS \(SELECT count/.test(sql));
  const liveReads = (all: string[]) => all.filter((sql) => /WHERE m\.status = 'live'/.test(sql));

  it('eight REST day lists at once: one statement per distinct page, each its own charge', async () => {
    const [match] = await db().prisma.match.findMany({ orderBy: { id: 'asc' }, take: 1 });
    const day = match?.kickoffUtc.toISOString().slice(0, 10) as string;
    const list = (pageSize: number) =>
      app.inject({
        url: `/v1/football/matches?date=${day}&tz=0&pageSize=${pageSize}`,
        headers: { 'x-api-key': key },
      });
    const sizes = [5, 5, 5, 5, 5, 5, 2, 2];
    const answers = await counted(() => Promise.all(sizes.map(list)));
    expect(answers.map((a) => a.statusCode)).toEqual(sizes.map(() => 200));
    expect(answers.map((a) => a.json().data.length)).toEqual(
      sizes.map((size) => Math.min(size, answers[0]?.json().meta.total)),
    );
    expect(answers[6]?.json().data).toEqual(answers[0]?.json().data.slice(0, 2));
    expect(pageReads(statements)).toHaveLength(2);
    // The list is charged to the free match-list allowance first (spec 8.2).
    const remaining = answers.map((a) => Number(a.headers['x-matches-bonus-remaining']));
    expect(new Set(remaining).size).toBe(sizes.length);
  });

  it('eight REST live lists at once: one statement', async () => {
    const live = () =>
      app.inject({ url: '/v1/football/matches/live', headers: { 'x-api-key': key } });
    const answers = await counted(() => Promise.all(Array.from({ length: 8 }, live)));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(liveReads(statements)).toHaveLength(1);
  });

  it('a list asked after a change reads the change', async () => {
    const [match] = await db().prisma.match.findMany({ orderBy: { id: 'asc' }, take: 1 });
    const id = match?.id as number;
    const day = match?.kickoffUtc.toISOString().slice(0, 10) as string;
    const list = () =>
      app.inject({
        url: `/v1/football/matches?date=${day}&tz=0&pageSize=100`,
        headers: { 'x-api-key': key },
      });
    const venues = async () =>
      ((await list()).json().data as { id: number; venue: string }[]).find((m) => m.id === id)
        ?.venue;
    expect(await venues()).not.toBe('Listed Ground');
    await db().prisma.match.update({ where: { id }, data: { venue: 'Listed Ground' } });
    expect(await venues()).toBe('Listed Ground');
  });

  it('a request after a change reads the change, not an earlier read of the same match', async () => {
    const id = ids[2] as number;
    const before = await detail(id);
    await db().prisma.match.update({ where: { id }, data: { venue: 'Renamed Ground' } });
    const after = await detail(id);
    expect(before.json().data.venue).not.toBe('Renamed Ground');
    expect(after.json().data.venue).toBe('Renamed Ground');
  });
});
