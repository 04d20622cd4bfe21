import type { FastifyReply, FastifyRequest } from 'fastify';
import { digestKey } from '../cache/bounded-cache.js';
import { createTaggedCache } from '../cache/tagged-cache.js';
import type { AccessEvents } from '../events/access-events.js';
import type { Language } from '../i18n/language.js';
import type { Gate, Pass } from '../policy/gate.js';
import { quotaHeaders } from '../policy/headers.js';
import { minuteWindow } from '../policy/windows.js';
import { costExtension, operationReservation, type SettledOperation } from './access.js';
import { checkAffordable } from './cost.js';
import { minuteKept } from './settlement.js';

/** An operation's answer, and what it cost, ready to be served again. */
interface CachedOperation {
  /** The `data` member, serialized and encoded once. */
  data: Buffer;
  contentType: string;
  bound: number;
  freeEligible: number;
  matchList: boolean;
  actual: number;
  minute: number;
}

/** The operation as the client sent it (POST JSON body or GET query string). */
interface OperationText {
  query: string;
  operationName: string;
  variables: string;
}

export interface OperationCacheOptions {
  gate: Gate;
  events: AccessEvents;
  now: () => Date;
  maxCost: number;
  rawKeyOf(req: FastifyRequest): string | undefined;
  languageOf(req: FastifyRequest): Language;
  /** Upper bound of cached bytes: keys, answers and bookkeeping. */
  maxBytes?: number;
  /** Safety net: entries expire even if a change event was missed. */
  ttlMs?: number;
}

const DATA_OPEN = Buffer.from('{"data":');

/**
 * Answers in several parts (`@defer`, `@stream`, subscriptions) are never cached, and a request
 * whose Accept asks for them is never answered from the cache: what it keeps is one JSON answer,
 * which such a client may not read (it takes multipart/mixed or an event stream).
 */
const STREAMING = /text\/event-stream|multipart\/mixed/i;

function operationTextOf(req: FastifyRequest): OperationText | undefined {
  const source = (req.method === 'GET' ? req.query : req.body) as Record<string, unknown> | null;
  if (!source || typeof source !== 'object' || Array.isArray(source) || source['extensions']) {
    return undefined;
  }
  const { query, operationName, variables } = source;
  if (typeof query !== 'string') {
    return undefined;
  }
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
    sizeOf: (entry) => entry.data.byteLength + entry.contentType.length + 64,
    ttlMs: options.ttlMs ?? 60_000,
  });

  /** A digest of everything the answer depends on: its size is fixed whatever the document's. */
  function keyOf(req: FastifyRequest, analysis: boolean): string | undefined {
    const accept = req.headers.accept ?? '';
    const text = operationTextOf(req);
    if (!text || STREAMING.test(accept)) {
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

  /**
   * Answers from the cache when it can; false sends the request on to Yoga. Nothing is charged
   * unless it answers: any refusal (key, address, cost, rate, quota) is left to the full path,
   * which decides it exactly as it did the first time and says why.
   */
  async function answer(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (cache.size === 0) {
      return false;
    }
    let pass: Pass;
    try {
      pass = await gate.open(options.rawKeyOf(req), req.ip);
      await pass.allow();
    } catch {
      return false;
    }
    const { principal } = pass;
    const key = keyOf(req, principal.account.limits.analysis);
    const hit = key === undefined ? undefined : cache.get(key);
    if (!hit) {
      return false;
    }
    try {
      checkAffordable(hit.bound, options.maxCost, principal.account.limits.ratePerMinute);
      await pass.reserve({ ...operationReservation(hit.bound), freeEligible: hit.freeEligible });
    } catch {
      // Nothing was counted: the full path decides the refusal and says why.
      return false;
    }
    const usage = await pass.settle(true, { minute: minuteKept(hit.minute), daily: hit.actual });
    const cost = costExtension(
      { bound: hit.bound, dryRun: false, tierRefused: 0 },
      { actual: hit.actual, minute: hit.minute },
      usage,
    );
    reply
      .status(200)
      .type(hit.contentType)
      .headers(quotaHeaders(usage, now(), hit.matchList));
    const extensions = `,"extensions":{"cost":${JSON.stringify(cost)},"cached":true}}`;
    reply.send(Buffer.concat([DATA_OPEN, hit.data, Buffer.from(extensions)]));
    return true;
  }

  /**
   * Keeps the answer of an operation that ran cleanly (HttpOutcome.settled), tagged with what its
   * reads showed: a data change evicts it only if it showed what changed.
   */
  function store(
    req: FastifyRequest,
    settled: SettledOperation,
    contentType: string,
    shown: readonly string[],
    /** `mark()` before the operation ran: one that ran across a change is not kept. */
    since: number,
  ): void {
    const key = keyOf(req, settled.analysis);
    if (key === undefined || settled.plan.dryRun || STREAMING.test(contentType)) {
      return;
    }
    cache.set(
      key,
      {
        data: Buffer.from(JSON.stringify(settled.data)),
        contentType,
        bound: settled.plan.bound,
        freeEligible: settled.plan.freeEligible,
        matchList: settled.plan.matchList,
        actual: settled.actual,
        minute: settled.minute,
      },
      shown,
      since,
    );
  }

  return {
    answer,
    mark: () => cache.mark(),
    store,
    clear: () => cache.clear(),
    close: () => cache.close(),
    size: () => cache.size,
    bytes: () => cache.bytes,
  };
}

export type OperationCache = ReturnType<typeof createOperationCache>;
