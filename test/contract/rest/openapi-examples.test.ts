import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { AnySchema } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLES } from '../../../rest/examples/index.js';
import { OPERATIONS } from '../../../rest/operations.js';
import { buildTestApp } from '../../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { createSchemaAjv, type OpenApiDocument } from '../../helpers/openapi-validator.js';

/**
 * Issue 17: every operation of the served /v1/openapi.json shows an example of its 200 body
 * (rest/examples), and each example is a body the server could send: it validates against the
 * 200 schema of its media type (Ajv, JSON Schema 2020-12 with formats, no coercion: stricter
 * than the server's request validator) and the server's serializer (fast-json-stringify, as
 * Fastify compiles it) gives it back unchanged, so no field is one the schema would drop.
 */

/** `/v1/football/matches/{matchId}` -> `/v1/football/matches/:matchId` (rest/operations.ts keys). */
const routeOf = (template: string) => template.replace(/\{([^}]+)\}/g, ':$1');

interface Media {
  schema?: Record<string, unknown>;
  example?: unknown;
}

describe('examples of every 200 in the served /v1/openapi.json', () => {
  let database: TestDatabase;
  let doc: OpenApiDocument;
  const ajv = createSchemaAjv();
  const serializerOf = SerializerSelector()(undefined, {});

  /** Every (route, media type, media) of a 200 in the document. */
  const okMedia = () =>
    Object.entries(doc.paths).flatMap(([template, item]) =>
      Object.values(item).flatMap((operation) =>
        Object.entries(operation.responses['200']?.content ?? {}).map(
          ([type, media]) => [routeOf(template), type, media as Media] as const,
        ),
      ),
    );

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const app = await buildTestApp(database);
    doc = (await app.inject('/v1/openapi.json')).json() as OpenApiDocument;
    await app.close();
  });
  afterAll(async () => {
    await database.close();
  });

  it('has one example per operation, and every 200 media type shows it', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(Object.keys(OPERATIONS).sort());
    const routes = Object.keys(doc.paths).map(routeOf).sort();
    expect(routes).toEqual(Object.keys(OPERATIONS).sort());
    const media = okMedia();
    expect(new Set(media.map(([route]) => route)).size).toBe(routes.length);
    expect(media.filter(([, , m]) => m.example === undefined).map(([route]) => route)).toEqual([]);
    for (const [route, , m] of media) {
      expect(m.example, route).toEqual(EXAMPLES[route]);
    }
  });

  it('every JSON example validates against its schema and survives the serializer', () => {
    const problems: string[] = [];
    for (const [route, type, { schema = {}, example }] of okMedia()) {
      if (type !== 'application/json') {
        continue;
      }
      const validate = ajv.compile(schema as AnySchema);
      if (!validate(example)) {
        problems.push(`${route}: ${ajv.errorsText(validate.errors)}`);
      }
      const serialize = serializerOf({ schema, method: 'GET', url: route, httpStatus: '200' });
      expect(JSON.parse(serialize(example)), route).toEqual(example);
    }
    expect(problems).toEqual([]);
  });

  it('the stream example is the SSE text the route writes, its change a served match', () => {
    const [[, , stream]] = okMedia().filter(([, type]) => type === 'text/event-stream') as [
      readonly [string, string, Media],
    ];
    const text = stream.example as string;
    const blocks = text.split('\n\n').filter((b) => b !== '');
    expect(blocks[0]).toBe('retry: 3000');
    const change = blocks.find((b) => b.includes('event: change')) ?? '';
    const fields = Object.fromEntries(change.split('\n').map((l) => l.split(/: (.*)/s, 2)));
    const data = JSON.parse(fields['data'] ?? 'null') as Record<string, unknown>;
    expect(data['seq']).toBe(fields['id']);
    expect(data['resource']).toBe('detail');
    const detail = doc.paths['/v1/football/matches/{matchId}']?.['get']?.responses['200'];
    const envelope = detail?.content?.['application/json']?.schema ?? {};
    const validate = ajv.compile(envelope as AnySchema);
    expect(validate({ data: data['value'] }), ajv.errorsText(validate.errors)).toBe(true);
    expect(text.endsWith('\n\n')).toBe(true);
  });

  it('control: an example that departs from its schema is refused', () => {
    const [, , media] =
      okMedia().find(([route]) => route === '/v1/football/matches/:matchId') ?? [];
    const validate = ajv.compile((media?.schema ?? {}) as AnySchema);
    const example = media?.example as { data: Record<string, unknown> };
    expect(validate(example)).toBe(true);
    expect(validate({ data: { ...example.data, status: 'halftime' } })).toBe(false);
    expect(validate({ data: { ...example.data, kickoffUtc: '22/11/2026 16:30' } })).toBe(false);
    expect(validate({ data: { ...example.data, attendance: 60_383 } })).toBe(false);
  });
});
