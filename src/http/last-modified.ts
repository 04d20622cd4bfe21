import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LastModified } from '../changes/match-versions.js';
import type { ChangeResource } from '../football/vocabulary.js';
import { routeConfigOf } from './route-config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The match resources the route's payload shows: it answers with `Last-Modified`. */
    lastModified?: readonly ChangeResource[];
    /**
     * A route whose payload is not one match's (a competition's standings): its
     * `Last-Modified`, or null for none.
     */
    lastModifiedOf?: (
      request: FastifyRequest,
    ) => LastModified | null | Promise<LastModified | null>;
  }
}

export type LastModifiedLookup = (
  matchId: number,
  resources: readonly ChangeResource[],
) => LastModified | null | Promise<LastModified | null>;

/** `If-Modified-Since` as a time, or null when absent or not an HTTP-date. */
function modifiedSince(request: FastifyRequest): number | null {
  const header = request.headers['if-modified-since'];
  if (typeof header !== 'string') {
    return null;
  }
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : at;
}

/** The match and the resources a route's answer shows, or undefined when it carries no date. */
export function lastModifiedTarget(
  request: FastifyRequest,
): { matchId: number; resources: readonly ChangeResource[] } | undefined {
  const resources = routeConfigOf(request).lastModified;
  const matchId = Number((request.params as { matchId?: string }).matchId);
  return resources && Number.isSafeInteger(matchId) ? { matchId, resources } : undefined;
}

/**
 * The `Last-Modified` of a request's answer: the route's own (`lastModifiedOf`), or the match
 * resources' it shows; undefined when the route carries no date.
 */
export function lastModifiedFor(
  request: FastifyRequest,
  lookup: LastModifiedLookup,
): LastModified | null | Promise<LastModified | null> | undefined {
  const own = routeConfigOf(request).lastModifiedOf;
  if (own) {
    return own(request);
  }
  const target = lastModifiedTarget(request);
  return target ? lookup(target.matchId, target.resources) : undefined;
}

/**
 * DECISIONS.md "Live data": a match resource's 200 carries `Last-Modified` (its last logged
 * change); a request whose `If-Modified-Since` is at or after it gets an empty 304, which, like
 * the ETag's 304, costs no daily quota (the access hook settles on the final status). Per RFC
 * 9110, `If-None-Match` wins when both are sent: then the ETag decides alone. Register after the
 * response cache stores the 200 and before the access hook settles.
 */
export function registerLastModified(app: FastifyInstance, lookup: LastModifiedLookup): void {
  // A callback hook, not an async one: a cached answer passes without a promise or a tick.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode !== 200) {
      done(null, payload);
      return;
    }
    const answer = (modified: LastModified | null | undefined) => {
      done(null, modified ? withLastModified(request, reply, modified, payload) : payload);
    };
    try {
      const found = lastModifiedFor(request, lookup);
      if (found instanceof Promise) {
        found.then(answer, (error: unknown) => done(error as Error));
      } else {
        answer(found);
      }
    } catch (error) {
      done(error as Error);
    }
  });
}

/** The header on the 200, or the empty 304 when the client's copy is as recent. */
function withLastModified(
  request: FastifyRequest,
  reply: FastifyReply,
  modified: LastModified,
  payload: unknown,
): unknown {
  reply.header('last-modified', modified.httpDate);
  const since = modifiedSince(request);
  if (
    since !== null &&
    request.headers['if-none-match'] === undefined &&
    modified.at.getTime() <= since
  ) {
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return '';
  }
  return payload;
}
