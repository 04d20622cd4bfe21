/**
 * Issue 6 "Bad input": oversized requests are refused early, over a real socket (`inject`
 * has no HTTP parser). docs/access.md "Request size limits" documents each status:
 *
 * - request line + headers over 16 KiB (Node's `--max-http-header-size`, 16,384 bytes): 431, the
 *   connection closed, nothing routed (a long URL is part of it: 431 too, not 414);
 * - a path parameter over 100 characters (Fastify `maxParamLength`): 414;
 * - /graphql bodies over 100,000 bytes: 400 `invalid_parameter` (problem+json) as soon as the
 *   headers say so (Content-Length), or once 100 kB have arrived (chunked);
 * - REST routes read no body: another method is 405 before the body is read, whatever its size.
 *
 * Nothing here reaches the database: the app runs over one that cannot be reached, so each
 * answer is provably decided before any storage call.
 *
 * Each of these answers is problem+json (`headers_too_large`, `uri_too_long`, `invalid_parameter`),
 * written by rest/transport-errors.ts before any route runs.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/database.js';
import { buildTestApp } from '../helpers/app.js';
import { fuzzParameters } from '../helpers/fuzz-app.js';
import {
  bodyText,
  failOn,
  graphqlViolations,
  leaksIn,
  problemViolations,
} from '../helpers/fuzz-assert.js';
import { type RawResponse, rawRequest } from '../helpers/fuzz-socket.js';

const HEADER_LIMIT = 16 * 1024;
const GRAPHQL_BODY_LIMIT = 100_000;

/** A request head with `extra` header lines; `Connection: close` so the server ends it. */
const head = (requestLine: string, extra: string[] = []) =>
  `${requestLine}\r\nHost: touchline.test\r\n${extra.map((h) => `${h}\r\n`).join('')}Connection: close\r\n\r\n`;

function describeRaw(what: string, res: RawResponse): string {
  return `${what}\n-> ${res.statusCode} ${JSON.stringify(res.headers)}\n${bodyText(res).slice(0, 300)}`;
}

describe('fuzz: request size limits over a socket (issue 6)', () => {
  let database: Database;
  let app: FastifyInstance;
  let port = 0;

  beforeAll(async () => {
    database = await openDatabase({
      databaseUrl: 'postgres://postgres@127.0.0.1:9/none',
      dataDir: '',
    });
    app = await buildTestApp(database, { seed: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('a request line and headers over 16 KiB are 431 and the connection is closed, however they are spread', async () => {
    const shape = fc.record({
      size: fc.integer({ min: HEADER_LIMIT + 1024, max: 64 * 1024 }),
      how: fc.constantFrom('one header', 'many headers', 'cookie', 'url', 'authorization'),
      path: fc.constantFrom('/v1/football/matches', '/v1/football/meta/plans', '/graphql', '/nope'),
    });
    await fc.assert(
      fc.asyncProperty(shape, async ({ size, how, path }) => {
        const filler = 'a'.repeat(size);
        const request =
          how === 'url'
            ? head(`GET ${path}?league=${filler} HTTP/1.1`)
            : head(
                `GET ${path} HTTP/1.1`,
                how === 'one header'
                  ? [`X-Filler: ${filler}`]
                  : how === 'cookie'
                    ? [`Cookie: c=${filler}`]
                    : how === 'authorization'
                      ? [`Authorization: Bearer ${filler}`]
                      : Array.from(
                          { length: Math.ceil(size / 100) },
                          (_, i) => `X-F${i}: ${'b'.repeat(94)}`,
                        ),
              );
        const res = await rawRequest(port, request);
        const v = leaksIn(bodyText(res));
        if (res.statusCode !== 431 || !res.closed) {
          v.push(
            `expected 431 and a closed connection, got ${res.statusCode} (closed: ${res.closed})`,
          );
        }
        failOn(v, () => describeRaw(`${how} of ${size} bytes on ${path}`, res));
      }),
      fuzzParameters(12),
    );
  });

  it('under the header limit the app answers (a key in the URL: 400 problem+json, decided before any storage call)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: HEADER_LIMIT - 2048 }), async (size) => {
        const res = await rawRequest(
          port,
          head('GET /v1/football/matches?api_key=abc HTTP/1.1', [`X-Filler: ${'a'.repeat(size)}`]),
        );
        const text = bodyText(res);
        const v = [...leaksIn(text), ...problemViolations(res, text)];
        if (res.statusCode !== 400 || !text.includes('"parameter":"api_key"')) {
          v.push(`expected 400 naming api_key, got ${res.statusCode}`);
        }
        failOn(v, () => describeRaw(`filler of ${size} bytes`, res));
      }),
      fuzzParameters(8),
    );
  });

  it('a /graphql body over 100,000 bytes is 400 invalid_parameter, refused on its Content-Length before the body is sent', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: GRAPHQL_BODY_LIMIT + 1, max: 50_000_000 }),
        async (length) => {
          // The body is never sent: an answer proves the refusal came from the headers alone.
          const res = await rawRequest(
            port,
            head('POST /graphql HTTP/1.1', [
              'Content-Type: application/json',
              `Content-Length: ${length}`,
            ]),
          );
          const text = bodyText(res);
          // The GraphQL door answers in GraphQL's shape (errors[].extensions.code).
          const v = [...leaksIn(text), ...graphqlViolations(res, text)];
          if (res.statusCode !== 400 || !text.includes('100000 bytes')) {
            v.push(`expected 400 naming the 100000-byte limit, got ${res.statusCode}`);
          }
          failOn(v, () => describeRaw(`Content-Length ${length}`, res));
        },
      ),
      fuzzParameters(8),
    );
  });

  it('a chunked /graphql body is refused with 400 once it passes 100,000 bytes; at the limit it is read', async () => {
    const send = (size: number) => {
      const json = `{"query":"{ __typename }"${' '.repeat(Math.max(0, size - 26))}}`;
      const chunk = Buffer.from(`${json.length.toString(16)}\r\n${json}\r\n0\r\n\r\n`);
      return rawRequest(
        port,
        head('POST /graphql HTTP/1.1', [
          'Content-Type: application/json',
          'Accept: application/json',
          'Transfer-Encoding: chunked',
        ]),
        chunk,
      );
    };
    const over = await send(GRAPHQL_BODY_LIMIT + 10);
    expect(over.statusCode, bodyText(over)).toBe(400);
    expect(graphqlViolations(over, bodyText(over))).toEqual([]);
    const under = await send(GRAPHQL_BODY_LIMIT - 10);
    expect(under.statusCode, bodyText(under)).toBe(200);
    expect(JSON.parse(bodyText(under))).toEqual({ data: { __typename: 'Query' } });
  });

  it('another method on a REST route is 405 before the body is read, whatever its declared size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE'),
        fc.integer({ min: 1, max: 1_000_000_000 }),
        async (method, length) => {
          const res = await rawRequest(
            port,
            head(`${method} /v1/football/matches/1 HTTP/1.1`, [
              'Content-Type: application/json',
              `Content-Length: ${length}`,
            ]),
          );
          const text = bodyText(res);
          const v = [...leaksIn(text), ...problemViolations(res, text)];
          if (res.statusCode !== 405 || res.headers['allow'] !== 'GET, HEAD') {
            v.push(`expected 405 with Allow, got ${res.statusCode}`);
          }
          failOn(v, () => describeRaw(`${method} with Content-Length ${length}`, res));
        },
      ),
      fuzzParameters(8),
    );
  });

  it('bytes that are not HTTP are refused with 400 and the connection closed, never 5xx', async () => {
    const junk = fc.oneof(
      fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 200 }).map((s) => `${s}\r\n\r\n`),
      fc.constantFrom(
        'GET\r\n\r\n',
        'GET / HTTP/9.9\r\n\r\n',
        'GET /v1/football/matches HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
        'GET /v1/football/matches HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n',
        'GET /v1/football/matches/\u0001 HTTP/1.1\r\nHost: x\r\n\r\n',
        'GET /v1/football/matches HTTP/1.1\r\nBad Header\r\n\r\n',
        'GET /v1/football/matches HTTP/1.1\r\nX: a\u0000b\r\n\r\n',
      ),
    );
    await fc.assert(
      fc.asyncProperty(junk, async (bytes) => {
        const res = await rawRequest(port, Buffer.from(bytes, 'latin1'), undefined, 1500);
        const v = leaksIn(bodyText(res));
        // No answer at all (the parser waiting for more, then our timeout) is acceptable too.
        if (res.statusCode >= 500) {
          v.push(`status ${res.statusCode}`);
        }
        failOn(v, () => describeRaw(JSON.stringify(bytes.slice(0, 120)), res));
      }),
      fuzzParameters(25),
    );
  });

  describe('refusals before routing are problem+json too (rest/transport-errors.ts)', () => {
    it('the 431 of oversized headers is problem+json', async () => {
      const res = await rawRequest(
        port,
        head('GET /v1/football/matches HTTP/1.1', [`X-Filler: ${'a'.repeat(HEADER_LIMIT)}`]),
      );
      expect(res.statusCode).toBe(431);
      expect(problemViolations(res, bodyText(res))).toEqual([]);
    });

    it('the 414 of a path parameter over 100 characters is problem+json', async () => {
      const res = await rawRequest(
        port,
        head(`GET /v1/football/matches/${'1'.repeat(101)} HTTP/1.1`),
      );
      expect(res.statusCode).toBe(414);
      expect(problemViolations(res, bodyText(res))).toEqual([]);
    });

    it('the 400 of a malformed request line is problem+json', async () => {
      const res = await rawRequest(port, 'GARBAGE\r\n\r\n');
      expect(res.statusCode).toBe(400);
      expect(problemViolations(res, bodyText(res))).toEqual([]);
    });
  });
});
