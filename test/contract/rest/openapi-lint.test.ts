import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStatusesOf } from '../../../rest/declared-errors.js';
import { buildTestApp } from '../../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import {
  createOpenApiHarness,
  type OpenApiDocument,
  type OpenApiOperation,
} from '../../helpers/openapi-validator.js';
import { QUOTA_HEADERS } from '../../helpers/quota-headers.js';

/**
 * Lints the served /v1/openapi.json: valid OpenAPI 3.1 (the OAI JSON Schema, through
 * @seriousme/openapi-schema-validator, offline), API version 1.0.0 (spec 9.1), exactly the 21 GET
 * routes of spec part 4, each answering 200 plus what rest/declared-errors.ts declares, with the
 * spec 8.2 headers where they belong. Every embedded schema must compile as JSON Schema 2020-12.
 */

/** Spec part 4, copied from the spec (not from the code), in OpenAPI path syntax. */
const SPEC_ROUTES = [
  '/v1/football/meta/limits',
  '/v1/football/meta/plans',
  '/v1/football/matches/live',
  '/v1/football/matches',
  '/v1/football/matches/{matchId}',
  '/v1/football/matches/{matchId}/events',
  '/v1/football/matches/{matchId}/statistics',
  '/v1/football/matches/{matchId}/h2h',
  '/v1/football/matches/{matchId}/lineups',
  '/v1/football/odds/bookmakers',
  '/v1/football/matches/{matchId}/odds',
  '/v1/football/matches/{matchId}/odds/exchange',
  '/v1/football/matches/{matchId}/odds/kelly',
  '/v1/football/matches/{matchId}/odds/regional',
  '/v1/football/matches/{matchId}/odds/{market}/{bookmaker}',
  '/v1/football/matches/{matchId}/analysis/ai-basic',
  '/v1/football/matches/{matchId}/analysis/ai-deep',
  '/v1/football/matches/{matchId}/analysis/tips-distribution',
  '/v1/football/matches/{matchId}/analysis/handicap',
  '/v1/football/matches/{matchId}/analysis/over-under',
  '/v1/football/matches/{matchId}/analysis/corners',
];

/** Routes beyond the contract that DECISIONS.md adds (Push): not JSON, but documented. */
/** The tag of an operation by its path (the first pattern that matches); else `Matches`. */
const TAG_OF_PATH: [RegExp, string][] = [
  [/\/analysis\//, 'Analysis'],
  [/\/odds/, 'Odds'],
  [/\/meta\//, 'Meta'],
  [/\/stream$/, 'Stream'],
  [/\/competitions/, 'Competitions'],
  [/\/teams\//, 'Teams'],
  [/\/players\//, 'Players'],
  [/\/search$/, 'Search'],
];
const ADDED_ROUTES = [
  '/v1/football/stream',
  // Issue 49: the catalogue.
  '/v1/football/competitions',
  '/v1/football/competitions/{competitionId}/standings',
  '/v1/football/teams/{teamId}',
  '/v1/football/teams/{teamId}/matches',
  '/v1/football/players/{playerId}',
  '/v1/football/search',
  '/v1/football/competitions/{competitionId}/scorers',
];

const BONUS_HEADERS = [
  'X-Matches-Bonus-Limit',
  'X-Matches-Bonus-Remaining',
  'X-Matches-Bonus-Reset',
];

/** `/v1/football/matches/{matchId}` -> the Fastify URL `/v1/football/matches/:matchId`. */
const fastifyUrl = (template: string) => template.replace(/\{([^}]+)\}/g, ':$1');
const isKeyed = (template: string) => !template.startsWith('/v1/football/meta/');

describe('OpenAPI document lint (/v1/openapi.json)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let doc: OpenApiDocument;
  const get = (template: string): OpenApiOperation => {
    const operation = doc.paths[template]?.['get'];
    if (!operation) {
      throw new Error(`GET ${template} is not in the document`);
    }
    return operation;
  };

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildTestApp(database);
    const res = await app.inject('/v1/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('is valid OpenAPI 3.1 by the OAI schema, API version 1.0.0', async () => {
    const validator = new Validator({ strict: false });
    const copy: Record<string, unknown> = { ...structuredClone(doc) };
    const result = await validator.validate(copy);
    expect(result.errors, JSON.stringify(result.errors, null, 2)).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.version).toBe('1.0.0');
    // Control: the validator is not a no-op (a response object without its description).
    const broken = { ...copy, paths: { '/v1/football/x': { get: { responses: { 200: {} } } } } };
    expect((await new Validator({ strict: false }).validate(broken)).valid).toBe(false);
  });

  it('names every operation for SDK generators: a unique camelCase operationId, one tag, a summary and a description', () => {
    // Issue 17: the names a client generator turns into methods, copied here from the issue.
    const expected: Record<string, string> = {
      '/v1/football/matches': 'listMatches',
      '/v1/football/matches/{matchId}': 'getMatch',
      '/v1/football/matches/{matchId}/odds': 'getMatchOdds',
      '/v1/football/matches/{matchId}/odds/{market}/{bookmaker}': 'getOddsMovement',
    };
    const ids: string[] = [];
    for (const template of [...SPEC_ROUTES, ...ADDED_ROUTES]) {
      const operation = get(template);
      expect(operation.operationId, template).toMatch(/^[a-z][A-Za-z]+$/);
      ids.push(String(operation.operationId));
      if (expected[template]) {
        expect(operation.operationId, template).toBe(expected[template]);
      }
      expect(operation.tags, template).toHaveLength(1);
      const tag = String(operation.tags?.[0]);
      expect(
        doc.tags?.map((t) => t.name),
        template,
      ).toContain(tag);
      const wanted = TAG_OF_PATH.find(([pattern]) => pattern.test(template))?.[1] ?? 'Matches';
      expect(tag, template).toBe(wanted);
      expect(operation.summary, template).toMatch(/^[^\n]{10,80}$/);
      expect(operation.description?.length ?? 0, template).toBeGreaterThan(40);
      // The description says what the call costs.
      expect(operation.description, template).toMatch(/charges nothing|quota|allowance/);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.tags?.every((t) => (t.description ?? '').length > 0)).toBe(true);
    expect(doc.info.contact?.url).toMatch(/^https?:\/\//);
    expect(doc.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
  });

  it('every embedded schema compiles as JSON Schema 2020-12 (ajv, strict)', () => {
    expect(createOpenApiHarness(doc).compileAll()).toEqual([]);
  });

  it('lists exactly the 21 GET routes of spec part 4, the additions, nothing outside /v1/football', () => {
    expect(Object.keys(doc.paths).sort()).toEqual([...SPEC_ROUTES, ...ADDED_ROUTES].sort());
    for (const [template, item] of Object.entries(doc.paths)) {
      expect(Object.keys(item), template).toEqual(['get']);
    }
  });

  it('documents the push stream as text/event-stream, with its errors as problem+json', () => {
    const stream = get('/v1/football/stream');
    expect(Object.keys(stream.responses['200']?.content ?? {})).toEqual(['text/event-stream']);
    const expected = ['200', ...errorStatusesOf('/v1/football/stream').map(String)];
    expect(Object.keys(stream.responses).sort()).toEqual(expected.sort());
  });

  it('declares every path parameter, required, in the path', () => {
    for (const template of SPEC_ROUTES) {
      const inPath = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const declared = (get(template).parameters ?? []).filter((p) => p.in === 'path');
      expect(declared.map((p) => p.name).sort(), template).toEqual(inPath.sort());
      expect(
        declared.every((p) => p.required === true),
        template,
      ).toBe(true);
    }
  });

  it('answers each route with exactly 200 plus errorStatusesOf(url)', () => {
    for (const template of SPEC_ROUTES) {
      const expected = ['200', ...errorStatusesOf(fastifyUrl(template)).map(String)];
      expect(Object.keys(get(template).responses).sort(), template).toEqual(expected.sort());
    }
  });

  it('200 is application/json; every error is application/problem+json with the spec 7 fields', () => {
    for (const template of SPEC_ROUTES) {
      for (const [status, response] of Object.entries(get(template).responses)) {
        const media = Object.keys(response.content ?? {});
        if (status === '200') {
          expect(media, template).toEqual(['application/json']);
          continue;
        }
        expect(media, `${template} ${status}`).toEqual(['application/problem+json']);
        const schema = response.content?.['application/problem+json']?.schema ?? {};
        expect(schema['required'], `${template} ${status}`).toEqual(
          expect.arrayContaining(['type', 'title', 'status', 'detail', 'code']),
        );
      }
    }
  });

  it('keyed routes document the rate and quota headers (bonus only on /matches), meta only Retry-After and the address policy', () => {
    for (const template of SPEC_ROUTES) {
      const operation = get(template);
      const ok = Object.keys(operation.responses['200']?.headers ?? {});
      // X-Request-Id is on every answer of every route (docs/operations.md "Request ids").
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(response.headers?.['X-Request-Id']?.schema, `${template} ${status}`).toMatchObject({
          type: 'string',
        });
      }
      const all = Object.values(operation.responses)
        .flatMap((r) => Object.keys(r.headers ?? {}))
        .filter((name) => name !== 'X-Request-Id');
      if (!isKeyed(template)) {
        // Keyless: no key counters; the 429 of the per-address limit says when to retry and
        // names the address policy, the 503 of an unreachable database says when to retry.
        expect(new Set(all), template).toEqual(
          new Set(['Retry-After', 'RateLimit-Policy', 'RateLimit']),
        );
        expect(operation.security, template).toEqual([]);
        continue;
      }
      expect(operation.security, template).toEqual([{ bearer: [] }, { apiKey: [] }]);
      expect(ok, template).toEqual(expect.arrayContaining(QUOTA_HEADERS));
      const bonus = all.filter((h) => h.startsWith('X-Matches-Bonus-'));
      if (template === '/v1/football/matches') {
        expect(ok, template).toEqual(expect.arrayContaining(BONUS_HEADERS));
      } else {
        expect(bonus, template).toEqual([]);
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const [name, header] of Object.entries(response.headers ?? {})) {
          if (name === 'X-Request-Id') {
            continue;
          }
          // The IETF fields are structured lists (`"minute";q=30;w=60, ...`), the rest numbers.
          const type = name.startsWith('RateLimit') ? 'string' : 'integer';
          expect(header.schema, `${template} ${status} ${name}`).toEqual({ type });
        }
      }
    }
  });

  it('every 429 and 503 documents Retry-After as an integer', () => {
    for (const template of SPEC_ROUTES) {
      for (const status of ['429', '503']) {
        const response = get(template).responses[status];
        if (response) {
          expect(response.headers?.['Retry-After']?.schema, `${template} ${status}`).toEqual({
            type: 'integer',
          });
        }
      }
    }
    // Every keyed route declares both (spec part 4 rows, and the 503 of an unreachable store).
    const keyed = SPEC_ROUTES.filter(isKeyed);
    expect(keyed.every((t) => get(t).responses['429'] && get(t).responses['503'])).toBe(true);
  });
});
