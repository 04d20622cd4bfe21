/**
 * Issue 6 "Bad input": property-based fuzzing of every /v1 route (the routes of
 * /v1/openapi.json) with fast-check. Each property sends what a careless or hostile client
 * might (path segments, query strings, headers, methods, bodies) and checks every response:
 *
 * - never a 5xx; never a stack frame, file path, exception text, database or framework internal
 *   in a body; no API key (or the Authorization value sent) echoed in a header or the body;
 * - errors are problem+json with a `code` from src/errors/codes.ts whose status is the HTTP
 *   status; GET responses conform to the OpenAPI document (status declared for the route,
 *   content type, body schema, documented headers: test/helpers/openapi-validator.ts);
 * - the access policy's order holds: a key-like query parameter is 400 naming it, then 401,
 *   403 (expired key, Free key on analysis);
 * - another method on a GET route is 405 with `Allow: GET, HEAD`, whatever the body.
 *
 * - a path segment over 100 characters (414 `uri_too_long`) and malformed percent-encoding (400)
 *   are refused before any route, in problem+json too.
 *
 * Runs: FUZZ_SEED / FUZZ_RUNS (test/helpers/fuzz-app.ts) replay or deepen a session.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFuzzFixture, type FuzzFixture, fuzzParameters } from '../helpers/fuzz-app.js';
import {
  bodyText,
  describeExchange,
  type FuzzResponse,
  failOn,
  headerText,
  leaksIn,
  problemViolations,
  secretEchoes,
} from '../helpers/fuzz-assert.js';
import {
  authVariant,
  extraHeaders,
  filledPath,
  keyLikeName,
  queryString,
  unknownPath,
} from '../helpers/fuzz-rest.js';
import { QUOTA_HEADERS } from '../helpers/quota-headers.js';

const OTHER_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** True when a path segment is not valid percent-encoding (`%zz`, `%C0%80`). */
function malformedPath(path: string): boolean {
  return path.split('/').some((segment) => {
    try {
      decodeURIComponent(segment);
      return false;
    } catch {
      return true;
    }
  });
}

/**
 * Refusals decided before any route (rest/transport-errors.ts): a path segment over 100
 * characters is 414 `uri_too_long` and malformed percent-encoding 400 `invalid_parameter`, on
 * every route, so the OpenAPI document does not list them per route.
 */
function transportRefusal(path: string, res: FuzzResponse): string | undefined {
  if (res.statusCode === 414) {
    return 'uri_too_long 414';
  }
  return res.statusCode === 400 && malformedPath(path) ? 'malformed path 400' : undefined;
}

const codeOf = (text: string): { code?: string; parameter?: string } => {
  try {
    return (JSON.parse(text) as { code?: string; parameter?: string }) ?? {};
  } catch {
    return {};
  }
};

/**
 * The URL as the router sees it, for the harness: dot segments resolved (as `inject` does) and
 * empty segments made visible, since find-my-way gives `/matches//events` to `{matchId}` = ''.
 */
function routedUrl(url: string): string {
  const parsed = new URL(url, 'http://x');
  return `${parsed.pathname.replace(/\/(?=\/|$)/g, '/_')}${parsed.search}`;
}

/** Counts what the properties reached, printed at the end (and asserted: no degenerate run). */
function tally() {
  const seen = new Map<string, number>();
  return {
    add: (key: string) => seen.set(key, (seen.get(key) ?? 0) + 1),
    has: (key: string) => seen.has(key),
    summary: () =>
      [...seen]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, n]) => `${k}: ${n}`)
        .join(', '),
  };
}

describe('fuzz: REST /v1 (issue 6)', () => {
  let fx: FuzzFixture;
  const secrets = () => [fx.keys.pro, fx.keys.free, fx.keys.expired];

  beforeAll(async () => {
    fx = await createFuzzFixture();
  });
  afterAll(async () => {
    await fx?.close();
  });

  it('GET and HEAD with fuzzed path, query and headers: never 5xx or a leak, always the declared problem', async () => {
    const templates = Object.keys(fx.harness.document.paths);
    const documented = fx.harness.documentedStatuses();
    const seen = tally();
    const request = fc.record({
      method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD'),
      path: fc.oneof(
        { weight: 9, arbitrary: fc.constantFrom(...templates).chain((t) => filledPath(t, fx.ids)) },
        { weight: 1, arbitrary: unknownPath(templates, fx.ids) },
      ),
      query: queryString,
      auth: authVariant(fx.keys),
      extra: extraHeaders,
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ method, path, query, auth, extra }) => {
        const url = `${path}${query}`;
        const headers = { ...extra, ...auth.headers };
        const res = await fx.app.inject({ method: method as 'GET' | 'HEAD', url, headers });
        const text = bodyText(res);
        const v: string[] = [];
        if (res.statusCode >= 500) {
          v.push(`status ${res.statusCode}`);
        }
        v.push(...secretEchoes(res, text, [...secrets(), ...Object.values(auth.headers)]));
        const refusal = transportRefusal(path, res);
        const template = fx.harness.templateOf(routedUrl(url));
        seen.add(refusal ?? `${template ? 'route' : 'unknown'} ${res.statusCode}`);
        v.push(...leaksIn(text));
        if (refusal) {
          if (method === 'GET') {
            v.push(...problemViolations(res, text));
          }
          return failOn(v, () => describeExchange({ method, url, headers }, res, text));
        }
        if (method === 'HEAD' && text !== '') {
          v.push('HEAD answered with a body');
        }
        if (res.statusCode === 304) {
          if (!headers['if-none-match'] || text !== '') {
            v.push('304 without If-None-Match, or with a body');
          }
        } else if (res.statusCode >= 400 && method === 'GET') {
          v.push(...problemViolations(res, text));
        } else if (res.statusCode >= 400) {
          const type = headerText(res.headers['content-type']) ?? '';
          if (!type.startsWith('application/problem+json')) {
            v.push(`HEAD error with content-type ${type}`);
          }
        }
        if (!template) {
          if (![400, 404].includes(res.statusCode)) {
            v.push(`a path no route serves answered ${res.statusCode}`);
          }
          return failOn(v, () => describeExchange({ method, url, headers }, res, text));
        }
        const declared = documented[template] ?? [];
        if (res.statusCode !== 304 && !declared.includes(res.statusCode)) {
          v.push(`${template} does not declare ${res.statusCode} (declares ${declared.join(',')})`);
        }
        v.push(...expectedRefusal(template, query, auth.kind, res.statusCode, method, text));
        if (method === 'GET' && res.statusCode !== 304) {
          // A query carrying a credential is refused before the key is read (nothing counted),
          // whichever of its parameters the refusal names.
          const counted =
            (auth.kind === 'pro' || auth.kind === 'free') &&
            res.statusCode !== 401 &&
            !(res.statusCode === 400 && keyLikeName(query) !== undefined);
          const mayLack = counted ? [] : QUOTA_HEADERS;
          v.push(...fx.harness.check(routedUrl(url), { ...res, body: text }, { mayLack }));
        }
        failOn(v, () => describeExchange({ method, url, headers }, res, text));
      }),
      fuzzParameters(400),
    );
    console.info(`REST GET/HEAD reached: ${seen.summary()}`);
    for (const reached of ['route 200', 'route 400', 'route 401', 'route 403', 'route 404']) {
      expect(seen.has(reached), `${reached} never reached: ${seen.summary()}`).toBe(true);
    }
  });

  it('POST, PUT, PATCH, DELETE and OPTIONS on every GET route: 405 with Allow, whatever the body', async () => {
    const templates = Object.keys(fx.harness.document.paths);
    const ids = {
      ...fx.ids,
      // Segments that route: the 405 is about the method, not about malformed paths.
      matchIds: [...fx.ids.matchIds, 1, 2_147_483_647],
    };
    const hugeBody = 'x'.repeat(1_100_000);
    const request = fc.record({
      method: fc.constantFrom(...OTHER_METHODS),
      path: fc.constantFrom(...templates).chain((t) =>
        fc.constantFrom(...ids.matchIds).map((id) =>
          t
            .replace('{matchId}', String(id))
            .replace('{market}', 'had')
            .replace('{bookmaker}', String(ids.bookmakerIds[0] ?? 1)),
        ),
      ),
      query: queryString,
      auth: authVariant(fx.keys),
      contentType: fc.option(
        fc.constantFrom(
          'application/json',
          'application/json; charset=latin1',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          'garbage',
          '',
        ),
        { nil: undefined },
      ),
      body: fc.option(
        fc.oneof(
          fc.constantFrom('{bad', '{"__proto__":{"x":1}}', '[]', 'null', '', hugeBody),
          fc.json(),
          fc.string({ unit: 'binary', maxLength: 64 }),
        ),
        { nil: undefined },
      ),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ method, path, query, auth, contentType, body }) => {
        const url = `${path}${query}`;
        const headers = {
          ...auth.headers,
          ...(contentType === undefined ? {} : { 'content-type': contentType }),
        };
        const res = await fx.app.inject({
          method,
          url,
          headers,
          ...(body === undefined ? {} : { payload: body }),
        });
        const text = bodyText(res);
        const v = [...secretEchoes(res, text, secrets()), ...leaksIn(text)];
        if (res.statusCode !== 405) {
          v.push(`status ${res.statusCode}, not 405`);
        }
        if (res.headers.allow !== 'GET, HEAD') {
          v.push(`Allow ${JSON.stringify(res.headers.allow)}`);
        }
        v.push(...problemViolations(res, text));
        if (codeOf(text).code !== 'method_not_allowed') {
          v.push(`code ${codeOf(text).code}`);
        }
        failOn(v, () =>
          describeExchange({ method, url, headers, payload: body?.slice(0, 200) }, res, text),
        );
      }),
      fuzzParameters(150),
    );
  });

  describe('regressions found by the properties', () => {
    it.each([
      ['/v1/football/matches?league=%00'],
      ['/v1/football/matches/live?league=a%00b'],
      ['/v1/football/matches/{id}/odds/had/a%00'],
      ['/v1/football/matches/{id}/odds/hdp/%00'],
    ])('a NUL byte in a text parameter is 400 invalid_parameter, not 500: %s', async (template) => {
      const url = template.replace('{id}', String(fx.ids.matchIds[0]));
      const res = await fx.app.inject({ url, headers: { 'x-api-key': fx.keys.pro } });
      expect(res.statusCode, res.body).toBe(400);
      expect(problemViolations(res, res.body)).toEqual([]);
      expect(res.json()).toMatchObject({ code: 'invalid_parameter' });
      expect(fx.harness.check(url, res)).toEqual([]);
    });

    it('POST with a malformed JSON body on a GET route is 405, not 400', async () => {
      const res = await fx.app.inject({
        method: 'POST',
        url: `/v1/football/matches/${fx.ids.matchIds[0]}`,
        headers: { 'content-type': 'application/json', 'x-api-key': fx.keys.pro },
        payload: '{bad',
      });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(res.json()).toMatchObject({ code: 'method_not_allowed', status: 405 });
    });

    it('a path with malformed percent-encoding is problem+json', async () => {
      const res = await fx.app.inject({
        url: '/v1/football/matches/%zz',
        headers: { 'x-api-key': fx.keys.pro },
      });
      expect(res.statusCode).toBe(400);
      expect(problemViolations(res, res.body)).toEqual([]);
    });

    // Ajv coerces these to non-finite numbers and skips its number keywords for them
    // (rest/finite-parameters.ts): they must fail validation like any other bad value.
    for (const url of [
      '/v1/football/matches/Infinity/events',
      '/v1/football/matches/-Infinity/odds/kelly',
      '/v1/football/matches/1e400/analysis/corners',
      '/v1/football/matches?page=Infinity',
      '/v1/football/matches?tz=-1e400',
      '/v1/football/matches?pageSize=-Infinity',
    ]) {
      it(`an overflowing numeral is 400/404, not 500: ${url}`, async () => {
        const res = await fx.app.inject({ url, headers: { 'x-api-key': fx.keys.pro } });
        expect([400, 404]).toContain(res.statusCode);
        expect(fx.harness.check(url, res)).toEqual([]);
      });
    }

    it('a path parameter over 100 characters is 414 problem+json', async () => {
      const res = await fx.app.inject({
        url: `/v1/football/matches/${'1'.repeat(101)}/events`,
        headers: { 'x-api-key': fx.keys.pro },
      });
      expect(res.statusCode).toBe(414);
      expect(res.json()).toMatchObject({ code: 'uri_too_long', status: 414 });
      expect(problemViolations(res, res.body)).toEqual([]);
    });
  });
});

/** What the access policy must answer before anything else (DECISIONS.md "Access" order). */
function expectedRefusal(
  template: string,
  query: string,
  kind: string,
  status: number,
  method: string,
  text: string,
): string[] {
  if (template.includes('/meta/')) {
    return [];
  }
  const { code, parameter } = codeOf(text);
  const want = (s: number, codes: string[], why: string) =>
    status === s && (method === 'HEAD' || codes.includes(code ?? ''))
      ? []
      : [`${why}: expected ${s} ${codes.join('|')}, got ${status} ${code}`];
  const named = keyLikeName(query);
  if (named !== undefined) {
    const v = want(400, ['invalid_parameter'], `key-like query parameter '${named}'`);
    // A key under an empty name (`?=svc_live_...`) is refused without naming a parameter.
    return method === 'GET' && (parameter ?? '').toLowerCase() !== named && v.length === 0
      ? [`the 400 names ${parameter}, not ${named}`]
      : v;
  }
  if (kind === 'none') {
    return want(401, ['unauthorized'], 'no key');
  }
  if (kind === 'bad') {
    return want(401, ['unauthorized', 'key_invalid'], 'a bad key');
  }
  if (kind === 'expired') {
    return want(403, ['key_expired'], 'an expired key');
  }
  if (kind === 'free' && template.includes('/analysis/')) {
    return want(403, ['tier_insufficient'], 'a Free key on analysis');
  }
  return [];
}
