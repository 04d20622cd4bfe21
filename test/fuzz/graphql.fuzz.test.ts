/**
 * Issue 6 "Bad input": property-based fuzzing of `/graphql` with fast-check.
 *
 * - Documents are built from the served schema (test/helpers/fuzz-graphql.ts): valid
 *   selections with good and bad arguments and variables, then mutated (unknown fields, wrong
 *   types, deep nesting, many aliases, fragment cycles, huge strings, invalid escapes,
 *   truncation, several operations).
 * - Envelopes: JSON POST bodies with wrong-typed members, bodies that are not JSON or not
 *   objects, other content types, GET with query strings (bad `variables`, a key in the URL),
 *   Accept values yoga answers with JSON, SSE, multipart or 406.
 *
 * Every response: never a 5xx; no stack frame, path, exception text or internal; no key echoed;
 * errors carry `extensions.code` from src/errors/codes.ts (never `internal_error`, which is a
 * masked crash) and, on a refusal as a whole, the HTTP status of that code; refusals Fastify
 * answers before yoga (a key in the URL, a body it cannot read) are problem+json.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorCode } from '../../src/errors/codes.js';
import { schema } from '../../src/graphql/schema/schema.js';
import { createFuzzFixture, type FuzzFixture, fuzzParameters } from '../helpers/fuzz-app.js';
import {
  bodyText,
  describeExchange,
  type FuzzResponse,
  failOn,
  graphqlViolations,
  headerText,
  leaksIn,
  secretEchoes,
} from '../helpers/fuzz-assert.js';
import {
  type Envelope,
  envelope,
  KEY_IN_URL,
  type Operation,
  operation,
} from '../helpers/fuzz-graphql.js';
import { authVariant } from '../helpers/fuzz-rest.js';

/** SSE and multipart answers (Accept: text/event-stream, multipart/mixed) carry JSON parts. */
function streamedViolations(text: string): string[] {
  const codes = [...text.matchAll(/"code":"([^"]*)"/g)].map((m) => m[1] ?? '');
  return codes.flatMap((code) =>
    !isErrorCode(code)
      ? [`extensions.code ${code} is not in src/errors/codes.ts`]
      : code === 'internal_error'
        ? ['internal_error (a masked crash) in a streamed result']
        : [],
  );
}

function responseViolations(res: FuzzResponse, text: string, secrets: string[]): string[] {
  const v = [...secretEchoes(res, text, secrets), ...leaksIn(text)];
  if (res.statusCode >= 500) {
    v.push(`status ${res.statusCode}`);
  }
  const type = headerText(res.headers['content-type']) ?? '';
  if (/^(?:text\/event-stream|multipart\/mixed)/.test(type)) {
    return [...v, ...streamedViolations(text)];
  }
  if (res.statusCode === 204 || (res.statusCode === 405 && text === '')) {
    return v; // OPTIONS, and HEAD (yoga's 405 without a body)
  }
  return [...v, ...graphqlViolations(res, text)];
}

describe('fuzz: GraphQL /graphql (issue 6)', () => {
  let fx: FuzzFixture;
  const secrets = () => [fx.keys.pro, fx.keys.free, fx.keys.expired];

  beforeAll(async () => {
    fx = await createFuzzFixture();
  });
  afterAll(async () => {
    await fx?.close();
  });

  const send = async (e: Envelope, auth: Record<string, string>) => {
    // Shrinking can leave a header undefined; a client would not send it at all.
    const headers = Object.fromEntries(
      Object.entries({ ...e.headers, ...auth }).filter(([, value]) => typeof value === 'string'),
    );
    const res = await fx.app.inject({
      method: e.method,
      url: e.url,
      headers,
      ...(e.payload === undefined ? {} : { payload: e.payload }),
    });
    const text = bodyText(res);
    return { res, text, describe: () => describeExchange({ ...e, headers }, res, text) };
  };

  const post = (op: Operation): Envelope => ({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    payload: JSON.stringify(op),
  });

  it('documents and variables built from the schema, valid and mutated: never 5xx, a leak or an unknown code', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        operation(schema, fx.ids),
        // Mostly the Pro key, so operations run; every other kind of key now and then.
        fc.oneof(
          { weight: 4, arbitrary: fc.constant({ headers: { 'x-api-key': fx.keys.pro } }) },
          { weight: 1, arbitrary: authVariant(fx.keys) },
        ),
        async (op, auth: { headers: Record<string, string> }) => {
          const { res, text, describe } = await send(post(op), auth.headers);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          failOn(
            responseViolations(res, text, [...secrets(), ...Object.values(auth.headers)]),
            describe,
          );
        },
      ),
      fuzzParameters(300),
    );
    console.info(`GraphQL documents reached: ${JSON.stringify(Object.fromEntries(statuses))}`);
    for (const status of [200, 400, 401]) {
      expect(statuses.has(status), `HTTP ${status} never reached`).toBe(true);
    }
  });

  it('envelopes: broken JSON, other bodies and content types, GET query strings, Accept values', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        envelope(operation(schema, fx.ids)),
        authVariant(fx.keys),
        async (e, auth) => {
          const { res, text, describe } = await send(e, auth.headers);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const v = responseViolations(res, text, [
            ...secrets(),
            KEY_IN_URL,
            ...Object.values(auth.headers),
          ]);
          // A key-like query parameter is refused before anything else, as on REST.
          const named = /[?&](api_key|token|access_token)=/.exec(e.url)?.[1];
          if (named && (res.statusCode !== 400 || !text.includes(`"parameter":"${named}"`))) {
            v.push(`a key in the URL ('${named}') was not refused with 400 naming it`);
          }
          failOn(v, describe);
        },
      ),
      fuzzParameters(250),
    );
    console.info(`GraphQL envelopes reached: ${JSON.stringify(Object.fromEntries(statuses))}`);
  });

  describe('regressions found by the properties', () => {
    it('a JSON body that is not a GraphQL request leaks no parser internals and is 400', async () => {
      for (const payload of ['{}', '[]', 'null', '1']) {
        for (const accept of ['application/json', 'application/graphql-response+json']) {
          const { res, text } = await send(
            {
              method: 'POST',
              url: '/graphql',
              headers: { 'content-type': 'application/json', accept },
              payload,
            },
            {},
          );
          expect(res.statusCode, `${payload} ${accept}: ${text}`).toBe(400);
          expect(text).not.toMatch(/originalError|SyntaxError/);
          expect(graphqlViolations(res, text)).toEqual([]);
        }
      }
    });

    it('GET /graphql without a query is 400 under Accept: application/json too', async () => {
      const { res, text } = await send(
        { method: 'GET', url: '/graphql', headers: { accept: 'application/json' } },
        {},
      );
      expect(res.statusCode, text).toBe(400);
      expect(JSON.parse(text).errors[0].extensions.code).toBe('invalid_parameter');
    });

    it('an unsupported Content-Type (415) or Accept (406) has a GraphQL error body, not `null`', async () => {
      const unsupported = await send(
        {
          method: 'POST',
          url: '/graphql',
          headers: { 'content-type': 'text/plain' },
          payload: '{ limits { tier } }',
        },
        {},
      );
      expect(unsupported.res.statusCode).toBe(415);
      expect(graphqlViolations(unsupported.res, unsupported.text)).toEqual([]);
      const refused = await send(
        {
          ...post({ query: '{ limits { tier } }' }),
          headers: { 'content-type': 'application/json', accept: 'application/xml' },
        },
        {},
      );
      expect(refused.res.statusCode).toBe(406);
      expect(graphqlViolations(refused.res, refused.text)).toEqual([]);
    });

    it('PUT, PATCH and DELETE /graphql are 405 with Allow, not 404', async () => {
      for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
        const res = await fx.app.inject({
          method,
          url: '/graphql',
          headers: { 'content-type': 'application/json' },
          payload: '{bad',
        });
        expect(res.statusCode).toBe(405);
        expect(res.headers.allow).toBe('GET, POST, OPTIONS');
        expect(graphqlViolations(res, res.body)).toEqual([]);
        expect(res.json().errors[0].extensions.code).toBe('method_not_allowed');
      }
    });

    it('GET with `variables` or `extensions` that are not JSON is 400 invalid_parameter, not internal_error', async () => {
      for (const param of ['variables={', 'variables=%zz', 'extensions={"a":']) {
        const { res, text } = await send(
          {
            method: 'GET',
            url: `/graphql?query=${encodeURIComponent('{ limits { tier } }')}&${param}`,
            headers: { accept: 'application/json' },
          },
          {},
        );
        expect(res.statusCode, `${param}: ${text}`).toBe(400);
        expect(graphqlViolations(res, text)).toEqual([]);
        expect(JSON.parse(text).errors[0].extensions.code).toBe('invalid_parameter');
      }
    });

    it('an operation the schema cannot run (subscription, mutation) is refused with 400', async () => {
      for (const query of ['subscription { limits { tier } }', 'mutation { limits { tier } }']) {
        const { res, text } = await send(post({ query }), { 'x-api-key': fx.keys.pro });
        expect(res.statusCode, `${query}: ${text}`).toBe(400);
        expect(graphqlViolations(res, text)).toEqual([]);
      }
    });

    it('a NUL byte in a String argument is a field error invalid_parameter, not internal_error', async () => {
      const id = fx.ids.matchIds[0];
      for (const query of [
        '{ matches(league: ["\\u0000"]) { items { id } } }',
        '{ liveMatches(league: ["a\\u0000b"]) { id } }',
        `{ match(id: ${id}) { odds { movement(market: HAD, bookmaker: "\\u0000") { matchId } } } }`,
      ]) {
        const { res, text } = await send(post({ query }), { 'x-api-key': fx.keys.pro });
        expect(res.statusCode, text).toBe(200);
        expect(graphqlViolations(res, text)).toEqual([]);
        expect(JSON.parse(text).errors[0].extensions.code, text).toBe('invalid_parameter');
      }
    });
  });
});
