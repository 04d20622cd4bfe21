import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/db.js';
import { type GraphqlResponse, graphql } from '../../helpers/graphql.js';
import {
  DAY,
  EXCHANGE,
  EXCHANGE_LINKED,
  EXCHANGE_OTHER,
  eventually,
  FINISHED,
  FIXTURES,
  LIVE,
  LIVE_UNSOURCED,
  setUpSources,
} from './freshness-fixture.js';
import type { TestApp } from './matches-fixture.js';

const LIVE_LIST = '/v1/football/matches/live';
const DAY_LIST = `/v1/football/matches?date=${DAY}&tz=0`;
const FINISHED_PAGE = `/v1/football/matches?date=${DAY}&tz=0&status=finished`;
const LIVE_QUERY = '{ liveMatches { id status } }';
const DAY_QUERY = `{ matches(date: "${DAY}", tz: 0) { items { id status } } }`;
const exchangeQuery = (id: number) => `{ match(id: ${id}) { odds { exchange } } }`;

/** A quota header as a number; a missing one fails the test (NaN would equal NaN). */
const header = (res: LightMyRequestResponse | GraphqlResponse, name: string) => {
  const value = Number(res.headers[name]);
  expect(Number.isInteger(value), `${name}: ${res.headers[name]}`).toBe(true);
  return value;
};
const quotaLeft = (res: LightMyRequestResponse | GraphqlResponse) =>
  header(res, 'x-quota-remaining');
const bonusLeft = (res: LightMyRequestResponse) => header(res, 'x-matches-bonus-remaining');
const codeOf = (res: GraphqlResponse) => res.body.errors?.[0]?.extensions?.['code'];

/**
 * DECISIONS.md "Sources" (freshness), docs/sources/freshness.md: a live match of a source silent
 * past SOURCE_STALE_AFTER makes the match lists 503 `upstream_unavailable` (Retry-After, not
 * charged); a refused `matches` answer makes them 502 `upstream_malformed`, a refused `exchange`
 * answer the exchange route of a linked match; GraphQL answers the same on the same fields.
 */
describeEachDatabase('source freshness: 503 and 502 from the sources', ({ db }) => {
  let app: TestApp;
  let key: string;
  let fixture: Awaited<ReturnType<typeof setUpSources>>;
  const get = (url: string) => app.inject({ url, headers: { authorization: `Bearer ${key}` } });
  const ask = (query: string) => graphql(app, query, { key });

  beforeAll(async () => {
    fixture = await setUpSources(db());
    ({ app, key } = fixture);
  }, 120_000);
  afterAll(() => app.close());

  it('a fresh heartbeat: the lists answer 200, from the caches too', async () => {
    // Three times each: the response cache keeps the page, the replays remember it.
    for (let i = 0; i < 3; i++) {
      const live = await get(LIVE_LIST);
      expect(live.statusCode, live.body).toBe(200);
      expect(live.json().data.map((m: { id: number }) => m.id)).toEqual([LIVE_UNSOURCED, LIVE]);
      expect((await get(DAY_LIST)).statusCode).toBe(200);
      const graph = await ask(LIVE_QUERY);
      expect(graph.body.errors).toBeUndefined();
      expect((await ask(DAY_QUERY)).body.errors).toBeUndefined();
    }
  });

  it('past SOURCE_STALE_AFTER with a live match: 503 with Retry-After, not charged, on both lists', async () => {
    const before = await get(LIVE_LIST);
    await fixture.heartbeat(FIXTURES, 61);
    const stale = await eventually(
      () => get(LIVE_LIST),
      (r) => r.statusCode !== 200,
    );
    expect(stale.statusCode, stale.body).toBe(503);
    expect(stale.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(stale.json()).toMatchObject({ status: 503, code: 'upstream_unavailable' });
    expect(stale.json().detail).toContain(String(LIVE));
    // min(SOURCE_STALE_AFTER, 30).
    expect(stale.headers['retry-after']).toBe('30');
    // Quota headers as on any answer of a valid key; the 503s keep no daily unit.
    expect(quotaLeft(stale)).toBeLessThanOrEqual(quotaLeft(before));
    const again = await get(LIVE_LIST);
    expect(again.statusCode).toBe(503);
    expect(quotaLeft(again)).toBe(quotaLeft(stale));

    const firstDay = await get(DAY_LIST);
    expect(firstDay.statusCode, firstDay.body).toBe(503);
    expect(firstDay.headers['retry-after']).toBe('30');
    const secondDay = await get(DAY_LIST);
    expect(secondDay.statusCode).toBe(503);
    expect(quotaLeft(secondDay)).toBe(quotaLeft(firstDay));
    expect(bonusLeft(secondDay)).toBe(bonusLeft(firstDay));
  });

  it('while stale, stored data stays served everywhere else', async () => {
    // A page that shows only finished matches of the silent source.
    expect((await get(FINISHED_PAGE)).statusCode).toBe(200);
    for (const url of [
      `/v1/football/matches/${LIVE}`,
      `/v1/football/matches/${LIVE}/events`,
      `/v1/football/matches/${EXCHANGE_LINKED}/odds/exchange`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it('GraphQL says the same on liveMatches and matches, not charged either', async () => {
    const live = await ask(LIVE_QUERY);
    expect(codeOf(live)).toBe('upstream_unavailable');
    expect(live.body.errors?.[0]?.extensions?.['retryAfter']).toBe(30);
    const again = await ask(LIVE_QUERY);
    expect(codeOf(again)).toBe('upstream_unavailable');
    expect(quotaLeft(again)).toBe(quotaLeft(live));
    expect(codeOf(await ask(DAY_QUERY))).toBe('upstream_unavailable');
    // The day's finished matches only: data.
    const finished = await ask(
      `{ matches(date: "${DAY}", tz: 0, status: [FINISHED]) { items { id } } }`,
    );
    expect(finished.body.errors).toBeUndefined();
  });

  it('the source speaks again: 200 again within about a second', async () => {
    await fixture.heartbeat(FIXTURES, 0);
    const back = await eventually(
      () => get(LIVE_LIST),
      (r) => r.statusCode === 200,
    );
    expect(back.statusCode, back.body).toBe(200);
    expect((await get(DAY_LIST)).statusCode).toBe(200);
    expect((await ask(LIVE_QUERY)).body.errors).toBeUndefined();
  });

  it('a stale source whose matches are all finished: 200', async () => {
    await fixture.heartbeat(FIXTURES, 3600);
    await eventually(
      () => get(LIVE_LIST),
      (r) => r.statusCode === 503,
    );
    await db().prisma.match.update({
      where: { id: LIVE },
      data: { status: 'finished', minute: null },
    });
    await app.deps.events.publish({ type: 'data-changed' });
    const finished = await eventually(
      () => get(DAY_LIST),
      (r) => r.statusCode === 200,
    );
    expect(finished.statusCode, finished.body).toBe(200);
    expect((await get(LIVE_LIST)).statusCode).toBe(200);
    await db().prisma.match.update({ where: { id: LIVE }, data: { status: 'live', minute: '31' } });
    await app.deps.events.publish({ type: 'data-changed' });
    await fixture.heartbeat(FIXTURES, 0);
    await eventually(
      () => get(LIVE_LIST),
      (r) => r.statusCode === 200,
    );
  });

  it("a refused 'matches' answer: 502 upstream_malformed on the pages showing the source's matches", async () => {
    await fixture.refuse(FIXTURES, 'matches', true);
    const refused = await eventually(
      () => get(DAY_LIST),
      (r) => r.statusCode !== 200,
    );
    expect(refused.statusCode, refused.body).toBe(502);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json()).toMatchObject({ status: 502, code: 'upstream_malformed' });
    const again = await get(DAY_LIST);
    expect(quotaLeft(again)).toBe(quotaLeft(refused));
    expect(bonusLeft(again)).toBe(bonusLeft(refused));
    // Finished matches count too: the source's newest answer about them did not parse.
    expect((await get(FINISHED_PAGE)).statusCode).toBe(502);
    expect((await get(LIVE_LIST)).statusCode).toBe(502);
    expect(codeOf(await ask(LIVE_QUERY))).toBe('upstream_malformed');
    expect(codeOf(await ask(DAY_QUERY))).toBe('upstream_malformed');
    expect((await get(`/v1/football/matches/${FINISHED}`)).statusCode).toBe(200);

    await fixture.refuse(FIXTURES, 'matches', false);
    const good = await eventually(
      () => get(DAY_LIST),
      (r) => r.statusCode === 200,
    );
    expect(good.statusCode, good.body).toBe(200);
  });

  it("a refused 'exchange' answer: 502 on the exchange route of a linked match, 200 on another", async () => {
    const linked = `/v1/football/matches/${EXCHANGE_LINKED}/odds/exchange`;
    const other = `/v1/football/matches/${EXCHANGE_OTHER}/odds/exchange`;
    for (let i = 0; i < 3; i++) {
      expect((await get(linked)).statusCode).toBe(200);
    }
    await fixture.refuse(EXCHANGE, 'exchange', true);
    const refused = await eventually(
      () => get(linked),
      (r) => r.statusCode !== 200,
    );
    expect(refused.statusCode, refused.body).toBe(502);
    expect(refused.json()).toMatchObject({ code: 'upstream_malformed' });
    expect(quotaLeft(await get(linked))).toBe(quotaLeft(refused));
    expect((await get(other)).statusCode).toBe(200);
    // The lists do not show exchange odds: they stay 200.
    expect((await get(LIVE_LIST)).statusCode).toBe(200);
    expect(codeOf(await ask(exchangeQuery(EXCHANGE_LINKED)))).toBe('upstream_malformed');
    expect((await ask(exchangeQuery(EXCHANGE_OTHER))).body.errors).toBeUndefined();

    await fixture.refuse(EXCHANGE, 'exchange', false);
    const good = await eventually(
      () => get(linked),
      (r) => r.statusCode === 200,
    );
    expect(good.statusCode).toBe(200);
  });
});
