import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database.js';
import type { Deps } from '../../../src/deps.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { graphql } from '../../helpers/graphql.js';
import { TEST_REDIS_URL } from '../../helpers/redis.js';

const STORES = TEST_REDIS_URL ? ['memory', 'redis'] : ['memory'];
const ALLOWED = '203.0.113.9';

describeEachDatabase('minute_usage: what the per-minute limit counts', ({ db }) => {
  describe.each(STORES)('counters in %s', (store) => minuteContract(db, store));
});

/** DECISIONS.md "Access", what counts: every request with a valid, allowed key, except a 429. */
function minuteContract(db: () => Database, store: string) {
  const clock = createFakeClock('2026-11-22T10:00:05.000Z');
  let app: FastifyInstance & { deps: Deps };
  beforeAll(async () => {
    app = await buildTestApp(db(), {
      clock,
      env: store === 'redis' ? { REDIS_URL: TEST_REDIS_URL ?? '' } : {},
    });
  });
  afterAll(() => app.close());

  const get = (key: string, path: string, remoteAddress = ALLOWED) =>
    app.inject({
      url: `/v1/football${path}`,
      remoteAddress,
      headers: { authorization: `Bearer ${key}` },
    });

  async function recorded(accountId: number) {
    await app.deps.access.usage.flush();
    const minutes = await db().prisma.minuteUsage.findMany({
      where: { accountId },
      orderBy: { minute: 'asc' },
    });
    const days = await db().prisma.dailyUsage.findMany({ where: { accountId } });
    return {
      minutes: minutes.map((m) => [m.minute.toISOString(), m.requests]),
      plan: days.reduce((sum, d) => sum + d.planRequests, 0),
      free: days.reduce((sum, d) => sum + d.freeMatchRequests, 0),
    };
  }

  it('counts 2xx, 404, 400 and tier refusals on the minute; 429 and a refused address write nothing', async () => {
    const { key, accountId } = await createAccountWithKey(db(), 'Free', { allowlist: [ALLOWED] });
    const statuses: number[] = [];
    const send = async (path: string, times: number, address?: string) => {
      for (let i = 0; i < times; i += 1) {
        statuses.push((await get(key, path, address)).statusCode);
      }
    };
    await send('/odds/bookmakers', 10); // 200, plan quota
    await send('/matches?date=2026-11-22', 8); // 200, free match-list allowance
    await send('/matches/2147483000', 5); // 404, plan quota
    await send('/matches/1/analysis/corners', 4); // 403 tier_insufficient
    await send('/matches?page=0', 3); // 400
    await send('/odds/bookmakers', 2, '198.51.100.7'); // 403 ip_not_allowed
    await send('/odds/bookmakers', 3); // 429 rate_limited: the minute's 30 are used
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    expect(await recorded(accountId)).toEqual({
      minutes: [['2026-11-22T10:00:00.000Z', 30]],
      plan: 15,
      free: 8,
    });

    // Next minute: the day's 30 plan units run out after 15 more; the 429s count nowhere.
    clock.set('2026-11-22T10:01:30.000Z');
    await send('/odds/bookmakers', 17);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    expect(await recorded(accountId)).toEqual({
      minutes: [
        ['2026-11-22T10:00:00.000Z', 30],
        ['2026-11-22T10:01:00.000Z', 15],
      ],
      plan: 30,
      free: 8,
    });
  });

  it('a GraphQL operation counts on the minute too, even one that reads nothing billable', async () => {
    const { key, accountId } = await createAccountWithKey(db(), 'Plus');
    clock.set('2026-11-22T10:02:10.000Z');
    const response = await graphql(app, '{ usage { rate { used } } }', {
      key,
      headers: { 'x-forwarded-for': ALLOWED },
    });
    expect(response.status).toBe(200);
    expect(await recorded(accountId)).toEqual({
      minutes: [['2026-11-22T10:02:00.000Z', 1]],
      plan: 0,
      free: 0,
    });
  });
}
