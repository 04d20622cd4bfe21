import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagOf, matchesIfNoneMatch } from '../../http/etag.js';
import type { Read } from '../../policy/gate.js';

/**
 * GET answers of queries (docs/graphql.md "HTTP caching"): the answer depends on the key (its
 * tier reads analysis or not), so only the client's own cache may keep it, and it revalidates on
 * every use, which costs a 304 while nothing changed.
 */
const CACHE_CONTROL = 'private, no-cache';
/** What else the answer depends on; the language hook adds `Accept-Language`. */
const VARY = 'Accept, Authorization, X-Api-Key';

/** An Accept header under which yoga answers a query as JSON, not as a stream. */
const JSON_ANSWER = /application\/(json|graphql-response\+json|\*)|\*\/\*/i;

/**
 * DECISIONS.md "Access", conditional requests: a 304 counts one request on the minute and
 * nothing on the day, whatever the operation would have read.
 */
export const NOT_MODIFIED_READ: Read = { minute: 1, daily: 0 };

/** A GET answered as JSON: its answer carries an ETag, and a matching If-None-Match is a 304. */
export function isConditional(req: FastifyRequest): boolean {
  const accept = req.headers.accept;
  return req.method === 'GET' && (accept === undefined || JSON_ANSWER.test(accept));
}

/** An answer's validator: strong, over its `data` only (`extensions.cost` differs each time). */
export interface Validator {
  etag: string;
  /** The `data` member as JSON: what the ETag was computed over. */
  dataText: string;
  /** The request's If-None-Match names it: the answer is a 304. */
  notModified: boolean;
}

export function validatorOf(req: FastifyRequest, data: unknown): Validator {
  const dataText = JSON.stringify(data);
  const etag = etagOf(dataText);
  return { etag, dataText, notModified: notModified(req, etag) };
}

export const notModified = (req: FastifyRequest, etag: string) =>
  matchesIfNoneMatch(req.headers['if-none-match'], etag);

/**
 * The validator and caching headers of a conditional GET's answer, 200 or 304, after what the
 * answer varies on already (CORS: `Origin`).
 */
export function setValidatorHeaders(reply: FastifyReply, etag: string): void {
  const vary = reply.getHeader('vary');
  reply
    .header('etag', etag)
    .header('cache-control', CACHE_CONTROL)
    .header('vary', typeof vary === 'string' ? `${vary}, ${VARY}` : VARY);
}

/** The 304 of a conditional GET: no body, no content headers (its quota headers are set). */
export function sendNotModified(reply: FastifyReply): FastifyReply {
  reply.code(304).removeHeader('content-type').removeHeader('content-length');
  return reply.send();
}
