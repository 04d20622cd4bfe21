import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { LastModified } from '../src/changes/match-versions.js';
import type { MaybePromise, UsageSnapshot } from '../src/counters/quota-store.js';
import { type LastModifiedLookup, lastModifiedOfRequest } from '../src/http/last-modified.js';
import {
  sentUncompressed,
  staticHeadersOf,
  wireBodyOf,
  writePrepared,
} from '../src/http/prepared-answer.js';
import { routeConfigOf } from '../src/http/route-config.js';
import type { Operation } from '../src/policy/access-policy.js';
import type { Gate, Pass } from '../src/policy/gate.js';
import { appendQuotaHeaders, QUOTA_HEADER_NAMES } from '../src/policy/headers.js';
import { rawKeyOf } from '../src/policy/raw-key.js';
import { isMatchList, unitsOf } from './access.js';
import type { CachedResponse } from './response-cache.js';

/** What each request's answer says afresh besides its id: the match's Last-Modified, its counters. */
const PER_REQUEST_HEADERS = new Set(['last-modified', ...QUOTA_HEADER_NAMES]);

/** A request whose URL and headers of the key are longer than this is never remembered. */
const MAX_KEY_LENGTH = 1024;

/**
 * The index's bound: each request's key, its static headers (about 0.5 kB) and, for a body past
 * ASCII, the body's wire copy.
 */
const MAX_BYTES = 8 * 1024 * 1024;

/** A 200 as it was sent from the response cache, to be sent again for the same request. */
interface Replay {
  /** The cached answer it was sent from: replayed only while the cache still holds this one. */
  entry: CachedResponse;
  cacheKey: string;
  /** Content-Type, Content-Language, Vary, ETag, Cache-Control as the hooks set them. */
  headers: readonly string[];
  bytes: number;
  /** The body as it is written (prepared-answer.ts `wireBodyOf`). */
  wire: string;
}

interface ReplayOptions {
  /** The response cache's entry under a key, without counting a lookup. */
  entryOf: (cacheKey: string) => CachedResponse | undefined;
  /** Counts a hit in the cache's metrics: a replay sent is one, as the ordinary hit it stands for. */
  countHit: () => void;
  /** Absent when the access gate is off (benchmarks only). */
  gate: Gate | undefined;
  lastModified: LastModifiedLookup;
  now: () => Date;
  /** Bound of the index in bytes (keys, headers; the bodies belong to the response cache). */
  maxBytes?: number;
  /** False: the request takes the ordinary path, whose handler decides (rest/freshness.ts). */
  mayReplay?: (request: FastifyRequest) => boolean;
}

/** A replay is a cached 200: it keeps its units. */
const settledAsSent = (pass: Pass) => pass.settleFor(200);

const httpDateOf = (modified: LastModified | null) => modified?.httpDate;

/** Headers that decide what a request is answered besides its URL (and its key, which the gate reads). */
/**
 * What a replay is remembered by: the request line and the headers the answer varies by, and
 * what else a route's answer depends on (`cacheVary`: the day for answers that follow the date),
 * so a replay never outlives the answer it is of.
 */
const requestKeyOf = (request: FastifyRequest) =>
  `${request.url}\n${request.headers['accept-language'] ?? ''}\n${request.headers.accept ?? ''}\n${varyOf(request)}`;

/**
 * The route's `cacheVary` of a request not yet validated: a query it cannot read (it throws)
 * has no replay, and goes the ordinary path to its 400 after the access hooks.
 */
function varyOf(request: FastifyRequest): string {
  try {
    return routeConfigOf(request).cacheVary?.(request) ?? '';
  } catch {
    return '\u0000unreadable';
  }
}

const isConditional = (request: FastifyRequest) =>
  request.headers['if-none-match'] !== undefined ||
  request.headers['if-modified-since'] !== undefined;

/**
 * Cached answers sent again from the first REST hook (docs/benchmarks.md "Replayed
 * answers"). A cached 200 still went through validation, every preHandler and onSend hook and
 * Fastify's header handling on each hit, though for the same request line and headers each of
 * them decides the same way. The first time a cached answer is sent, what those hooks made of it
 * is remembered per request (URL, Accept-Language, Accept); the next identical request runs
 * only what differs per request (the access gate, through the same entry as its hooks,
 * `Gate.admit`, and Last-Modified) and writes the answer. Anything else takes the ordinary path:
 * conditional requests, answers that compression would change, a refusal (rendered by the
 * ordinary error path, whose hooks report the counters), and an answer the cache no longer holds.
 */
export class Replays {
  private readonly replays: LRUCache<string, Replay>;

  constructor(private readonly options: ReplayOptions) {
    this.replays = new LRUCache<string, Replay>({
      maxSize: options.maxBytes ?? MAX_BYTES,
      // The wire body is counted when it is a copy (a body past ASCII); else it is the entry's.
      sizeCalculation: (replay, requestKey) =>
        requestKey.length + 512 + (replay.wire === replay.entry.body ? 0 : replay.wire.length),
    });
  }

  /**
   * `replay` before the access hooks' onRequest, `remember` after every other onSend hook of
   * the scope (compression is a route hook: it runs after them all). The response cache's
   * hooks declare `request.cacheEntry`.
   */
  register(app: FastifyInstance, hook: 'replay' | 'remember'): void {
    if (hook === 'replay') {
      app.addHook('onRequest', (request, reply, done) => this.replay(request, reply, done));
    } else {
      app.addHook('onSend', (request, reply, payload, done) => {
        this.remember(request, reply, payload);
        done(null, payload);
      });
    }
  }

  size(): number {
    return this.replays.size;
  }

  /**
   * onRequest, before the access hook: sends a remembered answer, or passes the request on. A
   * step that fails (a refusal, Last-Modified unavailable) goes to `done`, rendered as on the
   * ordinary path. No closure is made unless a step waits.
   */
  private replay(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) {
    const replay = this.replayOf(request);
    if (!replay) {
      done();
      return;
    }
    try {
      const usage = this.admit(request, routeConfigOf(request).access);
      const sent =
        usage instanceof Promise
          ? usage.then((u) => this.sendWhenModifiedKnown(reply, replay, u))
          : this.sendWhenModifiedKnown(reply, replay, usage);
      if (sent instanceof Promise) {
        sent.catch(done);
      }
    } catch (error) {
      done(error as Error);
    }
  }

  private sendWhenModifiedKnown(
    reply: FastifyReply,
    replay: Replay,
    usage: UsageSnapshot | undefined,
  ): MaybePromise<void> {
    const modified = this.lastModifiedOf(reply.request);
    return modified instanceof Promise
      ? modified.then((m) => this.send(reply, replay, usage, m))
      : this.send(reply, replay, usage, modified);
  }

  private replayOf(request: FastifyRequest): Replay | undefined {
    if (request.method !== 'GET' || request.url.length > MAX_KEY_LENGTH || isConditional(request)) {
      return undefined;
    }
    const requestKey = requestKeyOf(request);
    const replay = this.replays.get(requestKey);
    if (!replay || !sentUncompressed(request, replay.bytes)) {
      return undefined;
    }
    if (this.options.entryOf(replay.cacheKey) !== replay.entry) {
      this.replays.delete(requestKey);
      return undefined;
    }
    return this.options.mayReplay?.(request) === false ? undefined : replay;
  }

  /** The access hooks' entry (rest/access.ts) with nothing between its steps, settled as a 200. */
  private admit(
    request: FastifyRequest,
    operation: Operation | undefined,
  ): MaybePromise<UsageSnapshot | undefined> {
    const gate = this.options.gate;
    if (!operation || !gate) {
      return undefined;
    }
    const units = unitsOf(operation);
    const admitted = gate.admit(
      rawKeyOf(request.headers),
      request.ip,
      operation,
      units,
      request.raw.socket,
      request,
    );
    return admitted instanceof Promise ? admitted.then(settledAsSent) : settledAsSent(admitted);
  }

  private lastModifiedOf(request: FastifyRequest): MaybePromise<string | undefined> {
    const modified = lastModifiedOfRequest(request, this.options.lastModified);
    if (modified === undefined) {
      return undefined;
    }
    return modified instanceof Promise ? modified.then(httpDateOf) : httpDateOf(modified);
  }

  private send(
    reply: FastifyReply,
    replay: Replay,
    usage: UsageSnapshot | undefined,
    modified: string | undefined,
  ): void {
    const perRequest: string[] = [];
    if (usage) {
      appendQuotaHeaders(perRequest, usage, this.options.now(), isMatchList(reply.request));
    }
    if (modified) {
      perRequest.push('last-modified', modified);
    }
    this.options.countHit();
    writePrepared(reply, replay.headers, perRequest, replay.wire);
  }

  /** onSend, after every other REST hook: what they made of a cached 200. */
  private remember(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const entry = request.cacheEntry;
    if (
      !entry ||
      !request.cacheKey ||
      payload !== entry.body ||
      reply.statusCode !== 200 ||
      request.method !== 'GET' ||
      isConditional(request)
    ) {
      return;
    }
    const requestKey = requestKeyOf(request);
    if (requestKey.length > MAX_KEY_LENGTH || this.replays.peek(requestKey)?.entry === entry) {
      return;
    }
    const bytes = Buffer.byteLength(entry.body);
    const headers = staticHeadersOf(reply, PER_REQUEST_HEADERS);
    if (headers && sentUncompressed(request, bytes)) {
      const wire = wireBodyOf(entry.body, bytes);
      this.replays.set(requestKey, { entry, cacheKey: request.cacheKey, headers, bytes, wire });
    }
  }
}
