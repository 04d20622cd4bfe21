import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerDrain, type ShutdownState } from '../../../src/http/drain.js';
import {
  notModifiedHeaders,
  staticHeadersOf,
  wireBodyOf,
  writePrepared,
} from '../../../src/http/prepared-answer.js';
import { registerRequestId, requestIdOf } from '../../../src/http/request-id.js';

const STATIC = ['content-type', 'application/json; charset=utf-8', 'etag', '"abc"'];

/** One route that writes a prepared answer; the process starts draining while it runs. */
async function buildApp(state: ShutdownState, drainDuring: boolean, body?: string) {
  const app = Fastify({ genReqId: requestIdOf, requestIdHeader: false });
  registerRequestId(app);
  registerDrain(app, state);
  app.get('/answer', (_request, reply) => {
    state.closing = drainDuring;
    writePrepared(reply, STATIC, ['x-quota-remaining', '9'], body);
  });
  await app.ready();
  return app;
}

describe('answers written past the hooks (prepared-answer.ts)', () => {
  it('sends the id, the static and per-request headers, the length and the body', async () => {
    const app = await buildApp({ closing: false }, false, '{"data":1}');
    const response = await app.inject({ url: '/answer', headers: { 'x-request-id': 'req-1' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"data":1}');
    expect(response.headers).toMatchObject({
      'x-request-id': 'req-1',
      'content-type': 'application/json; charset=utf-8',
      etag: '"abc"',
      'x-quota-remaining': '9',
      'content-length': '10',
    });
    expect(response.headers['connection']).not.toBe('close');
    await app.close();
  });

  it('writes a body in its wire form as its UTF-8 bytes, with their length', async () => {
    const text = '{"name":"明治安田J1リーグ","city":"Málaga"}';
    const app = await buildApp({ closing: false }, false, wireBodyOf(text));
    const response = await app.inject({ url: '/answer' });
    expect(response.rawPayload.equals(Buffer.from(text, 'utf8'))).toBe(true);
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(text)));
    expect(wireBodyOf('{"ascii":true}')).toBe('{"ascii":true}');
    await app.close();
  });

  it('says Connection: close while the process drains, as every answer does', async () => {
    const app = await buildApp({ closing: false }, true, '{}');
    const response = await app.inject({ url: '/answer' });
    expect(response.headers['connection']).toBe('close');
    await app.close();
  });

  it('a 304 has no body, no length and no content type', async () => {
    const app = Fastify();
    app.get('/answer', (_request, reply) => {
      writePrepared(reply, notModifiedHeaders(STATIC), [], undefined);
    });
    const response = await app.inject({ url: '/answer' });
    expect(response.statusCode).toBe(304);
    expect(response.body).toBe('');
    expect(response.headers['content-type']).toBeUndefined();
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['etag']).toBe('"abc"');
    await app.close();
  });

  it('keeps only the headers it knows: an unknown one means the answer is not replayed', async () => {
    const app = Fastify();
    const seen: (string[] | undefined)[] = [];
    app.addHook('onSend', (_request, reply, payload, done) => {
      seen.push(staticHeadersOf(reply, new Set(['x-quota-remaining'])));
      done(null, payload);
    });
    app.get('/known', (_request, reply) =>
      reply.header('etag', '"e"').header('x-quota-remaining', '3').send({}),
    );
    app.get('/unknown', (_request, reply) => reply.header('set-cookie', 'a=b').send('{}'));
    await app.inject({ url: '/known' });
    await app.inject({ url: '/unknown' });
    expect(seen[0]).toEqual(['etag', '"e"', 'content-type', 'application/json; charset=utf-8']);
    expect(seen[1]).toBeUndefined();
    await app.close();
  });
});
