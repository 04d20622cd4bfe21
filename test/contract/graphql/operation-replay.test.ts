import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { createKeysService } from '../../../src/accounts/keys.js';
import { seedPlans } from '../../../src/accounts/plans-seed.js';
import type { Deps } from '../../../src/deps.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { gatherOnOneDay, loadDemo } from '../../helpers/demo-fixture.js';

/**
 * Counts the two doors a cached answer may skip: answers written past the hooks
 * (prepared-answer.ts) and requests that reached the handler (it checks every operation's shape).
 */
const seen = vi.hoisted(() => ({ prepared: 0, handled: 0 }));
vi.mock('../../../src/http/prepared-answer.js', async (original) => {
  const actual = await original<typeof import('../../../src/http/prepared-answer.js')>();
  return {
    ...actual,
    writePrepared: (...args: Parameters<typeof actual.writePrepared>) => {
      seen.prepared += 1;
      actual.writePrepared(...args);
    },
  };
});
vi.mock('../../../src/graphql/transport/request-shape.js', async (original) => {
  const actual = await original<typeof import('../../../src/graphql/transport/request-shape.js')>();
  return {
    ...actual,
    checkOperationShape: (source: unknown) => {
      seen.handled += 1;
      actual.checkOperationShape(source);
    },
  };
});

const ORIGIN = 'https://scores.example';
const DATE = '2026-11-20';
const PAGE = `query Page($date: String!) {
  matches(date: $date, pageSize: 3) { items { id home { name } analysis { corners } } }
}`;

/** What an answer says besides its id, its date, its length and the counters of its request. */
function staticPart(headers: Record<string, unknown>) {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (
      !/^(x-request-id|date|content-length|x-ratelimit-|x-quota-|x-matches-bonus-|ratelimit)/.test(
        name,
      )
    ) {
      kept[name] = value;
    }
  }
  return kept;
}

describeEachDatabase('GraphQL cached answers sent again (operation-cache.ts)', ({ db }) => {
  const clock = createFakeClock('2026-11-22T10:00:05.000Z');
  let app: FastifyInstance & { deps: Deps };

  beforeAll(async () => {
    await loadDemo(db());
    await seedPlans(db().prisma);
    await gatherOnOneDay(db(), 10);
    app = await buildTestApp(db(), { clock });
  }, 300_000);
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    clock.set('2026-11-22T10:00:05.000Z');
    await app.deps.events.publish({ type: 'data-changed' });
    seen.prepared = 0;
    seen.handled = 0;
  });

  const post = (key: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'x-api-key': key, ...headers },
      payload: { query: PAGE, variables: { date: DATE } },
    });
  const getUrl = `/graphql?${new URLSearchParams({ query: PAGE, variables: JSON.stringify({ date: DATE }) })}`;
  const get = (key: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: getUrl, headers: { 'x-api-key': key, ...headers } });
  const cached = (response: { json: () => { extensions?: { cached?: boolean } } }) =>
    response.json().extensions?.cached === true;
  const quotaLeft = (response: { headers: Record<string, unknown> }) =>
    Number(response.headers['x-quota-remaining']);

  it('writes a hit past the hooks with the headers the hooks gave the same answer, counting each', async () => {
    const { key } = await createAccountWithKey(db(), 'Pro');
    for (const send of [post, get]) {
      await app.deps.events.publish({ type: 'data-changed' });
      const executed = await send(key);
      const hooked = await send(key);
      const prepared = await send(key);
      expect(executed.statusCode).toBe(200);
      expect([cached(hooked), cached(prepared)]).toEqual([true, true]);
      expect(staticPart(prepared.headers)).toEqual(staticPart(hooked.headers));
      expect(prepared.json().data).toEqual(executed.json().data);
      expect(quotaLeft(hooked) - quotaLeft(prepared)).toBe(quotaLeft(executed) - quotaLeft(hooked));
      expect(prepared.headers['x-request-id']).not.toBe(hooked.headers['x-request-id']);
    }
    expect(seen.prepared).toBe(2);
  });

  it('writes a hit whose data is past ASCII byte for byte, with its length', async () => {
    const { key } = await createAccountWithKey(db(), 'Pro');
    const match = await db().prisma.match.findFirstOrThrow({
      where: { competition: { nameOriginal: { contains: 'リーグ' } } },
      select: { id: true },
    });
    const query = 'query M($id: Int!) { match(id: $id) { id competition { nameOriginal } } }';
    const url = `/graphql?${new URLSearchParams({ query, variables: JSON.stringify({ id: match.id }) })}`;
    const send = () => app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
    const executed = await send();
    await send();
    const prepared = await send();
    expect(seen.prepared).toBe(1);
    expect(prepared.json().data).toEqual(executed.json().data);
    expect(prepared.json().data.match.competition.nameOriginal).toMatch(/リーグ/);
    expect(Number(prepared.headers['content-length'])).toBe(prepared.rawPayload.byteLength);
  });

  it('writes a 304 past the hooks once a 200 of the same answer went through them', async () => {
    const { key } = await createAccountWithKey(db(), 'Pro');
    const executed = await get(key);
    const etag = String(executed.headers['etag']);
    const hookedNotModified = await get(key, { 'if-none-match': etag });
    expect(hookedNotModified.statusCode).toBe(304);
    expect(seen.prepared).toBe(0);
    const hit = await get(key); // a hit through the hooks: its headers are remembered
    const notModified = await get(key, { 'if-none-match': etag });
    expect(seen.prepared).toBe(1);
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(staticPart(notModified.headers)).toEqual(staticPart(hookedNotModified.headers));
    // A 304: one request on the minute, nothing on the day.
    expect(quotaLeft(notModified)).toBe(quotaLeft(hit));
    expect(Number(notModified.headers['x-ratelimit-remaining'])).toBe(
      Number(hit.headers['x-ratelimit-remaining']) - 1,
    );
  });

  it('answers a repeated GET from its first hook, and every other request through the handler', async () => {
    const { key } = await createAccountWithKey(db(), 'Pro');
    await get(key);
    await get(key);
    expect(seen.handled).toBe(2);
    const replayed = await get(key);
    expect(cached(replayed)).toBe(true);
    expect(seen.handled, 'the third GET never reached the handler').toBe(2);
    await get(key, { 'accept-language': 'zh-CN' });
    expect(seen.handled, 'another language').toBe(3);
  });

  it('answers a repeated small JSON POST as soon as its body is read, before it is parsed', async () => {
    const { key } = await createAccountWithKey(db(), 'Pro');
    await post(key);
    await post(key);
    expect(seen.handled).toBe(2);
    const replayed = await post(key);
    expect(cached(replayed)).toBe(true);
    expect(seen.handled, 'the third POST never reached the handler').toBe(2);
    // The same operation in another text (spacing) is another request: the handler's path.
    const spaced = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      payload: JSON.stringify({ query: PAGE, variables: { date: DATE } }, null, 1),
    });
    expect(cached(spaced)).toBe(true);
    expect(seen.handled).toBe(3);
    // A body over the bound is never read ahead: always the handler's path.
    const padded = () =>
      app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        payload: { query: `${PAGE}${' '.repeat(2100)}`, variables: { date: DATE } },
      });
    await padded();
    await padded();
    const third = await padded();
    expect(third.statusCode).toBe(200);
    expect(seen.handled).toBe(6);
  });

  it('a replayed POST still refuses what the handler refuses', async () => {
    const pro = await createAccountWithKey(db(), 'Pro');
    const free = await createAccountWithKey(db(), 'Free');
    await post(pro.key);
    await post(pro.key);
    const asFree = await post(free.key);
    expect(cached(asFree)).toBe(false);
    const keys = createKeysService({ db: db().prisma, events: app.deps.events, now: clock.now });
    await keys.revokeKey(pro.keyId);
    const revoked = await post(pro.key);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().errors[0].extensions.code).toBe('key_invalid');
  });

  it('a replayed GET still refuses what the handler refuses, and never serves another tier', async () => {
    const pro = await createAccountWithKey(db(), 'Pro');
    const free = await createAccountWithKey(db(), 'Free');
    await get(pro.key);
    await get(pro.key);
    const asFree = await get(free.key);
    expect(cached(asFree)).toBe(false);
    expect(
      (asFree.json().errors as { extensions: { code: string } }[]).map((e) => e.extensions.code),
    ).toContain('tier_insufficient');
    expect((await get('svc_live_nope')).statusCode).toBe(401);
    const keys = createKeysService({ db: db().prisma, events: app.deps.events, now: clock.now });
    await keys.revokeKey(pro.keyId);
    const revoked = await get(pro.key);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().errors[0].extensions.code).toBe('key_invalid');
  });

  it('a new minute computes the key again (an omitted date means today)', async () => {
    const { key } = await createAccountWithKey(db(), 'Pro');
    await get(key);
    await get(key);
    clock.set('2026-11-22T10:01:05.000Z');
    const nextMinute = await get(key);
    expect(nextMinute.statusCode).toBe(200);
    expect(seen.handled).toBe(3);
  });

  it('a hit carries the CORS headers yoga gives the same request (cached or not)', async () => {
    const { key } = await createAccountWithKey(db(), 'Pro');
    for (const send of [post, get]) {
      await app.deps.events.publish({ type: 'data-changed' });
      const executed = await send(key, { origin: ORIGIN });
      const hit = await send(key, { origin: ORIGIN });
      const again = await send(key, { origin: ORIGIN });
      expect([cached(executed), cached(hit), cached(again)]).toEqual([false, true, true]);
      for (const response of [executed, hit, again]) {
        expect(response.headers['access-control-allow-origin']).toBe(ORIGIN);
        expect(response.headers['access-control-allow-credentials']).toBe('true');
        expect(String(response.headers['vary'])).toMatch(/\bOrigin\b/);
        expect(String(response.headers['vary'])).toMatch(/Accept-Language/);
      }
      expect(staticPart(hit.headers)).toEqual(staticPart(again.headers));
    }
    // Written past the hooks only without an Origin: none of these.
    expect(seen.prepared).toBe(0);
  });

  it('leaves to compression what it would compress', async () => {
    const { key } = await createAccountWithKey(db(), 'Pro');
    const wide = `query Wide($date: String!) {
      matches(date: $date, pageSize: 10) { items { id kickoffUtc home { name } away { name } competition { name } } }
    }`;
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/graphql',
        headers: {
          'content-type': 'application/json',
          'x-api-key': key,
          'accept-encoding': 'gzip',
        },
        payload: { query: wide, variables: { date: DATE } },
      });
    const plain = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      payload: { query: wide, variables: { date: DATE } },
    });
    expect(Buffer.byteLength(plain.body), 'an answer compression takes').toBeGreaterThanOrEqual(
      1024,
    );
    const executed = await send();
    expect(executed.statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const hit = await send();
      expect(hit.headers['content-encoding']).toBe('gzip');
      expect(hit.rawPayload.length).toBeLessThan(executed.rawPayload.length * 4);
    }
    expect(seen.prepared).toBe(0);
  });
});
