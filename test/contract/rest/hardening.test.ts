import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateApiKey } from '../../../src/accounts/api-key-format.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';

const V = '/v1/football';

/** Hostile and careless input at the REST door (issue "Hardening"; docs/access.md). */
describeEachDatabase('REST hardening', ({ db }) => {
  const clock = createFakeClock('2026-11-22T10:00:10.000Z');
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let pro: Awaited<ReturnType<typeof createAccountWithKey>>;
  let plus: Awaited<ReturnType<typeof createAccountWithKey>>;
  const get = (url: string, key?: string, headers: Record<string, string> = {}) =>
    app.inject({ url, headers: { ...(key ? { 'x-api-key': key } : {}), ...headers } });

  beforeAll(async () => {
    app = await buildTestApp(db(), { clock });
    pro = await createAccountWithKey(db(), 'Pro');
    plus = await createAccountWithKey(db(), 'Plus');
  });
  afterAll(() => app?.close());

  it('declared integers are decimal digits only: 0x1, 1e1, a space, +1, 1.0 are 400 naming them', async () => {
    for (const [query, parameter] of [
      ['page=0x1', 'page'],
      ['pageSize=1e1', 'pageSize'],
      ['page=%201', 'page'],
      ['page=1%20', 'page'],
      ['page=+1', 'page'],
      ['tz=480.0', 'tz'],
      ['tz=0b1', 'tz'],
      ['pageSize=Infinity', 'pageSize'],
    ] as const) {
      const res = await get(`${V}/matches?date=2026-11-22&${query}`, pro.key);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_parameter', parameter });
      // A 400 after the key checks counts on the minute, as every request does (spec 8.2).
      expect(res.headers['x-ratelimit-remaining'], query).toBeDefined();
    }
    for (const query of ['page=2', 'page=02', 'tz=-300', 'tz=480', 'pageSize=100']) {
      const res = await get(`${V}/matches?date=2026-11-22&${query}`, pro.key);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    }
  });

  it('a path id that is not decimal digits: 404 on child routes, 400 naming matchId on analysis', async () => {
    for (const id of ['0x1', '1e1', '+1', '%201']) {
      const child = await get(`${V}/matches/${id}/events`, pro.key);
      expect(child.statusCode, `${id}: ${child.body}`).toBe(404);
      const analysis = await get(`${V}/matches/${id}/analysis/corners`, plus.key);
      expect(analysis.statusCode, `${id}: ${analysis.body}`).toBe(400);
      expect(analysis.json().parameter).toBe('matchId');
    }
  });

  it('a credential in the URL is refused on every route, keyed or not, whatever its name', async () => {
    const key = generateApiKey('svc_live_');
    const caller = await createAccountWithKey(db(), 'Pro');
    const cases: [string, string][] = [
      [`${V}/matches?date=2026-11-22&key[]=x`, 'key[]'],
      [`${V}/odds/bookmakers?authorization=Bearer%20x`, 'authorization'],
      [`${V}/odds/bookmakers?secret=abc`, 'secret'],
      [`${V}/odds/bookmakers?q=${key}`, 'q'],
      [`${V}/meta/plans?api_key=x`, 'api_key'],
      [`${V}/meta/limits?note=${key}`, 'note'],
      [`/graphql?query=%7B__typename%7D&token=${key}`, 'token'],
      [`/docs/errors?Api-Key=x`, 'Api-Key'],
      [`${V}/no/such/route?password=x`, 'password'],
      [`${V}/odds/bookmakers?${key}`, 'query'],
    ];
    for (const [url, parameter] of cases) {
      const res = await get(url, caller.key);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      // GraphQL answers in its own shape (errors[].extensions), every other door problem+json.
      const body = url.startsWith('/graphql') ? res.json().errors[0].extensions : res.json();
      expect(body).toMatchObject({ code: 'invalid_parameter', parameter });
      expect(res.body, url).not.toContain(key);
      // Refused before the key is read: nothing counted, no counters reported.
      expect(res.headers['x-ratelimit-remaining'], url).toBeUndefined();
    }
    const after = await get(`${V}/odds/bookmakers`, caller.key);
    expect(after.headers['x-ratelimit-remaining']).toBe(String(600 - 1));
  });

  it('every response says its language: bookmakers, meta, errors and GraphQL included', async () => {
    const zh = { 'accept-language': 'zh-CN' };
    for (const [url, key] of [
      [`${V}/odds/bookmakers`, pro.key],
      [`${V}/meta/limits`, undefined],
      [`${V}/meta/plans`, undefined],
      [`${V}/odds/bookmakers`, undefined],
      [`${V}/matches/1/odds/kelly`, pro.key],
      ['/v1/openapi.json', undefined],
    ] as const) {
      const res = await get(url, key, zh);
      expect(res.headers['content-language'], `${url} ${res.statusCode}`).toBe('en');
      expect(res.headers.vary, url).toMatch(/Accept-Language/);
    }
    // Translated routes serve the negotiated language, on errors too.
    const list = await get(`${V}/matches/live`, pro.key, zh);
    expect(list.headers['content-language']).toBe('zh-CN');
    const graph = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', ...zh },
      payload: { query: '{ __typename }' },
    });
    expect(graph.headers['content-language']).toBe('zh-CN');
    expect(graph.headers.vary).toMatch(/Accept-Language/);
  });

  it('the OpenAPI document is compressed for a client that asks', async () => {
    const plain = await get('/v1/openapi.json');
    const gzipped = await get('/v1/openapi.json', undefined, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
  });

  it('the IETF RateLimit-Policy and RateLimit fields say what the X- headers say', async () => {
    const account = await createAccountWithKey(db(), 'Free');
    await get(`${V}/odds/bookmakers`, account.key);
    const res = await get(`${V}/matches?date=2026-11-22`, account.key);
    expect(res.statusCode).toBe(200);
    const h = res.headers;
    expect(h['ratelimit-policy']).toBe(
      '"minute";q=30;w=60, "day";q=30;w=86400, "free-matches";q=50;w=86400',
    );
    expect(h['ratelimit']).toBe(
      `"minute";r=${h['x-ratelimit-remaining']};t=${h['x-ratelimit-reset']}, ` +
        `"day";r=${h['x-quota-remaining']};t=${h['x-quota-reset']}, ` +
        `"free-matches";r=${h['x-matches-bonus-remaining']};t=${h['x-matches-bonus-reset']}`,
    );
    expect(h['x-ratelimit-remaining']).toBe('28');
    const other = await get(`${V}/odds/bookmakers`, account.key);
    expect(other.headers['ratelimit-policy']).toBe('"minute";q=30;w=60, "day";q=30;w=86400');
    expect(other.headers['ratelimit']).toBe('"minute";r=27;t=50, "day";r=28;t=21590');
  });
});
