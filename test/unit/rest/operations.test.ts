import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
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

  it('routes outside /v1/football need none', () => {
    const route = { method: 'GET', url: '/healthz', schema: {}, handler: async () => ({}) };
    expect(() => completeRouteSchema(route as RouteOptions)).not.toThrow();
  });

  it('lists the 21 routes of the contract and the stream, each operationId once', () => {
    const ids = Object.values(OPERATIONS).map((operation) => operation.operationId);
    expect(ids).toHaveLength(22);
    expect(new Set(ids).size).toBe(22);
  });
});
