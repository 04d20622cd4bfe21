import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Deps } from '../../../src/deps.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { type DemoCases, loadDemo } from '../../helpers/demo-fixture.js';
import { errorCodes, graphql } from '../../helpers/graphql.js';
import {
  APOLLO_DEFER_ACCEPT,
  assembled,
  EVENT_STREAM,
  graphqlPayloads,
  MULTIPART,
  type Payload,
} from '../../helpers/graphql-incremental.js';

/**
 * @defer and @stream on /graphql (yoga's defer-stream plugin), delivered in parts over
 * multipart/mixed and text/event-stream: what arrives when, and that an Accept that takes one
 * JSON answer only is refused before anything runs. Charges: test/contract/graphql/defer.charges.
 */

type App = FastifyInstance & { deps: Deps };

const CHILDREN = 'events { type minute side } statistics { type home away }';

describeEachDatabase('GraphQL @defer and @stream: delivery', ({ db }) => {
  let app: App;
  let cases: DemoCases;
  let key: string;

  beforeAll(async () => {
    ({ cases } = await loadDemo(db()));
    app = await buildTestApp(db(), { clock: createFakeClock('2026-11-22T10:00:00.000Z') });
    ({ key } = await createAccountWithKey(db(), 'Pro'));
  }, 300_000);
  afterAll(() => app?.close());

  /** Empties the shared read cache, so the next reads reach the (replaced) services. */
  const forgetReads = () => app.deps.events.publish({ type: 'data-changed' });

  const plainData = async (query: string) => {
    const plain = await graphql(app, query, { key });
    expect(plain.body.errors, JSON.stringify(plain.body)).toBeUndefined();
    return plain.body.data;
  };

  for (const accept of [MULTIPART, EVENT_STREAM, APOLLO_DEFER_ACCEPT]) {
    it(`a deferred fragment arrives in a payload after the initial one (Accept: ${accept})`, async () => {
      const id = cases.finishedMatchId;
      const deferred = `{ match(id: ${id}) { id status ... @defer(label: "children") { ${CHILDREN} } } }`;
      const response = await graphqlPayloads(app, deferred, { key, accept });

      expect(response.status).toBe(200);
      expect(response.contentType).toMatch(
        accept === EVENT_STREAM ? /^text\/event-stream/ : /^multipart\/mixed/,
      );
      const [initial, ...later] = response.payloads;
      expect(initial).toMatchObject({ data: { match: { id, status: 'FINISHED' } }, hasNext: true });
      expect(initial?.data?.['match']).not.toHaveProperty('events');
      expect(later.length).toBeGreaterThan(0);
      const parts = later.flatMap((p) => p.incremental ?? []);
      expect(parts).toEqual([
        expect.objectContaining({
          label: 'children',
          path: ['match'],
          data: { events: expect.any(Array), statistics: expect.any(Array) },
        }),
      ]);
      expect(later.at(-1)?.hasNext).toBe(false);
      expect(later.slice(0, -1).every((p) => p.hasNext === true)).toBe(true);
      const plain = await plainData(`{ match(id: ${id}) { id status ${CHILDREN} } }`);
      expect(assembled(response.payloads)).toEqual(plain);
      expect(plain).toMatchObject({
        match: { events: expect.arrayContaining([expect.anything()]) },
      });
    });
  }

  it('@stream sends the first items with the initial payload, each further one after it', async () => {
    const { date, matchIds } = cases.today;
    expect(matchIds.length).toBeGreaterThan(2);
    const list = (directive: string) =>
      `{ matches(date: "${date}", pageSize: 25) { items ${directive} { id home { id name } } } }`;
    const response = await graphqlPayloads(app, list('@stream(initialCount: 2)'), {
      key,
      accept: MULTIPART,
    });

    expect(response.status).toBe(200);
    const [initial, ...later] = response.payloads;
    const items = (p: Payload | undefined) =>
      (p?.data?.['matches'] as { items: unknown[] } | undefined)?.items;
    expect(items(initial)).toHaveLength(2);
    expect(initial?.hasNext).toBe(true);
    const streamed = later.flatMap((p) => p.incremental ?? []);
    expect(streamed.map((s) => s.path)).toEqual(
      matchIds.slice(2).map((_, i) => ['matches', 'items', i + 2]),
    );
    expect(streamed.every((s) => s.items?.length === 1)).toBe(true);
    expect(later.at(-1)?.hasNext).toBe(false);
    expect(assembled(response.payloads)).toEqual(await plainData(list('')));
  });

  it('a deferred fragment that is off or skipped answers in one JSON payload, under any Accept', async () => {
    const id = cases.finishedMatchId;
    // The events route, unless the fragment is skipped (then `match(id) { id }` costs nothing).
    for (const [directives, requested] of [
      ['@defer(if: false)', 1],
      ['@defer @skip(if: true)', 0],
      ['@defer(if: $on)', 1],
    ] as const) {
      const variable = directives.includes('$on') ? '($on: Boolean = false)' : '';
      const query = `query ${variable} { match(id: ${id}) { id ... ${directives} { events { type } } } }`;
      const response = await graphql(app, query, {
        key,
        headers: { accept: 'application/json' },
      });
      expect(response.status, directives).toBe(200);
      expect(response.body.errors).toBeUndefined();
      expect(response.body).not.toHaveProperty('hasNext');
      expect(response.body.extensions?.cost).toMatchObject({ requested, actual: requested });
    }
  });

  it('an Accept that takes one JSON answer only is 406 before anything runs: one request on the minute', async () => {
    const account = await createAccountWithKey(db(), 'Plus');
    const { matchEvents } = app.deps.services;
    const original = matchEvents.eventsForMatches;
    let reads = 0;
    await forgetReads();
    matchEvents.eventsForMatches = (ids) => {
      reads++;
      return original(ids);
    };
    try {
      for (const accept of ['application/json', 'application/graphql-response+json']) {
        const response = await graphql(
          app,
          `{ match(id: ${cases.finishedMatchId}) { id ... @defer { events { type } } } }`,
          { key: account.key, headers: { accept } },
        );
        expect(response.status, accept).toBe(406);
        expect(response.body.data).toBeUndefined();
        expect(errorCodes(response)).toEqual(['invalid_parameter']);
        expect(response.body.errors?.[0]?.extensions).toMatchObject({
          status: 406,
          parameter: 'accept',
        });
      }
    } finally {
      matchEvents.eventsForMatches = original;
    }
    expect(reads).toBe(0);
    const usage = await graphql(app, '{ usage { rate { used } quota { used } } }', {
      key: account.key,
    });
    // Two refusals on the minute (as REST 400s), this request the third; nothing on the day.
    expect(usage.body.data).toEqual({ usage: { rate: { used: 3 }, quota: { used: 0 } } });
  });

  it('a Free key: analysis in a deferred fragment is null with tier_insufficient, the rest arrives', async () => {
    const free = await createAccountWithKey(db(), 'Free');
    const { date } = cases.today;
    const query = `{ matches(date: "${date}", pageSize: 3) {
      items { id ... @defer { events { type } analysis { corners handicap } } }
    } }`;
    const response = await graphqlPayloads(app, query, { key: free.key, accept: MULTIPART });

    expect(response.status).toBe(200);
    const parts = response.payloads.slice(1).flatMap((p) => p.incremental ?? []);
    expect(parts).toHaveLength(3);
    for (const [i, part] of parts.entries()) {
      expect(part.path).toEqual(['matches', 'items', i]);
      expect(part.data).toEqual({
        events: expect.any(Array),
        analysis: { corners: null, handicap: null },
      });
      expect(part.errors?.map((e) => [e.extensions?.['code'], e.path?.join('.')])).toEqual([
        ['tier_insufficient', `matches.items.${i}.analysis.corners`],
        ['tier_insufficient', `matches.items.${i}.analysis.handicap`],
      ]);
    }
    // 1 list + 3 events; the 6 analysis requests are refused, not charged.
    expect(response.payloads.at(-1)?.extensions?.cost).toMatchObject({
      requested: 4,
      actual: 4,
      tierRefused: 6,
    });
  });

  it('a field error in a deferred fragment is masked and coded as in a single answer', async () => {
    const { matchEvents } = app.deps.services;
    const original = matchEvents.eventsForMatches;
    await forgetReads();
    matchEvents.eventsForMatches = async () => {
      throw new Error('secret detail /path/to/src/football/match-events.ts');
    };
    let response: Awaited<ReturnType<typeof graphqlPayloads>>;
    try {
      response = await graphqlPayloads(
        app,
        `{ match(id: ${cases.finishedMatchId}) { id ... @defer { events { type } } } }`,
        { key, accept: MULTIPART },
      );
    } finally {
      matchEvents.eventsForMatches = original;
    }
    expect(JSON.stringify(response.payloads)).not.toMatch(/secret|\/path\/to/);
    const parts = response.payloads.flatMap((p) => p.incremental ?? []);
    expect(parts).toEqual([
      {
        data: null,
        path: ['match'],
        errors: [
          expect.objectContaining({
            message: 'Unexpected error',
            path: ['match', 'events'],
            extensions: { code: 'internal_error', status: 500 },
          }),
        ],
      },
    ]);
  });
});
