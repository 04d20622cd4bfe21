import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Document, type RulesetDefinition, Spectral } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';

/**
 * Issue 17: the document the server serves passes the linters SDK and API teams run, with no
 * rule switched off: Spectral's `spectral:oas` ruleset (its recommended rules) and Redocly's
 * `recommended` config, zero errors and zero warnings.
 */

async function spectralFindings(text: string): Promise<string[]> {
  const spectral = new Spectral();
  // spectral-rulesets declares its ruleset against its own copy of spectral-core's types.
  const ruleset: RulesetDefinition = { extends: [[oas as RulesetDefinition, 'recommended']] };
  spectral.setRuleset(ruleset);
  const results = await spectral.run(new Document(text, Json, 'openapi.json'));
  return results.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`);
}

async function redoclyFindings(text: string): Promise<string[]> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
  return problems.map(
    (p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`,
  );
}

describe('the served /v1/openapi.json under Spectral and Redocly', () => {
  let database: TestDatabase;
  let text = '';

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const app = await buildTestApp(database);
    text = (await app.inject('/v1/openapi.json')).body;
    await app.close();
  });
  afterAll(async () => {
    await database.close();
  });

  it('spectral:oas finds nothing', async () => {
    expect(await spectralFindings(text)).toEqual([]);
  });

  it('Redocly recommended finds nothing', async () => {
    expect(await redoclyFindings(text)).toEqual([]);
  });

  it('control: both see an operation without its id, tags and description', async () => {
    const doc = JSON.parse(text) as { paths: Record<string, { get: Record<string, unknown> }> };
    const detail = doc.paths['/v1/football/matches/{matchId}']?.get ?? {};
    delete detail['operationId'];
    delete detail['tags'];
    delete detail['description'];
    const broken = JSON.stringify(doc);
    expect((await spectralFindings(broken)).join('\n')).toMatch(/operation-operationId/);
    expect((await redoclyFindings(broken)).join('\n')).toMatch(/operation-operationId/);
  });

  it('control: both check the 200 examples against their schemas', async () => {
    const doc = JSON.parse(text) as {
      paths: Record<string, { get: { responses: Record<string, Record<string, unknown>> } }>;
    };
    const ok = doc.paths['/v1/football/matches/{matchId}']?.get.responses['200'] ?? {};
    const media = (ok['content'] as Record<string, { example: { data: object } }>)[
      'application/json'
    ];
    if (media) {
      media.example = { data: { ...media.example.data, status: 'halftime' } };
    }
    const broken = JSON.stringify(doc);
    expect((await spectralFindings(broken)).join('\n')).toMatch(/oas3-valid-media-example/);
    expect((await redoclyFindings(broken)).join('\n')).toMatch(/no-invalid-media-type-examples/);
  });
});
