import type { FastifyReply, FastifyRequest } from 'fastify';
import { digestKey } from '../../cache/bounded-cache.js';
import { createTaggedCache } from '../../changes/tagged-cache.js';
import { type MaybePromise, andThen as then } from '../../counters/quota-store.js';
import { minuteWindow } from '../../counters/windows.js';
import type { EventBus } from '../../events/event-bus.js';
import { etagOf } from '../../http/etag.js';
import {
  notModifiedHeaders,
  sentUncompressed,
  staticHeadersOf,
  wireBodyOf,
  writePrepared,
} from '../../http/prepared-answer.js';
import type { Language } from '../../i18n/language.js';
import type { Gate, Pass } from '../../policy/gate.js';
import { appendQuotaHeaders, headerRecordOf, QUOTA_HEADER_NAMES } from '../../policy/headers.js';
import { checkAffordable } from '../charging/cost.js';
import type { SettledOperation } from '../charging/operation-result.js';
import { minuteKept } from '../charging/settlement.js';
import { operationReservation } from '../charging/use-access.js';
import { persistedHashOf } from '../documents/use-trusted-documents.js';
import { corsHeadersOf } from '../transport/cors.js';
import {
  isConditional,
  NOT_MODIFIED_READ,
  notModified,
  sendNotModified,
  setValidatorHeaders,
  type Validator,
} from '../transport/http-cache.js';
import { cachedCostJson } from './cached-cost.js';
import { createOperationFlights } from './operation-flights.js';
import { createRepeatedRequests } from './repeated-requests.js';

/** An operation's answer, and what it cost, ready to be served again. */
interface CachedOperation {
  /** The `data` member, serialized once, as its UTF-8 bytes (prepared-answer.ts `wireBodyOf`). */
  wireData: string;
  /** Its validator (http-cache.ts): a conditional GET that names it is a 304. */
  etag: string;
  contentType: string;
  bound: number;
  freeEligible: number;
  matchList: boolean;
  actual: number;
  minute: number;
  /**
   * The headers the hooks gave this answer the first time it was sent from the cache, per method
   * (a GET's carries its validator): later hits are written with them (prepared-answer.ts).
   */
  sent: { GET?: readonly string[]; POST?: readonly string[] };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The cached operation this request is being answered from, and the body sent. */
    operationHit?: { hit: CachedOperation; body: Buffer };
  }
}

/** What each hit's answer says afresh besides its id: the counters. */
const PER_REQUEST_HEADERS: ReadonlySet<string> = new Set(QUOTA_HEADER_NAMES);

type SentMethod = keyof CachedOperation['sent'];

const sentMethodOf = (req: FastifyRequest): SentMethod | undefined =>
  req.method === 'GET' || req.method === 'POST' ? req.method : undefined;

/** The operation as the client sent it (POST JSON body or GET query string). */
interface OperationText {
  /** The document's text as sent, or `#` and the hash of a registered one (`documentOf`). */
  query: string;
  operationName: string;
  variables: string;
}

export interface OperationCacheOptions {
  gate: Gate;
  events: EventBus;
  now: () => Date;
  maxCost: number;
  rawKeyOf(req: FastifyRequest): string | undefined;
  languageOf(req: FastifyRequest): Language;
  /** The registered document a persisted query's hash names (TRUSTED_DOCUMENTS). */
  textOf(hash: string): string | undefined;
  /** Upper bound of cached bytes: keys, answers and bookkeeping. */
  maxBytes?: number;
  /** Safety net: entries expire even if a change event was missed. */
  ttlMs?: number;
  /** Told whether each lookup hit (the metrics' hit ratio). */
  onLookup?: (hit: boolean) => void;
  /**
   * False while a kept answer may no longer stand (a data source stale or refused,
   * docs/sources/freshness.md): operations run, and their fields judge what they read.
   */
  mayAnswer?: () => boolean;
}

const DATA_OPEN = '{"data":';

/** An entry's bookkeeping besides its answer: the headers it is written with, per method. */
const SENT_HEADERS_BYTES = 576;

/**
 * Answers that stream (incremental delivery, subscriptions) are never cached. The Accept header
 * is part of the key: a request accepting a stream but answered as one JSON document (urql
 * accepts both) is answered again as it was.
 */
const STREAMING = /text\/event-stream|multipart\/mixed/i;

/**
 * What names a request's document: its text, or for a persisted query sent by hash alone, that
 * hash once it names a registered document (a hash names one text: `#` and the hash key the
 * answer, shorter to digest). A hash beside a text (a client's retry after a miss: the full path
 * checks the hash) and other extensions without a text go the full way.
 */
function documentOf(
  source: Record<string, unknown>,
  textOf: (hash: string) => string | undefined,
): string | undefined {
  const { query, extensions } = source;
  if (extensions === undefined || extensions === null) {
    return typeof query === 'string' ? query : undefined;
  }
  const hash = query === undefined ? persistedHashOf(extensions) : undefined;
  return hash !== undefined && textOf(hash) !== undefined ? `#${hash}` : undefined;
}

function operationTextOf(
  req: FastifyRequest,
  textOf: (hash: string) => string | undefined,
): OperationText | undefined {
  const source = (req.method === 'GET' ? req.query : req.body) as Record<string, unknown> | null;
  if (!source || typeof source !== 'object' || Array.isArray(source)) {
    return undefined;
  }
  const query = documentOf(source, textOf);
  if (query === undefined) {
    return undefined;
  }
  const { operationName, variables } = source;
  return {
    query,
    operationName: typeof operationName === 'string' ? operationName : '',
    variables: typeof variables === 'string' ? variables : JSON.stringify(variables ?? null),
  };
}

/**
 * The GraphQL counterpart of the REST response cache (RESPONSE_CACHE): the answer of an operation
 * that ran cleanly, keyed by its text, variables, negotiated language, Accept header, whether the
 * caller's tier reads analysis, and the current minute (an omitted `date` means today). The
 * access policy still runs on every hit, with the same steps and charges as the operation had:
 * key checks, the cost bound checked and reserved, then settled to what the operation read. A
 * data change evicts, on every instance, the answers whose reads showed what changed; a plan
 * change clears it. Operations that read the caller's own
 * counters (`usage`, `viewer`), dry runs, operations that ask for incremental delivery (an
 * active `@defer` or `@stream`) and answers with errors are never cached. An answer
 * from the cache says so: `extensions.cached: true`.
 */
export function createOperationCache(options: OperationCacheOptions) {
  const { gate, now } = options;
  const cache = createTaggedCache<CachedOperation>(options.events, {
    maxBytes: options.maxBytes ?? 64 * 1024 * 1024,
    // The headers `remember` adds to an entry later (two methods, about 250 bytes each) are
    // counted up front.
    sizeOf: (entry) =>
      entry.wireData.length + entry.etag.length + entry.contentType.length + SENT_HEADERS_BYTES,
    ttlMs: options.ttlMs ?? 60_000,
    onLookup: options.onLookup,
  });

  /** A digest of everything the answer depends on: its size is fixed whatever the document's. */
  function keyOf(req: FastifyRequest, analysis: boolean): string | undefined {
    const accept = req.headers.accept ?? '';
    const text = operationTextOf(req, options.textOf);
    if (!text) {
      return undefined;
    }
    return digestKey([
      String(minuteWindow(now())),
      analysis ? 'a' : '-',
      options.languageOf(req),
      accept,
      text.operationName,
      text.variables,
      text.query,
    ]);
  }

  /** The pass and the kept answer of a request the cache answers: admitted and reserved. */
  interface Admitted {
    pass: Pass;
    hit: CachedOperation;
  }

  const flights = createOperationFlights<FastifyRequest>({ now });
  /** Flights a request follows at most before it runs the operation itself (`lookUp`). */
  const FOLLOWS = 3;
  const repeated = createRepeatedRequests();
  const analysisOf = (pass: Pass) => pass.principal.account.limits.analysis;

  /** Reserves what the kept answer's operation cost, as the full path would have. */
  function reserveFor(pass: Pass, hit: CachedOperation): MaybePromise<Admitted> {
    const { limits } = pass.principal.account;
    checkAffordable(hit.bound, options.maxCost, limits.ratePerMinute);
    const units = { ...operationReservation(hit.bound), freeEligible: hit.freeEligible };
    return then(pass.reserve(units), () => ({ pass, hit }));
  }

  /**
   * The key checks, the lookup, then the cost bound checked and reserved as the full path would;
   * undefined (or a refusal thrown) when the cache does not answer. Nothing waits when the key
   * is cached and the counters are in process, as on REST's path (src/policy/gate.ts).
   */
  function admit(req: FastifyRequest, pass: Pass): MaybePromise<Admitted | undefined> {
    return then(pass.allow(), () => {
      const key = keyOf(req, analysisOf(pass));
      return key === undefined ? undefined : lookUp(req, pass, key, FOLLOWS);
    });
  }

  /**
   * The kept answer of `key`; else, while another request runs it, its answer once it lands;
   * else the full path, leading a flight that later requests wait for. A flight whose answer
   * was not kept (the data it read changed meanwhile) hands over: of its followers the first
   * leads the next run and the others wait for that one, up to `follows` times, so one change
   * during a run costs one more run, not one per waiting client.
   */
  function lookUp(
    req: FastifyRequest,
    pass: Pass,
    key: string,
    follows: number,
  ): MaybePromise<Admitted | undefined> {
    const hit = cache.get(key);
    if (hit) {
      repeated.remember(req, { key, minute: minuteWindow(now()), analysis: analysisOf(pass) });
      return reserveFor(pass, hit);
    }
    const landed = flights.waitFor(key);
    if (!landed) {
      flights.lead(req, key, STREAMING.test(req.headers.accept ?? ''));
      return undefined;
    }
    if (follows === 0) {
      // Followed enough flights: the full path, as a request that never waited.
      return undefined;
    }
    return landed.then((inTime) => {
      if (inTime) {
        return lookUp(req, pass, key, follows - 1);
      }
      // The run takes too long (operation-flights.ts `waitMs`): not waited on again.
      const kept = cache.get(key);
      return kept ? reserveFor(pass, kept) : undefined;
    });
  }

  /** Settles the reservation to what the operation read (a 304: one request) and answers. */
  function serve(
    req: FastifyRequest,
    reply: FastifyReply,
    { pass, hit }: Admitted,
  ): true | Promise<true> {
    const conditional = isConditional(req);
    const unchanged = conditional && notModified(req, hit.etag);
    const read = unchanged
      ? NOT_MODIFIED_READ
      : { minute: minuteKept(hit.minute), daily: hit.actual };
    return then(pass.settle(true, read), (usage) => {
      const counters: string[] = [];
      appendQuotaHeaders(counters, usage, now(), hit.matchList);
      if (unchanged) {
        const sent = preparedHeadersOf(req, hit, 0);
        if (sent) {
          writePrepared(reply, notModifiedHeaders(sent), counters, undefined);
          return true;
        }
        reply
          .status(200)
          .type(hit.contentType)
          .headers(corsHeadersOf(req) ?? {});
        reply.headers(headerRecordOf(counters));
        setValidatorHeaders(reply, hit.etag);
        sendNotModified(reply);
        return true;
      }
      const extensions = `,"extensions":{"cost":${cachedCostJson(hit, usage)},"cached":true}}`;
      // The answer in writePrepared's wire form: `data` is kept as its UTF-8 bytes, the rest is
      // ASCII, so the string's length is the body's.
      const wire = `${DATA_OPEN}${hit.wireData}${extensions}`;
      const sent = preparedHeadersOf(req, hit, wire.length);
      if (sent) {
        writePrepared(reply, sent, counters, wire);
        return true;
      }
      const body = Buffer.from(wire, 'latin1');
      reply.status(200).type(hit.contentType);
      const cors = corsHeadersOf(req);
      if (cors) {
        reply.headers(cors);
      }
      reply.headers(headerRecordOf(counters));
      if (conditional) {
        setValidatorHeaders(reply, hit.etag);
      }
      req.operationHit = { hit, body };
      reply.send(body);
      return true;
    });
  }

  /**
   * The headers to write a hit's answer with past the hooks: known once an answer of the same
   * entry and method went through them (`remember`), for a request none of them would treat
   * differently: no Origin (CORS), nothing compression would change.
   */
  function preparedHeadersOf(
    req: FastifyRequest,
    hit: CachedOperation,
    bytes: number,
  ): readonly string[] | undefined {
    const method = sentMethodOf(req);
    const sent = method && hit.sent[method];
    return sent && req.headers.origin === undefined && sentUncompressed(req, bytes)
      ? sent
      : undefined;
  }

  /** onSend, after the scope's other hooks: what they made of a hit's answer's headers. */
  function remember(req: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const answer = req.operationHit;
    const method = sentMethodOf(req);
    if (
      !answer ||
      !method ||
      payload !== answer.body ||
      reply.statusCode !== 200 ||
      req.headers.origin !== undefined ||
      answer.hit.sent[method] ||
      !sentUncompressed(req, answer.body.byteLength)
    ) {
      return;
    }
    const headers = staticHeadersOf(reply, PER_REQUEST_HEADERS);
    if (headers) {
      answer.hit.sent[method] = headers;
    }
  }

  /**
   * Answers from the cache when it can (true, or a promise of true once sent); false sends the
   * request on to Yoga. Nothing is charged unless it answers: any refusal (key, address, cost,
   * rate, quota) is left to the full path, which decides it exactly as it did the first time and
   * says why.
   */
  function answer(req: FastifyRequest, reply: FastifyReply): MaybePromise<boolean> {
    if (options.mayAnswer?.() === false) {
      return false;
    }
    let admitted: MaybePromise<Admitted | undefined>;
    try {
      admitted = then(gate.open(options.rawKeyOf(req), req.ip, req.raw.socket), (pass) =>
        admit(req, pass),
      );
    } catch {
      return false;
    }
    if (admitted instanceof Promise) {
      return admitted.then(
        (a) => (a ? serve(req, reply, a) : false),
        () => false,
      );
    }
    return admitted ? serve(req, reply, admitted) : false;
  }

  /**
   * A request answered from the cache before it is checked and parsed again: one the handler's
   * path answered from the cache already (repeated-requests.ts), while the cache holds the answer
   * under the same key for the same kind of caller. Like `answer`, charges nothing unless it answers: a
   * refusal, another tier, a new minute or an evicted answer go the handler's path.
   */
  function replay(req: FastifyRequest, reply: FastifyReply): MaybePromise<boolean> {
    const remembered = repeated.lookup(req);
    if (
      !remembered ||
      remembered.minute !== minuteWindow(now()) ||
      options.mayAnswer?.() === false
    ) {
      return false;
    }
    const hit = cache.touch(remembered.key);
    if (!hit) {
      repeated.forget(req);
      return false;
    }
    let admitted: MaybePromise<Admitted | undefined>;
    try {
      admitted = then(gate.open(options.rawKeyOf(req), req.ip, req.raw.socket), (pass) =>
        then(pass.allow(), () =>
          analysisOf(pass) === remembered.analysis ? reserveFor(pass, hit) : undefined,
        ),
      );
    } catch {
      return false;
    }
    const served = (a: Admitted | undefined) => {
      if (!a) {
        return false;
      }
      cache.counted(true);
      return serve(req, reply, a);
    };
    return admitted instanceof Promise ? admitted.then(served, () => false) : served(admitted);
  }

  /**
   * Keeps the answer of an operation that ran cleanly (OperationResult.settlement), tagged with what its
   * reads showed: a data change evicts it only if it showed what changed.
   */
  function store(
    req: FastifyRequest,
    settled: SettledOperation,
    answer: { contentType: string; shown: readonly string[]; validator?: Validator },
    /** `mark()` before the operation ran: one that ran across a change is not kept. */
    since: number,
  ): void {
    const key = keyOf(req, settled.analysis);
    if (key === undefined || settled.plan.dryRun || STREAMING.test(answer.contentType)) {
      return;
    }
    flights.kept(req, key);
    const dataText = answer.validator?.dataText ?? JSON.stringify(settled.data);
    cache.set(
      key,
      {
        wireData: wireBodyOf(dataText),
        etag: answer.validator?.etag ?? etagOf(dataText),
        contentType: answer.contentType,
        bound: settled.plan.bound,
        freeEligible: settled.plan.freeEligible,
        matchList: settled.plan.matchList,
        actual: settled.actual,
        minute: settled.minute,
        sent: {},
      },
      answer.shown,
      since,
    );
  }

  return {
    answer,
    replay,
    /** Registered as an onSend hook after the scope's others (plugin.ts). */
    remember,
    mark: () => cache.mark(),
    store,
    /** The request's operation is done: requests waiting for the same one go on. */
    landed: (req: FastifyRequest) => flights.landed(req),
    clear: () => cache.clear(),
    close: () => cache.close(),
    size: () => cache.size,
    bytes: () => cache.bytes,
  };
}

export type OperationCache = ReturnType<typeof createOperationCache>;
