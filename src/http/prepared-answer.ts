import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESSION_THRESHOLD } from './compression.js';
import { REQUEST_ID_HEADER } from './request-id.js';

/**
 * A 200 whose every header is already known, written past Fastify's onSend hooks and header
 * handling: the replays of cached answers (rest/replay.ts, src/graphql/operation-cache/cached-answer.ts),
 * which send again what those hooks made of the same answer the first time. onResponse hooks
 * (metrics) still run.
 */

/** Headers an answer may carry that say the same for every request the replay serves. */
const STATIC_HEADERS: ReadonlySet<string> = new Set([
  'content-type',
  'content-language',
  'vary',
  'etag',
  'cache-control',
]);

/** Whether compression (compression.ts) would send an answer of `bytes` as it is. */
export const sentUncompressed = (request: FastifyRequest, bytes: number): boolean =>
  bytes < COMPRESSION_THRESHOLD || request.headers['accept-encoding'] === undefined;

/**
 * The answer's static headers as the hooks left them, as name and value in turn (writePrepared's
 * form), or undefined when it carries a header that is neither static nor one of `perRequest`
 * (the replay would not know to send it).
 */
export function staticHeadersOf(
  reply: FastifyReply,
  perRequest: ReadonlySet<string>,
): string[] | undefined {
  const lines: string[] = [];
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (STATIC_HEADERS.has(name) && typeof value === 'string') {
      lines.push(name, value);
    } else if (name !== REQUEST_ID_HEADER && !perRequest.has(name)) {
      return undefined;
    }
  }
  return lines;
}

/**
 * A body as it goes on the wire: its UTF-8 bytes, one Latin-1 character each (the body itself
 * when it is ASCII). Node writes such a string with the header block in one copy; a body with a
 * character past Latin-1 (a Japanese competition's name) is held by V8 in two bytes a character,
 * and writing it as UTF-8 flattened and encoded it again on every request.
 */
export const wireBodyOf = (body: string, bytes = Buffer.byteLength(body)): string =>
  bytes === body.length ? body : Buffer.from(body, 'utf8').toString('latin1');

/**
 * Writes the answer: the request's id, the static headers, the per-request ones (name and value
 * in turn), the body's length, and the body (a 304 has neither): a Buffer, or a string in
 * wireBodyOf's form. A draining process says `Connection: close` on it as on every answer
 * (drain.ts).
 */
export function writePrepared(
  reply: FastifyReply,
  staticHeaders: readonly string[],
  perRequest: readonly string[],
  body: string | Buffer | undefined,
): void {
  // Node's flat form of header lines: no object to build for them.
  const lines = [REQUEST_ID_HEADER, reply.request.id, ...staticHeaders, ...perRequest];
  if (body !== undefined) {
    lines.push('content-length', String(typeof body === 'string' ? body.length : body.byteLength));
  }
  if (reply.server.shutdown?.closing) {
    lines.push('connection', 'close');
  }
  reply.hijack();
  reply.raw.writeHead(body === undefined ? 304 : 200, lines);
  if (typeof body === 'string') {
    reply.raw.end(body, 'latin1');
  } else {
    reply.raw.end(body);
  }
}

/** A 200's static headers for its 304: the same without the content's type. */
export function notModifiedHeaders(staticHeaders: readonly string[]): string[] {
  const lines: string[] = [];
  for (let i = 0; i < staticHeaders.length; i += 2) {
    if (staticHeaders[i] !== 'content-type') {
      lines.push(staticHeaders[i] as string, staticHeaders[i + 1] as string);
    }
  }
  return lines;
}
