import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { boundedKey } from '../src/cache/bounded-cache.js';
import { tags } from '../src/changes/change-summary.js';
import { createTaggedCache } from '../src/changes/tagged-cache.js';
import type { EventBus } from '../src/events/event-bus.js';
import { etagOf } from '../src/http/etag.js';
import { negotiateLanguage } from '../src/http/language.js';
import { routeConfigOf } from '../src/http/route-config.js';

export interface CachedResponse {
  body: string;
  etag: string;
  contentType: string;
  contentLanguage: string | undefined;
  cacheControl: string | undefined;
}

interface ResponseCacheOptions {
  /** Upper bound of cached bytes: keys, bodies and headers. */
  maxBytes?: number;
  /** Safety net: entries expire even if a change event was missed. */
  ttlMs?: number;
  /** Told whether each lookup hit (the metrics' hit ratio). */
  onLookup?: (hit: boolean) => void;
  /** False: the request's answer must be made afresh (rest/freshness.ts); nothing is looked up. */
  mayServe?: (request: FastifyRequest) => boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's key in the response cache, once the lookup ran (null before). */
    cacheKey: string | null;
    /** What the answer shows (change-summary.ts `tags`), when its handler knows better. */
    cacheTags: string[] | null;
    /** The cache's `mark()` when the lookup missed: an answer read across a change is not kept. */
    cacheSince: number | null;
    /** The cached answer this request is sent (a hit, or the 200 it just stored). */
    cacheEntry: CachedResponse | null;
  }
  interface FastifyContextConfig {
    /** What else a route's response depends on besides its parameters and language ("today"). */
    cacheVary?: (request: FastifyRequest) => string;
    /** Keyless routes whose answer is data that may be cached like the keyed routes' (meta). */
    cacheable?: boolean;
    /** The query parameters the route declares, sorted: the only ones a cache key holds. */
    declaredQuery?: readonly string[];
    /** The route's path template (`/v1/football/matches/:matchId`). */
    routeUrl?: string;
    /** The route shows no match data: only a reference or plan change evicts its answers. */
    showsNoMatchData?: boolean;
  }
}

/** Records the route's declared query parameters on its config (an onRoute hook). */
export function declareQueryParameters(route: RouteOptions): void {
  const properties = (route.schema?.querystring as { properties?: object } | undefined)?.properties;
  route.config = {
    ...route.config,
    declaredQuery: Object.keys(properties ?? {}).sort(),
    routeUrl: route.url,
  };
}

/** The cached body is already the serialised answer. */
const asIs = (body: unknown) => body as string;

const valueText = (value: unknown) => (value === undefined ? '' : JSON.stringify(value));

/**
 * The normalised request: route, validated path parameters, the declared query parameters in
 * name order (as validation coerced them, so `page=01` and `page=1` are one entry; a parameter
 * the route does not declare, such as a cache-buster, never enters it), the negotiated language
 * and what else the route varies on. Digested when long, so its size is bounded whatever the
 * URL's length.
 */
function normalisedKey(request: FastifyRequest): string {
  const config = routeConfigOf(request);
  const query = (request.query ?? {}) as Record<string, unknown>;
  const declared = config.declaredQuery ?? [];
  return boundedKey([
    config.routeUrl ?? '',
    JSON.stringify(request.params ?? {}),
    ...declared.map((name) => valueText(query[name])),
    negotiateLanguage(request),
    config.cacheVary?.(request) ?? '',
  ]);
}

/**
 * What a response shows, so that a change evicts exactly the answers showing it (docs/live.md
 * "Caches under live writes"): what the handler said, or a match's resources its route shows
 * (`lastModified`), or nothing for routes without match data. Undefined: any data change.
 */
function tagsOf(request: FastifyRequest): string[] | undefined {
  if (request.cacheTags) {
    return request.cacheTags;
  }
  const config = routeConfigOf(request);
  if (config.showsNoMatchData) {
    return [];
  }
  const matchId = (request.params as { matchId?: unknown } | undefined)?.matchId;
  if (config.lastModified && typeof matchId === 'number') {
    return config.lastModified
      .filter((resource) => resource !== 'reference')
      .map((resource) => tags.match(matchId, resource));
  }
  return undefined;
}

/**
 * Presented data responses, cached in process (issue "REST": match data is read far more often
 * than it changes): the body, its ETag and the headers the handler set. The access policy still
 * runs on every request (a cached response is only the data); a data change evicts, on every
 * instance through the event bus, the responses that show what changed. Bounded in bytes, keys included, and swept of expired
 * entries (docs/operations.md "Memory").
 */
export function createResponseCache(events: EventBus, options: ResponseCacheOptions = {}) {
  const cache = createTaggedCache<CachedResponse>(events, {
    maxBytes: options.maxBytes ?? 64 * 1024 * 1024,
    sizeOf: (entry) => entry.body.length + entry.etag.length + entry.contentType.length + 64,
    ttlMs: options.ttlMs ?? 60_000,
    onLookup: options.onLookup,
  });

  const cacheable = (request: FastifyRequest) => {
    if (request.method !== 'GET') {
      return false;
    }
    const config = routeConfigOf(request);
    return Boolean(config.access) || config.cacheable === true;
  };

  /**
   * preHandler: must run after the access policy admitted (and charged) the request. A hit is
   * sent from here, so `done` is not called: the handler does not run.
   */
  function lookup(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    if (!cacheable(request) || options.mayServe?.(request) === false) {
      done();
      return;
    }
    request.cacheKey = normalisedKey(request);
    const hit = cache.get(request.cacheKey);
    if (!hit) {
      request.cacheSince = cache.mark();
      done();
      return;
    }
    request.cacheEntry = hit;
    reply.header('etag', hit.etag).type(hit.contentType);
    if (hit.contentLanguage) {
      reply.header('content-language', hit.contentLanguage);
    }
    if (hit.cacheControl) {
      reply.header('cache-control', hit.cacheControl);
    }
    reply.serializer(asIs).send(hit.body);
  }

  /** onSend: must run before the ETag hook may turn the 200 into a 304. */
  function store(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: null, payload: unknown) => void,
  ) {
    if (
      request.cacheKey &&
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      !cache.has(request.cacheKey)
    ) {
      const etag = etagOf(payload);
      reply.header('etag', etag);
      const entry = {
        body: payload,
        etag,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        contentLanguage: reply.getHeader('content-language') as string | undefined,
        cacheControl: reply.getHeader('cache-control') as string | undefined,
      };
      // Only an entry the cache kept may be replayed (rest/replay.ts).
      if (cache.set(request.cacheKey, entry, tagsOf(request), request.cacheSince ?? undefined)) {
        request.cacheEntry = entry;
      }
    }
    done(null, payload);
  }

  return {
    register(app: FastifyInstance, hook: 'lookup' | 'store') {
      if (!app.hasRequestDecorator('cacheKey')) {
        app.decorateRequest('cacheKey', null);
        app.decorateRequest('cacheEntry', null);
        app.decorateRequest('cacheTags', null);
        app.decorateRequest('cacheSince', null);
      }
      if (hook === 'lookup') {
        app.addHook('preHandler', lookup);
      } else {
        app.addHook('onSend', store);
        app.addHook('onClose', async () => cache.close());
      }
    },
    /** The cached answer under a key, not counted as a lookup until `countHit`. */
    entryOf: (cacheKey: string) => cache.touch(cacheKey),
    countHit: () => cache.counted(true),
    clear: () => cache.clear(),
    size: () => cache.size,
    bytes: () => cache.bytes,
  };
}
