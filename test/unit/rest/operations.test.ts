import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../../../rest/examples/index.js';
import { completeRouteSchema } from '../../../rest/openapi.js';
import { OPERATIONS } from '../../../rest/operations.js';

describe('rest/operations.ts, the OpenAPI names of the /v1 operations', () => {
  it('a /v1/football route without an entry stops start-up, naming the file', () => {
    const route = {
      method: 'GET',
      url: '/v1/football/matches/:matchId/new-thing',
      schema: { response: { 200: { type: 'object' } } },
      handler: async () => ({}),
    } as RouteOptions;
    expect(() => completeRouteSchema(route)).toThrow(
      /new-thing has no entry in rest\/operations\.ts/,
    );
  });

  it('a route without an example of its 200 body stops start-up too', () => {
    const url = '/v1/football/matches/:matchId';
    const route = {
      method: 'GET',
      url,
      schema: { response: { 200: { type: 'object' } } },
      handler: async () => ({}),
    } as RouteOptions;
    const examples = EXAMPLES as Record<string, unknown>;
    const kept = examples[url];
    delete examples[url];
    try {
      expect(() => completeRouteSchema(route)).toThrow(
        /matchId has no example of its 200 body in rest\/examples/,
      );
    } finally {
      examples[url] = kept;
    }
    expect(() => completeRouteSchema({ ...route })).not.toThrow();
  });

  it('every operation has an example, and no example names a route that is not one', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(Object.keys(OPERATIONS).sort());
  });

  it('routes outside /v1/football need none', () => {
    const route = { method: 'GET', url: '/healthz', schema: {}, handler: async () => ({}) };
    expect(() => completeRouteSchema(route as RouteOptions)).not.toThrow();
  });

  it('lists the 21 routes of the contract, the stream and the catalogue, each operationId once', () => {
    const ids = Object.values(OPERATIONS).map((operation) => operation.operationId);
    expect(ids).toHaveLength(29);
    expect(new Set(ids).size).toBe(29);
  });
});
