import type { FastifyReply, FastifyRequest } from 'fastify';
import { createTaggedCache, type TaggedCache } from '../../changes/tagged-cache.js';
import { type MaybePromise, andThen as then } from '../../counters/quota-store.js';
import { minuteWindow } from '../../counters/windows.js';
import type { EventBus } from '../../events/event-bus.js';
import { etagOf } from '../../http/etag.js';
import { wireBodyOf } from '../../http/prepared-answer.js';
import type { Gate, Pass } from '../../policy/gate.js';
import { appendQuotaHeaders } from '../../policy/headers.js';
import { checkAffordable, operationReservation } from '../charging/charges.js';
import type { SettledOperation } from '../charging/operation-result.js';
import { minuteKept } from '../charging/settlement.js';
import {
  isConditional,
  NOT_MODIFIED_READ,
  notModified,
  type Validator,
} from '../transport/http-cache.js';
import {
  type CachedOperation,
  rememberSentHeaders,
  sendHit,
  sendUnchanged,
} from './cached-answer.js';
import { createOperationFlights, type OperationFlights } from './operation-flights.js';
import { type OperationKeyOptions, operationKeyOf } from './operation-key.js';
import { createRepeatedRequests } from './repeated-requests.js';

export interface OperationCacheOptions extends OperationKeyOptions {
  gate: Gate;
  events: EventBus;
  maxCost: number;
  rawKeyOf(req: FastifyRequest): string | undefined;
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

/** An entry's bookkeeping besides its answer: the headers it is written with, per method. */
const SENT_HEADERS_BYTES = 576;

/**
 * Answers that stream (incremental delivery, subscriptions) are never cached. The Accept header
 * is part of the key: a request accepting a stream but answered as one JSON document (urql
 * accepts both) is answered again as it was.
 */
const STREAMING = /text\/event-stream|multipart\/mixed/i;

/** Flights a request follows at most before it runs the operation itself (`lookUp`). */
const FOLLOWS = 3;

/** The pass and the kept answer of a request the cache answers: admitted and reserved. */
interface Admitted {
  pass: Pass;
  hit: CachedOperation;
}

const analysisOf = (pass: Pass) => pass.principal.account.limits.analysis;

/**
 * The GraphQL counterpart of the REST response cache (RESPONSE_CACHE): the answer of an operation
 * that ran cleanly, keyed by its text, variables, negotiated language, Accept header, whether the
 * caller's tier reads analysis, and the current minute (an omitted `date` means today). The
 * access gate still runs on every hit, through the same entry and with the same charges as the
 * operation had: key checks, the cost bound checked and reserved, then settled to what the
 * operation read. A data change evicts, on every instance, the answers whose reads showed what
 * changed; a plan change clears it. Operations that read the caller's own counters (`usage`,
 * `viewer`), dry runs, operations that ask for incremental delivery (an active `@defer` or
 * `@stream`) and answers with errors are never cached. An answer from the cache says so:
 * `extensions.cached: true`.
 */
export class OperationCache {
  private readonly cache: TaggedCache<CachedOperation>;
  private readonly flights: OperationFlights<FastifyRequest>;
  private readonly repeated = createRepeatedRequests();

  constructor(private readonly options: OperationCacheOptions) {
    this.cache = createTaggedCache<CachedOperation>(options.events, {
      maxBytes: options.maxBytes ?? 64 * 1024 * 1024,
      // The headers `remember` adds to an entry later (two methods, about 250 bytes each) are
      // counted up front.
      sizeOf: (entry) =>
        entry.wireData.length + entry.etag.length + entry.contentType.length + SENT_HEADERS_BYTES,
      ttlMs: options.ttlMs ?? 60_000,
      onLookup: options.onLookup,
    });
    this.flights = createOperationFlights<FastifyRequest>({ now: options.now });
  }

  /**
   * Answers from the cache when it can (true, or a promise of true once sent); false sends the
   * request on to Yoga. Nothing is charged unless it answers: any refusal (key, address, cost,
   * rate, quota) is left to the full path, which decides it exactly as it did the first time and
   * says why. Nothing waits when the key is cached and the counters are in process, as on REST's
   * path (src/policy/gate.ts).
   */
  answer(req: FastifyRequest, reply: FastifyReply): MaybePromise<boolean> {
    if (this.options.mayAnswer?.() === false) {
      return false;
    }
    let admitted: MaybePromise<Admitted | undefined>;
    try {
      admitted = then(this.enter(req), (pass) => {
        const key = operationKeyOf(req, analysisOf(pass), this.options);
        return key === undefined ? undefined : this.lookUp(req, pass, key, FOLLOWS);
      });
    } catch {
      return false;
    }
    if (admitted instanceof Promise) {
      return admitted.then(
        (a) => (a ? this.serve(req, reply, a) : false),
        () => false,
      );
    }
    return admitted ? this.serve(req, reply, admitted) : false;
  }

  /**
   * A request answered from the cache before it is checked and parsed again: one the handler's
   * path answered from the cache already (repeated-requests.ts), while the cache holds the answer
   * under the same key for the same kind of caller. Like `answer`, charges nothing unless it
   * answers: a refusal, another tier, a new minute or an evicted answer go the handler's path.
   */
  replay(req: FastifyRequest, reply: FastifyReply): MaybePromise<boolean> {
    const remembered = this.repeated.lookup(req);
    if (
      !remembered ||
      remembered.minute !== minuteWindow(this.options.now()) ||
      this.options.mayAnswer?.() === false
    ) {
      return false;
    }
    const hit = this.cache.touch(remembered.key);
    if (!hit) {
      this.repeated.forget(req);
      return false;
    }
    let admitted: MaybePromise<Admitted | undefined>;
    try {
      admitted = then(this.enter(req), (pass) =>
        analysisOf(pass) === remembered.analysis ? this.reserveFor(pass, hit) : undefined,
      );
    } catch {
      return false;
    }
    const served = (a: Admitted | undefined) => {
      if (!a) {
        return false;
      }
      this.cache.counted(true);
      return this.serve(req, reply, a);
    };
    return admitted instanceof Promise ? admitted.then(served, () => false) : served(admitted);
  }

  /** Registered as an onSend hook after the scope's others (plugin.ts). */
  remember(req: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    rememberSentHeaders(req, reply, payload);
  }

  /** `mark()` before an operation runs: `store` keeps no answer of one that ran across a change. */
  mark(): number {
    return this.cache.mark();
  }

  /**
   * Keeps the answer of an operation that ran cleanly (OperationResult.settlement), tagged with what its
   * reads showed: a data change evicts it only if it showed what changed.
   */
  store(
    req: FastifyRequest,
    settled: SettledOperation,
    answer: { contentType: string; shown: readonly string[]; validator?: Validator },
    /** `mark()` before the operation ran: one that ran across a change is not kept. */
    since: number,
  ): void {
    const key = operationKeyOf(req, settled.analysis, this.options);
    if (key === undefined || settled.plan.dryRun || STREAMING.test(answer.contentType)) {
      return;
    }
    this.flights.kept(req, key);
    const dataText = answer.validator?.dataText ?? JSON.stringify(settled.data);
    this.cache.set(
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

  /** The request's operation is done: requests waiting for the same one go on. */
  landed(req: FastifyRequest): void {
    this.flights.landed(req);
  }

  clear(): void {
    this.cache.clear();
  }

  close(): void {
    this.cache.close();
  }

  size(): number {
    return this.cache.size;
  }

  bytes(): number {
    return this.cache.bytes;
  }

  /** The gate's entry for an operation: key checks and address (the tier is the fields'). */
  private enter(req: FastifyRequest): MaybePromise<Pass> {
    return this.options.gate.enter(this.options.rawKeyOf(req), req.ip, undefined, req.raw.socket);
  }

  /**
   * The kept answer of `key`, reserved; else, while another request runs it, its answer once it
   * lands; else the full path, leading a flight that later requests wait for. A flight whose
   * answer was not kept (the data it read changed meanwhile) hands over: of its followers the
   * first leads the next run and the others wait for that one, up to `follows` times, so one
   * change during a run costs one more run, not one per waiting client.
   */
  private lookUp(
    req: FastifyRequest,
    pass: Pass,
    key: string,
    follows: number,
  ): MaybePromise<Admitted | undefined> {
    const hit = this.cache.get(key);
    if (hit) {
      const minute = minuteWindow(this.options.now());
      this.repeated.remember(req, { key, minute, analysis: analysisOf(pass) });
      return this.reserveFor(pass, hit);
    }
    const landed = this.flights.waitFor(key);
    if (!landed) {
      this.flights.lead(req, key, STREAMING.test(req.headers.accept ?? ''));
      return undefined;
    }
    if (follows === 0) {
      // Followed enough flights: the full path, as a request that never waited.
      return undefined;
    }
    return landed.then((inTime) => {
      if (inTime) {
        return this.lookUp(req, pass, key, follows - 1);
      }
      // The run takes too long (operation-flights.ts `waitMs`): not waited on again.
      const kept = this.cache.get(key);
      return kept ? this.reserveFor(pass, kept) : undefined;
    });
  }

  /** Reserves what the kept answer's operation cost, as the full path would have. */
  private reserveFor(pass: Pass, hit: CachedOperation): MaybePromise<Admitted> {
    const { limits } = pass.principal.account;
    checkAffordable(hit.bound, this.options.maxCost, limits.ratePerMinute);
    const units = { ...operationReservation(hit.bound), freeEligible: hit.freeEligible };
    return then(pass.reserve(units), () => ({ pass, hit }));
  }

  /** Settles the reservation to what the operation read (a 304: one request) and answers. */
  private serve(
    req: FastifyRequest,
    reply: FastifyReply,
    { pass, hit }: Admitted,
  ): MaybePromise<true> {
    const conditional = isConditional(req);
    const unchanged = conditional && notModified(req, hit.etag);
    const read = unchanged
      ? NOT_MODIFIED_READ
      : { minute: minuteKept(hit.minute), daily: hit.actual };
    return then(pass.settleFor(unchanged ? 304 : 200, read), (usage) => {
      const counters: string[] = [];
      appendQuotaHeaders(counters, usage, this.options.now(), hit.matchList);
      return unchanged
        ? sendUnchanged(req, reply, hit, counters)
        : sendHit(req, reply, hit, usage, counters, conditional);
    });
  }
}

/** One per GraphQL scope (plugin.ts). */
export const createOperationCache = (options: OperationCacheOptions) => new OperationCache(options);
