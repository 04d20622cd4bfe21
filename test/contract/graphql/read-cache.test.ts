import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedPlans } from '../../../src/accounts/plans-seed.js';
import type { Deps } from '../../../src/deps.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { gatherOnOneDay, loadDemo } from '../../helpers/demo-fixture.js';
import { countingDatabase, dataField, graphql } from '../../helpers/graphql.js';

/** Children of different matches, read through the shared read cache (RESPONSE_CACHE=on). */
const CHILDREN = `{ id events { type } odds { bookmakers { bookmaker { id } } } lineups { home { formation } } }`;
const page = (size: number) => `query Page($date: String!) {
  matches(date: $date, pageSize: ${size}) { items ${CHILDREN} }
}`;
const PAGE_DATE = '2026-11-20';

describeEachDatabase('GraphQL read cache (RESPONSE_CACHE on)', ({ db }) => {
  const clock = createFakeClock('2026-11-22T10:00:00.000Z');
  let app: FastifyInstance & { deps: Deps };
  let statements: string[];
  let closeCounting: () => Promise<void>;
  let key: string;

  beforeAll(async () => {
    await loadDemo(db());
    await seedPlans(db().prisma);
    await gatherOnOneDay(db(), 30);
    const counting = countingDatabase(db());
    statements = counting.statements;
    closeCounting = counting.database.close;
    app = await buildTestApp(counting.database, { clock });
    ({ key } = await createAccountWithKey(db(), 'Pro'));
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await closeCounting?.();
  });

  async function run(query: string) {
    statements.length = 0;
    const response = await graphql(app, query, { key, variables: { date: PAGE_DATE } });
    expect(response.body.errors).toBeUndefined();
    return { response, count: statements.length };
  }

  it('a repeated operation reads nothing from the database, and is charged the same', async () => {
    const first = await run(page(10));
    const second = await run(page(10));
    expect(first.count).toBeGreaterThan(0);
    expect(second.count).toBe(0);
    expect(second.response.body.data).toEqual(first.response.body.data);
    const cost = first.response.body.extensions?.cost as Record<string, unknown>;
    expect(second.response.body.extensions?.cost).toMatchObject({
      requested: cost['requested'],
      actual: cost['actual'],
    });
  });

  it('a larger page reads only the matches it has not read yet, in one batch per relation', async () => {
    const wider = await run(page(20));
    // The list itself, then events, odds and lineups of the 10 new matches only.
    expect(wider.count).toBe(4);
  });

  it('a data change clears it: the next operation reads again and sees the change', async () => {
    const before = await run(page(10));
    const items = dataField<{ items: { id: number }[] }>(before.response, 'matches').items;
    const first = items[0]?.id as number;
    await db().prisma.matchEvent.deleteMany({ where: { matchId: first } });
    expect((await run(page(10))).count).toBe(0);
    await app.deps.events.publish({ type: 'data-changed' });
    const after = await run(page(10));
    expect(after.count).toBeGreaterThan(0);
    const events = dataField<{ items: { id: number; events: unknown[] }[] }>(
      after.response,
      'matches',
    ).items.find((m) => m.id === first)?.events;
    expect(events).toEqual([]);
  });
});
