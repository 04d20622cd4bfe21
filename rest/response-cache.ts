import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AccessEvents } from '../src/policy/access-events.js';
import { etagOf } from './etag.js';
import { negotiateLanguage } from './language.js';
import { routeConfigOf } from './route-config.js';

interface CachedResponse {
  body: string;
  etag: string;
  contentType: string;
  contentLanguage: string | undefined;
}

export interface ResponseCacheOptions {
  /** Upper bound of cached bytes (bodies). */
  maxBytes?: number;
  /** Safety net: entries expire even if a change event was missed. */
  ttlMs?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's key in the response cache, once the lookup ran (null before). */
    cacheKey: string | null;
  }
  interface FastifyContextConfig {
    /** What else a route's response depends on besides its URL and language (e.g. "today"). */
    cacheVary?: (request: FastifyRequest) => string;
  }
}

const sortedQuery = (url: string) => {
  const [path, query] = url.split('?', 2);
  if (!query) {
    return path ?? url;
  }
  const params = [...new URLSearchParams(query).entries()].sort(([a], [b]) => a.localeCompare(b));
  return `${path}?${new URLSearchParams(params).toString()}`;
};

/**
 * Presented data responses, cached in process (issue "REST": match data is read far more often
 * than it changes). Keyed by path, sorted query and negotiated language; holds the body and its
 * ETag. The access policy still runs on every request (a cached response is only the data);
 * data changes clear the cache on every instance through the event bus.
 */
export function createResponseCache(events: AccessEvents, options: ResponseCacheOptions = {}) {
  const cache = new LRUCache<string, CachedResponse>({
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (entry) => entry.body.length + 200,
    ttl: options.ttlMs ?? 60_000,
  });
  events.subscribe((event) => {
    if (event.type === 'data-changed') {
      cache.clear();
    }
  });

  const cacheable = (request: FastifyRequest) =>
    request.method === 'GET' && Boolean(routeConfigOf(request).access);

  /** preHandler: must run after the access policy admitted (and charged) the request. */
  async function lookup(request: FastifyRequest, reply: FastifyReply) {
    if (!cacheable(request)) {
      return;
    }
    const vary = routeConfigOf(request).cacheVary?.(request) ?? '';
    request.cacheKey = `${sortedQuery(request.url)}|${negotiateLanguage(request)}|${vary}`;
    const hit = cache.get(request.cacheKey);
    if (!hit) {
      return;
    }
    reply.header('etag', hit.etag).type(hit.contentType);
    if (hit.contentLanguage) {
      reply.header('content-language', hit.contentLanguage).header('vary', 'Accept-Language');
    }
    return reply.serializer((body: unknown) => body as string).send(hit.body);
  }

  /** onSend: must run before the ETag hook may turn the 200 into a 304. */
  async function store(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    if (
      !request.cacheKey ||
      reply.statusCode !== 200 ||
      typeof payload !== 'string' ||
      cache.has(request.cacheKey)
    ) {
      return payload;
    }
    const etag = etagOf(payload);
    reply.header('etag', etag);
    cache.set(request.cacheKey, {
      body: payload,
      etag,
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      contentLanguage: reply.getHeader('content-language') as string | undefined,
    });
    return payload;
  }

  return {
    register(app: FastifyInstance, hook: 'lookup' | 'store') {
      if (!app.hasRequestDecorator('cacheKey')) {
        app.decorateRequest('cacheKey', null);
      }
      if (hook === 'lookup') {
        app.addHook('preHandler', lookup);
      } else {
        app.addHook('onSend', store);
      }
    },
    clear: () => cache.clear(),
    size: () => cache.size,
  };
}
