import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChangeResource } from '../football/vocabulary.js';
import { routeConfigOf } from './route-config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The match resources the route's payload shows: it answers with `Last-Modified`. */
    lastModified?: readonly ChangeResource[];
  }
}

export type LastModifiedLookup = (
  matchId: number,
  resources: readonly ChangeResource[],
) => Promise<Date | null>;

/** `If-Modified-Since` as a time, or null when absent or not an HTTP-date. */
function modifiedSince(request: FastifyRequest): number | null {
  const header = request.headers['if-modified-since'];
  if (typeof header !== 'string') {
    return null;
  }
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : at;
}

/**
 * DECISIONS.md "Live data": a match resource's 200 carries `Last-Modified` (its last logged
 * change); a request whose `If-Modified-Since` is at or after it gets an empty 304, which, like
 * the ETag's 304, costs no daily quota (the access hook settles on the final status). Per RFC
 * 9110, `If-None-Match` wins when both are sent: then the ETag decides alone. Register after the
 * response cache stores the 200 and before the access hook settles.
 */
export function registerLastModified(app: FastifyInstance, lookup: LastModifiedLookup): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const resources = routeConfigOf(request).lastModified;
    if (!resources || reply.statusCode !== 200) {
      return payload;
    }
    const matchId = Number((request.params as { matchId?: string }).matchId);
    if (!Number.isSafeInteger(matchId)) {
      return payload;
    }
    const at = await lookup(matchId, resources);
    if (!at) {
      return payload;
    }
    reply.header('last-modified', at.toUTCString());
    const since = modifiedSince(request);
    if (since !== null && request.headers['if-none-match'] === undefined && at.getTime() <= since) {
      reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      return '';
    }
    return payload;
  });
}
