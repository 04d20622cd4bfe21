import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedPlans } from '../../../src/accounts/plans-seed.js';
import type { Deps } from '../../../src/deps.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { gatherOnOneDay, loadDemo } from '../../helpers/demo-fixture.js';
import {
  countingDatabase,
  dataField,
  errorCodes,
  type GraphqlResponse,
  graphql,
} from '../../helpers/graphql.js';
import {
  APOLLO_DEFER_ACCEPT,
  graphqlPayloads,
  MULTIPART,
} from '../../helpers/graphql-incremental.js';

const PAGE_DATE = '2026-11-20';
const PAGE = `query Page($date: String!) {
  matches(date: $date, pageSize: 5) {
    items { id home { name } events { type } analysis { corners } }
  }
}`;
const variables = { date: PAGE_DATE };

/** The counters a response reports in its headers (they count the current request). */
const counters = (response: GraphqlResponse) => ({
  minute: Number(response.headers['x-ratelimit-remaining']),
  quota: Number(response.headers['x-quota-remaining']),
  bonus: Number(response.headers['x-matches-bonus-remaining']),
});

describeEachDatabase('GraphQL operation cache (RESPONSE_CACHE on)', ({ db }) => {
  const clock = createFakeClock('2026-11-22T10:00:00.000Z');
  let app: FastifyInstance & { deps: Deps };
  let statements: string[];
  let closeCounting: () => Promise<void>;

  beforeAll(async () => {
    await loadDemo(db());
    await seedPlans(db().prisma);
    await gatherOnOneDay(db(), 10);
    const counting = countingDatabase(db());
    statements = counting.statements;
    closeCounting = counting.database.close;
    app = await buildTestApp(counting.database, { clock });
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await closeCounting?.();
  });
  beforeEach(async () => {
    clock.set('2026-11-22T10:00:05.000Z');
    await app.deps.events.publish({ type: 'data-changed' });
  });

  /** Runs an operation with the key's caches warm, counting only its own statements. */
  async function run(query: string, key: string | undefined, headers: Record<string, string> = {}) {
    if (key) {
      // Key and account cached, without counting anything (an operation would count a request).
      await Promise.resolve()
        .then(() => app.deps.access.policy.authenticate(key))
        .catch(() => undefined);
    }
    statements.length = 0;
    const response = await graphql(app, query, { ...(key ? { key } : {}), variables, headers });
    const cached = response.body.extensions?.['cached'] === true;
    return { response, reads: statements.length, cached };
  }

  it('answers a repeated operation without executing it: same data, same charge, no SQL', async () => {
    const { key } = await createAccountWithKey(db(), 'Pro');
    const first = await run(PAGE, key);
    const second = await run(PAGE, key);
    expect(first.response.body.errors).toBeUndefined();
    expect(first.reads).toBeGreaterThan(0);
    expect(first.cached).toBe(false);
    expect(second.cached).toBe(true);
    expect(second.reads).toBe(0);
    expect(second.response.status).toBe(200);
    expect(second.response.headers['content-type']).toBe(first.response.headers['content-type']);
    expect(second.response.body.data).toEqual(first.response.body.data);
    const {
      rate: _r1,
      quota: _q1,
      freeMatches: _f1,
      ...firstCost
    } = first.response.body.extensions?.cost ?? {};
    const {
      rate: _r2,
      quota: _q2,
      freeMatches: _f2,
      ...secondCost
    } = second.response.body.extensions?.cost ?? {};
    expect(secondCost).toEqual(firstCost);
    // 1 list (free allowance) + 5 x (events, corners) on the plan quota, each time.
    const [a, b] = [counters(first.response), counters(second.response)];
    expect(a.minute - b.minute).toBe(11);
    expect(a.quota - b.quota).toBe(10);
    expect(a.bonus - b.bonus).toBe(1);
  });

  it('runs an operation asked for by several clients at once only once; each pays as on a hit', async () => {
    const { key } = await createAccountWithKey(db(), 'Pro');
    await app.deps.access.policy.authenticate(key);
    statements.length = 0;
    const together = await Promise.all(
      Array.from({ length: 6 }, () => graphql(app, PAGE, { key, variables })),
    );
    const reads = statements.length;
    const alone = await run(PAGE, key);
    await app.deps.events.publish({ type: 'data-changed' });
    const executed = await run(PAGE, key);
    expect(together.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const response of together) {
      expect(response.body.data).toEqual(executed.response.body.data);
    }
    const cached = together.filter((r) => r.body.extensions?.['cached'] === true);
    expect(cached, 'one ran, five waited for it').toHaveLength(5);
    expect(reads, 'the statements of one execution').toBe(executed.reads);
    expect(alone.cached).toBe(true);
    // 1 list (free allowance) + 5 x (events, corners) each: 8 answers, 88 on the minute.
    const minutes = [...together, alone.response, executed.response].map((r) => counters(r).minute);
    expect(Math.max(...minutes) - Math.min(...minutes)).toBe(7 * 11);
  });

  it('a change during the run: its answer is not kept, and the waiting clients run it once more between them', async () => {
    const { key } = await createAccountWithKey(db(), 'Pro');
    await app.deps.access.policy.authenticate(key);
    const record = statements.push.bind(statements);
    let changed = false;
    // The first statement of the first run: the data changes while the operation runs.
    statements.push = (...sql: string[]) => {
      if (!changed) {
        changed = true;
        void app.deps.events.publish({ type: 'data-changed' });
      }
      return record(...sql);
    };
    let together: GraphqlResponse[];
    try {
      together = await Promise.all(
        Array.from({ length: 6 }, () => graphql(app, PAGE, { key, variables })),
      );
    } finally {
      statements.push = record;
    }
    expect(changed).toBe(true);
    expect(together.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const cached = together.filter((r) => r.body.extensions?.['cached'] === true);
    // Before: all five waiting clients ran it on their own when the first run kept nothing. (On
    // PostgreSQL the six overlap; in one PGlite process the first may be done before the others
    // arrive, and then the second leads and four wait: the same count, for the old code too.)
    expect(cached, 'two ran (the first, and one after the change), four waited').toHaveLength(4);
    const after = await run(PAGE, key);
    expect(after.cached, 'the second run was kept').toBe(true);
    for (const response of together) {
      expect(response.body.data).toEqual(after.response.body.data);
    }
  });

  it('does not hold clients back on what it never keeps', async () => {
    const { key } = await createAccountWithKey(db(), 'Pro');
    const usage = '{ usage { rate { used } } }';
    const first = await Promise.all(Array.from({ length: 4 }, () => graphql(app, usage, { key })));
    const used = first.map(
      (r) => (r.body.data as { usage: { rate: { used: number } } }).usage.rate.used,
    );
    expect(used.sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
    expect(first.every((r) => r.body.extensions?.['cached'] !== true)).toBe(true);
  });

  it('keeps match(id) too', async () => {
    const { key } = await createAccountWithKey(db(), 'Pro');
    const ids = await db().prisma.match.findMany({ select: { id: true }, take: 1 });
    const query = `{ match(id: ${ids[0]?.id}) { id status home { name } } }`;
    const first = await run(query, key);
    expect(first.response.body.errors).toBeUndefined();
    const second = await run(query, key);
    expect(second.cached).toBe(true);
    expect(second.response.body.data).toEqual(first.response.body.data);
  });

  it('still runs every key check on a hit', async () => {
    const { key } = await createAccountWithKey(db(), 'Pro');
    const elsewhere = await createAccountWithKey(db(), 'Pro', { allowlist: ['203.0.113.0/24'] });
    await run(PAGE, key);
    expect((await run(PAGE, undefined)).response.status).toBe(401);
    expect(errorCodes((await run(PAGE, 'svc_live_nope')).response)).toEqual(['key_invalid']);
    const refused = await run(PAGE, elsewhere.key);
    expect(refused.response.status).toBe(403);
    expect(errorCodes(refused.response)).toEqual(['ip_not_allowed']);
  });

  it('refuses on a hit what the full path refuses: a spent minute is 429 and charges nothing', async () => {
    const { key } = await createAccountWithKey(db(), 'Free');
    const plain = `query Page($date: String!) { matches(date: $date, pageSize: 5) { items { id events { type } } } }`;
    const first = await run(plain, key);
    expect(first.response.body.errors).toBeUndefined();
    // Free: 30 a minute; 6 per operation.
    for (let i = 0; i < 4; i++) {
      const hit = await run(plain, key);
      expect(hit.response.status).toBe(200);
      expect(hit.cached).toBe(true);
    }
    const spent = await run(plain, key);
    expect(spent.response.status).toBe(429);
    expect(errorCodes(spent.response)).toEqual(['rate_limited']);
    expect(counters(spent.response).minute).toBe(0);
  });

  it('keeps apart what differs: language, and a tier without analysis', async () => {
    const pro = await createAccountWithKey(db(), 'Pro');
    const free = await createAccountWithKey(db(), 'Free');
    const english = await run(PAGE, pro.key);
    expect((await run(PAGE, pro.key)).cached).toBe(true);
    const chinese = await run(PAGE, pro.key, { 'accept-language': 'zh-CN' });
    expect(chinese.cached).toBe(false);
    expect(chinese.response.body.errors).toBeUndefined();
    expect(chinese.response.body.data).not.toEqual(english.response.body.data);
    // The Pro answer is kept; a Free key asking the same still gets its analysis refused.
    for (let i = 0; i < 2; i++) {
      const asFree = await run(PAGE, free.key);
      expect(asFree.cached).toBe(false);
      expect(errorCodes(asFree.response)).toEqual(Array(5).fill('tier_insufficient'));
    }
  });

  it('never keeps what reads the caller: usage reports the counters of each request', async () => {
    const { key } = await createAccountWithKey(db(), 'Pro');
    const query = `query Page($date: String!) {
      matches(date: $date, pageSize: 5) { items { id } } usage { rate { used } }
    }`;
    const first = await run(query, key);
    const second = await run(query, key);
    const used = (r: typeof first) =>
      dataField<{ rate: { used: number } }>(r.response, 'usage').rate.used;
    expect(used(first)).toBe(1);
    expect(used(second)).toBe(2);
    expect(second.cached).toBe(false);
  });

  it('a data change is seen at once', async () => {
    const { key } = await createAccountWithKey(db(), 'Pro');
    const name = (r: { response: GraphqlResponse }) =>
      dataField<{ items: { home: { name: string } }[] }>(r.response, 'matches').items[0]?.home.name;
    const before = await run(PAGE, key);
    const first = dataField<{ items: { id: number }[] }>(before.response, 'matches').items[0];
    const match = await db().prisma.match.findUniqueOrThrow({ where: { id: first?.id ?? 0 } });
    const team = await db().prisma.team.findUniqueOrThrow({ where: { id: match.homeTeamId } });
    try {
      await db().prisma.team.update({ where: { id: team.id }, data: { nameEn: 'Renamed FC' } });
      // Changed behind the services' back: still the kept answer until the change is announced.
      const kept = await run(PAGE, key);
      expect(kept.cached).toBe(true);
      expect(name(kept)).toBe(name(before));
      await app.deps.events.publish({ type: 'data-changed' });
      const fresh = await run(PAGE, key);
      expect(fresh.cached).toBe(false);
      expect(name(fresh)).toBe('Renamed FC');
    } finally {
      await db().prisma.team.update({ where: { id: team.id }, data: { nameEn: team.nameEn } });
    }
  });

  it('an omitted date is today when the answer is given, not when it was kept', async () => {
    const { key } = await createAccountWithKey(db(), 'Pro');
    const today = '{ matches(pageSize: 100) { items { id } } }';
    const ids = (r: { response: GraphqlResponse }) =>
      dataField<{ items: { id: number }[] }>(r.response, 'matches').items.map((m) => m.id);
    clock.set('2026-11-22T15:59:30.000Z');
    const before = await run(today, key);
    const again = await run(today, key);
    expect(again.cached).toBe(true);
    expect(ids(again)).toEqual(ids(before));
    // 16:00 UTC is midnight in Hong Kong (the default tz): another day, other matches.
    clock.set('2026-11-22T16:00:10.000Z');
    const after = await run(today, key);
    expect(after.cached).toBe(false);
    expect(ids(before).length + ids(after).length).toBeGreaterThan(0);
    expect(ids(after)).not.toEqual(ids(before));
  });

  describe('@defer and @stream', () => {
    const DEFERRABLE = `query Page($date: String!, $defer: Boolean!) {
      matches(date: $date, pageSize: 5) { items { id ... @defer(if: $defer) { events { type } } } }
    }`;
    /** The answer in payloads; `cached` when the operation cache gave it. */
    const send = async (key: string, accept: string, vars: Record<string, unknown>) => {
      const response = await graphqlPayloads(app, DEFERRABLE, { key, accept, variables: vars });
      const cached = response.payloads.some((p) => p.extensions?.['cached'] === true);
      return { ...response, cached };
    };

    it('a request that asks for several parts is never answered from the cache, nor its answer kept', async () => {
      const { key } = await createAccountWithKey(db(), 'Pro');
      const off = { date: PAGE_DATE, defer: false };
      const on = { date: PAGE_DATE, defer: true };
      // The same text, deferring nothing, is kept for a client that takes JSON.
      await send(key, 'application/json', off);
      const kept = await send(key, 'application/json', off);
      expect(kept.cached).toBe(true);

      // Deferring nothing, under an Accept that takes parts only: executed, answered as one part
      // (`multipart/*` and `text/*` included, which do not name a streaming type).
      for (const accept of [MULTIPART, 'multipart/*', 'text/*']) {
        for (let i = 0; i < 2; i++) {
          const inParts = await send(key, accept, off);
          expect(inParts.cached, accept).toBe(false);
          expect(inParts.contentType, accept).toMatch(/^(multipart\/mixed|text\/event-stream)/);
          expect(inParts.payloads, accept).toHaveLength(1);
        }
      }

      // Deferring: streamed each time, never from the cache, under any Accept that allows it.
      for (const accept of [APOLLO_DEFER_ACCEPT, MULTIPART, '*/*']) {
        for (let i = 0; i < 2; i++) {
          const streamed = await send(key, accept, on);
          expect(streamed.status, accept).toBe(200);
          expect(streamed.cached, accept).toBe(false);
          expect(streamed.payloads.length, accept).toBeGreaterThan(1);
          expect(streamed.payloads[0]?.hasNext).toBe(true);
        }
      }
    });

    it('an operation that asks for several parts is not kept even when it came in one', async () => {
      const { key } = await createAccountWithKey(db(), 'Pro');
      // A day without matches: nothing to defer, so one JSON answer; it still is not kept.
      const empty = { date: '2030-01-01', defer: true };
      for (let i = 0; i < 2; i++) {
        const answer = await send(key, '*/*', empty);
        expect(answer.status).toBe(200);
        expect(answer.contentType).toMatch(/^application\/json/);
        expect(answer.payloads[0]?.data).toEqual({ matches: { items: [] } });
        expect(answer.cached).toBe(false);
      }
    });
  });
});
