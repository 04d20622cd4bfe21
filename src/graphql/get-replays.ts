import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/** A GET answered from the operation cache: the key it was found under, and for whom. */
export interface RememberedGet {
  /** The operation cache's key (operation-cache.ts `keyOf`), valid for one minute window. */
  key: string;
  minute: number;
  /** Whether the caller's tier reads analysis: part of the key. */
  analysis: boolean;
}

/** A GET whose URL and headers of the key are longer than this is never remembered. */
const MAX_REQUEST_KEY_LENGTH = 2048;

/** The index's bound: each request's key and the cache key it names, about 0.2 kB besides. */
const MAX_BYTES = 8 * 1024 * 1024;

/** What the operation cache's key depends on in a GET besides the caller: URL, language, Accept. */
const requestKeyOf = (req: FastifyRequest) =>
  `${req.url}\n${req.headers['accept-language'] ?? ''}\n${req.headers.accept ?? ''}`;

/**
 * GETs of queries the operation cache answered, by request line and headers, so that the same
 * GET is answered again from the route's first hook (docs/graphql.md "Operation cache"): it went
 * through every check of the handler's path once, and each of them decides the same way for the
 * same URL and headers. What the key costs to compute (the query string's parameters, a digest
 * of the document) is spent once per URL and minute instead of once per request.
 */
export function createGetReplays(maxBytes = MAX_BYTES) {
  const remembered = new LRUCache<string, RememberedGet>({
    maxSize: maxBytes,
    sizeCalculation: (_entry, requestKey) => requestKey.length + 192,
  });
  return {
    remember(req: FastifyRequest, entry: RememberedGet): void {
      const requestKey = requestKeyOf(req);
      if (req.method === 'GET' && requestKey.length <= MAX_REQUEST_KEY_LENGTH) {
        remembered.set(requestKey, entry);
      }
    },
    lookup(req: FastifyRequest): RememberedGet | undefined {
      return req.method === 'GET' && req.url.length <= MAX_REQUEST_KEY_LENGTH
        ? remembered.get(requestKeyOf(req))
        : undefined;
    },
    forget(req: FastifyRequest): void {
      remembered.delete(requestKeyOf(req));
    },
    get size() {
      return remembered.size;
    },
  };
}
