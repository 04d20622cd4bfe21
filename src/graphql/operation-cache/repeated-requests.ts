import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

declare module 'fastify' {
  interface FastifyRequest {
    /** A small JSON POST's body as sent, read before Fastify parses it (`readSmallBody`). */
    operationBody?: string;
  }
}

/** A request answered from the operation cache: the key it was found under, and for whom. */
export interface RememberedRequest {
  /** The operation cache's key (operation-key.ts `operationKeyOf`), valid for one minute window. */
  key: string;
  minute: number;
  /** Whether the caller's tier reads analysis: part of the key. */
  analysis: boolean;
}

/** A request whose text (URL or body, with the headers of the key) is longer is never remembered. */
export const MAX_REQUEST_KEY_LENGTH = 2048;

/** The index's bound: each request's text and the cache key it names, about 0.2 kB besides. */
const MAX_BYTES = 8 * 1024 * 1024;

/** The POST bodies read ahead of Fastify's parser: JSON, as Apollo, urql and fetch send it. */
const JSON_BODY = /^application\/json(;\s*charset=utf-8)?$/i;

/**
 * What the operation cache's key depends on in a request besides the caller: a GET's URL or a
 * POST's body as sent, the language and Accept.
 */
function requestKeyOf(req: FastifyRequest): string | undefined {
  const text = req.method === 'GET' ? req.url : req.operationBody;
  if (text === undefined) {
    return undefined;
  }
  return `${req.method}\n${text}\n${req.headers['accept-language'] ?? ''}\n${req.headers.accept ?? ''}`;
}

/**
 * Requests the operation cache answered, by their text and headers, so that the same request is
 * answered again before the handler (docs/graphql.md "Caches"): a GET from the route's first hook,
 * a POST as soon as its body is read. It went through every check of the handler's path once,
 * and each decides the same way for the same text and headers; what the key costs to compute
 * (parsing, the document's digest) is spent once per request text and minute instead of once per
 * request.
 */
export function createRepeatedRequests(maxBytes = MAX_BYTES) {
  const remembered = new LRUCache<string, RememberedRequest>({
    maxSize: maxBytes,
    sizeCalculation: (_entry, requestKey) => requestKey.length + 192,
  });
  return {
    remember(req: FastifyRequest, entry: RememberedRequest): void {
      const requestKey = requestKeyOf(req);
      if (requestKey !== undefined && requestKey.length <= MAX_REQUEST_KEY_LENGTH) {
        remembered.set(requestKey, entry);
      }
    },
    lookup(req: FastifyRequest): RememberedRequest | undefined {
      const requestKey = requestKeyOf(req);
      return requestKey !== undefined && requestKey.length <= MAX_REQUEST_KEY_LENGTH
        ? remembered.get(requestKey)
        : undefined;
    },
    forget(req: FastifyRequest): void {
      const requestKey = requestKeyOf(req);
      if (requestKey !== undefined) {
        remembered.delete(requestKey);
      }
    },
    get size() {
      return remembered.size;
    },
  };
}

/**
 * For the POST route's preParsing: a small JSON body (a declared length up to
 * MAX_REQUEST_KEY_LENGTH, not encoded) is read and kept as `operationBody`, so a repeated one can
 * be recognised before it is parsed; the promise gives the stream Fastify's parser then reads
 * the same bytes from. Undefined for anything else, which passes as it came.
 */
export function readSmallBody(
  req: FastifyRequest,
  payload: Readable,
): Promise<Readable> | undefined {
  const length = Number(req.headers['content-length']);
  if (
    !(length > 0 && length <= MAX_REQUEST_KEY_LENGTH) ||
    req.headers['content-encoding'] !== undefined ||
    !JSON_BODY.test(req.headers['content-type'] ?? '')
  ) {
    return undefined;
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer) => chunks.push(chunk);
    const onEnd = (error?: Error) => {
      payload.off('data', onData).off('end', onEnd).off('error', onEnd);
      if (error) {
        reject(error);
        return;
      }
      const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
      req.operationBody = body.toString('utf8');
      resolve(Readable.from([body]));
    };
    payload.on('data', onData).on('end', onEnd).on('error', onEnd);
  });
}
