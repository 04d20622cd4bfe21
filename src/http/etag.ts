import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A strong validator of a body (one-shot `hash`: no Hash object per response). */
export const etagOf = (body: string | Buffer) => `"${hash('sha1', body, 'base64url')}"`;

/** Whether an `If-None-Match` value names `etag` (weak comparison, RFC 9110 13.1.2), or is `*`. */
export function matchesIfNoneMatch(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) {
    return false;
  }
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * An answer that depends on the caller's key: a browser keeps it but asks again each time (a
 * 304 costs no quota), and no shared cache stores it. Without it, a browser would serve a live
 * score from heuristic freshness (RFC 9111 4.2.2: a share of the age since Last-Modified).
 */
const KEYED_CACHE_CONTROL = 'private, no-cache';

/**
 * A strong ETag on every 200; a matching If-None-Match becomes an empty 304. Both say how they
 * may be cached: the route's own Cache-Control (the meta routes' `public`), else
 * KEYED_CACHE_CONTROL.
 */
export function registerEtag(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    done(null, withEtag(request, reply, payload));
  });
}

function withEtag(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
    return payload;
  }
  if (!reply.hasHeader('cache-control')) {
    reply.header('cache-control', KEYED_CACHE_CONTROL);
  }
  // A cached response carries the ETag computed when it was stored.
  const etag = (reply.getHeader('etag') as string | undefined) ?? etagOf(payload);
  reply.header('etag', etag);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return '';
  }
  return payload;
}
