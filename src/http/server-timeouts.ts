import { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { HttpTimeouts } from '../config/http-timeouts.js';

/**
 * The server options that bound how long a connection may take over a request or sit idle
 * (docs/operations.md "Timeouts"). Fastify turns Node's request timeout off by default, so a
 * client that sent headers and part of a body held its connection for ever.
 *
 * Node checks the headers and request timeouts of open connections every
 * `connectionsCheckingInterval` (30 s by default): checked every second (or a quarter of the
 * headers timeout, if shorter), a slow request is cut off close to its timeout.
 * @see https://nodejs.org/api/http.html#httpcreateserveroptions-requestlistener
 */
export function serverTimeoutOptions(timeouts: HttpTimeouts) {
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(timeouts.headersMs / 4)),
    },
  } satisfies Partial<FastifyServerOptions> & { http: object };
}

/**
 * Event streams (the SSE route, GraphQL over SSE) are long-lived answers: the idle timeout is not
 * theirs. Their heartbeats keep balancers' connections open, and a reader that stops taking them
 * is cut off by the slow-reader bound (docs/push.md). WebSockets leave the HTTP server's timeouts
 * when they upgrade (the ws package clears the socket's).
 */
export function registerStreamsOutliveIdleTimeout(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const socket = request.raw.socket;
    // `app.inject`'s stand-in socket is not a Socket and has no timeouts to clear.
    if (
      socket instanceof Socket &&
      /^text\/event-stream/.test(String(reply.getHeader('content-type')))
    ) {
      socket.setTimeout(0);
    }
    done(null, payload);
  });
}
