import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REST_TYPES_FILE, restTypesSource } from '../../../scripts/client-rest-types.js';
import { buildTestApp } from '../../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';

/**
 * Issue 17: the REST types `touchline/client` ships are what openapi-typescript generates from
 * the document the server serves now, as schema.graphql is the printed schema. A route, parameter
 * or payload change without `npm run client:types` fails here.
 */
describe('src/client/generated/rest.ts', () => {
  let database: TestDatabase;
  let served: unknown;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const app = await buildTestApp(database);
    served = (await app.inject('/v1/openapi.json')).json();
    await app.close();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('is what the served /v1/openapi.json generates (else run `npm run client:types`)', async () => {
    const committed = await readFile(REST_TYPES_FILE, 'utf8');
    expect(committed).toContain('"/v1/football/matches/{matchId}"');
    // A boolean, not a diff of eight thousand lines.
    const current = committed === (await restTypesSource(served));
    expect(current, 'stale: run `npm run client:types`').toBe(true);
  });
});
