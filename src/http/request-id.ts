import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The response (and request) header that carries a request's id. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What a client's or balancer's id may look like to be kept: 1-128 characters of letters,
 * digits and `._:-` (UUIDs, ULIDs, hex trace ids, Cloudflare's ray ids fit). Anything else (too
 * long, spaces, `=` or `;`, a header sent twice, control characters) is replaced: an id is
 * copied into log lines and response headers, and a narrow alphabet keeps both safe.
 */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the id the request arrived with when well-formed, else a new UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const sent = raw.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && WELL_FORMED.test(sent) ? sent : randomUUID();
}

/**
 * Every answer says its request's id (errors, 304s, streams and GraphQL included): set first
 * thing, before any hook may refuse the request. Fastify binds the same id to the request's
 * logger as `reqId`, so every log line of the request carries it.
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
