import type { UsageSnapshot } from '../../counters/quota-store.js';
import type { ApiError } from '../../errors/api-error.js';
import type { Validator } from '../transport/http-cache.js';
import type { CostPlan } from './cost.js';

/** What an operation that ran cleanly cost: enough to answer it again from the cache. */
export interface SettledOperation {
  plan: CostPlan;
  /**
   * Units read and charged on the day, and attempted (the ledger's charged and attempted reads);
   * the minute keeps at least one request (`minuteKept`).
   */
  actual: number;
  minute: number;
  /** The caller's tier reads analysis (the answer differs otherwise). */
  analysis: boolean;
  data: unknown;
}

/**
 * What the door copies onto its answer once an operation has run (the HTTP door: status,
 * headers, quota headers, validator; the operation cache: the settlement). Read only: the
 * plugins decide it through `OperationRecord`'s methods.
 */
export interface OperationResult {
  /** Set when the operation was refused as a whole: the status REST would answer. */
  readonly status: number | undefined;
  /** Headers of the refusal or of the page (RateLimit of an address, Retry-After, no-store). */
  readonly headers: Readonly<Record<string, string>> | undefined;
  /** The key's counters after the operation, for the quota headers (spec 8.2 rule 6). */
  readonly usage: UsageSnapshot | undefined;
  /** It selected the match list: the `X-Matches-Bonus-*` headers go with the quota headers. */
  readonly matchList: boolean;
  /** Set when the operation may be answered from the operation cache next time. */
  readonly settlement: SettledOperation | undefined;
  /** The validator of a conditional GET's clean answer; `notModified` makes it a 304. */
  readonly validator: Validator | undefined;
}

/** What the door knows of the request before the operation runs. */
export interface DoorFacts {
  /** The request already counted on its address's minute (it carried no key). */
  addressCounted: boolean;
  /**
   * The transport carries an answer in several payloads (`@defer`, `@stream`): an Accept that
   * allows multipart/mixed or text/event-stream, or graphql-ws.
   */
  streams: boolean;
  /** A GET answered as JSON (http-cache.ts `isConditional`): a clean answer gets a validator. */
  conditional?: boolean;
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * One request's operation as its plugins decide it, passed to yoga by the door, which reads
 * `result` once yoga is done. Every decision has its method, so what may be written is said here
 * once: the access plugins charge, settle and refuse; the request-error plugins and trusted
 * documents refuse a request; GraphiQL's page asks for its headers.
 */
export class OperationRecord {
  private readonly state: Writable<OperationResult> = {
    status: undefined,
    headers: undefined,
    usage: undefined,
    matchList: false,
    settlement: undefined,
    validator: undefined,
  };
  /** What the door copies onto its answer: what the methods below decided. */
  readonly result: OperationResult = this.state;
  /** What the operation's reads showed (change-summary.ts `tags`), filled by its loaders. */
  readonly shown = new Set<string>();
  private page = false;
  private closing: (() => void) | undefined;
  private addressCounted: boolean;

  constructor(readonly door: DoorFacts) {
    this.addressCounted = door.addressCounted;
  }

  /** The answer is GraphiQL's page: no CORS headers (cors.ts). */
  get graphiqlPage(): boolean {
    return this.page;
  }

  /**
   * Set while an answer is streamed: settles its reservation to what it read, if the last
   * payload has not done so; the door calls it when the response closes.
   */
  get closeStream(): (() => void) | undefined {
    return this.closing;
  }

  /** Whether the operation is still to count on its address's minute; it is, from now on. */
  countOnAddress(): boolean {
    if (this.addressCounted) {
      return false;
    }
    this.addressCounted = true;
    return true;
  }

  /** Refused as a whole: the status REST answers, its Retry-After, and any headers it names. */
  refuse(error: ApiError, headers?: Record<string, string>): void {
    this.state.status = error.status;
    const retryAfter = error.extras.retryAfter;
    if (headers || retryAfter !== undefined) {
      this.state.headers = {
        ...this.state.headers,
        ...headers,
        ...(retryAfter !== undefined ? { 'retry-after': String(retryAfter) } : {}),
      };
    }
  }

  /** Refused before it ran (it does not parse, validate, or name a document): a 400. */
  refuseRequest(): void {
    this.state.status ??= 400;
  }

  /** Its plan selects the match list: the quota headers say the free allowance too. */
  planned(matchList: boolean): void {
    this.state.matchList = matchList;
  }

  /** The key's counters after a reservation or a settlement. */
  charged(counters: UsageSnapshot): void {
    this.state.usage = counters;
  }

  /** Its answer is clean and the request conditional: a 304 when the client holds it. */
  validated(validator: Validator): void {
    this.state.validator = validator;
  }

  /** It ran and settled: the counters after, and what the operation cache may keep of it. */
  ran(counters: UsageSnapshot, settlement: SettledOperation | undefined): void {
    this.state.usage = counters;
    this.state.settlement = settlement;
  }

  /** Its answer is streamed: `close` settles it if the client leaves before the last payload. */
  streaming(close: () => void): void {
    this.closing = close;
  }

  /** The answer is GraphiQL's page: no CORS headers (cors.ts). */
  servesPage(): void {
    this.page = true;
  }

  /** GraphiQL's page carries a demo key: no cache may keep it. */
  servesKeyedPage(): void {
    this.servesPage();
    this.state.headers = { ...this.state.headers, 'cache-control': 'no-store' };
  }
}
