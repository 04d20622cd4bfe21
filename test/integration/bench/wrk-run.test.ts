import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWrk, runWrk } from '../../../bench/wrk.js';

// .ci/run installs Debian's wrk (the bench's load generator); without it this says so by name.
const suite = findWrk() ? describe : describe.skip;

suite(`wrk drives a real server${findWrk() ? '' : ' [SKIPPED: wrk missing]'}`, () => {
  let server: Server;
  let url = '';
  const seen = { posts: 0, badBodies: 0, headers: 0 };
  const inTurn: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        if (request.url === '/in-turn') {
          inTurn.push(body);
        } else if (request.method === 'POST') {
          seen.posts += 1;
          seen.badBodies += body === '{"query":"{ a }"}' ? 0 : 1;
        }
        seen.headers += request.headers['x-api-key'] === 'k=1;2' ? 1 : 0;
        const errors = request.url === '/errors';
        response.statusCode = request.url === '/missing' ? 404 : 200;
        response.setHeader('content-type', 'application/json');
        response.end(errors ? '{"errors":[{"message":"no"}]}' : '{"data":{"a":1}}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const base = { kind: 'cannon' as const, connections: 2, seconds: 1, engine: 'wrk' as const };

  it('sends the method, headers and body it is given, and counts every answer', async () => {
    const result = await runWrk(
      {
        ...base,
        url: `${url}/ok`,
        method: 'POST',
        headers: { 'x-api-key': 'k=1;2', 'content-type': 'application/json' },
        body: '{"query":"{ a }"}',
        graphql: true,
      },
      1,
    );
    expect(result.responses).toBeGreaterThan(100);
    expect(result.failures).toBe(0);
    expect(result.statusCodes['200']).toBe(result.responses);
    expect(seen.badBodies).toBe(0);
    expect(seen.posts).toBeGreaterThanOrEqual(result.responses);
    expect(seen.headers).toBeGreaterThanOrEqual(result.responses);
  });

  it('sends bodies in turn, each one as often as the others', async () => {
    const bodies = ['{"id":1}', '{"id":2}', '{"id":"é"}'];
    const result = await runWrk(
      { ...base, connections: 1, url: `${url}/in-turn`, method: 'POST', headers: {}, bodies },
      1,
    );
    expect(result.failures).toBe(0);
    expect(inTurn.length).toBeGreaterThanOrEqual(result.responses);
    // wrk asks the script for a first request before it sends any: the turn may start anywhere.
    const next = (body: string) => bodies[(bodies.indexOf(body) + 1) % bodies.length];
    expect(inTurn.slice(1).every((body, i) => body === next(inTurn[i] as string))).toBe(true);
    const counts = bodies.map((b) => inTurn.filter((x) => x === b).length);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });

  it('counts GraphQL error bodies and unexpected statuses as failures', async () => {
    const errors = await runWrk(
      { ...base, url: `${url}/errors`, method: 'GET', headers: {}, graphql: true },
      1,
    );
    expect(errors.mismatches).toBe(errors.responses);
    expect(errors.failures).toBe(errors.responses);
    const missing = await runWrk({ ...base, url: `${url}/missing`, method: 'GET', headers: {} }, 1);
    expect(missing.statusCodes['404']).toBe(missing.responses);
    expect(missing.failures).toBe(missing.responses);
  });
});
