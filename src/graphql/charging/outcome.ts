import type { FastifyRequest } from 'fastify';
import type { UsageSnapshot } from '../../counters/quota-store.js';
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

/** What the HTTP door needs after the operation: status of a whole refusal, counters. */
export interface HttpOutcome {
  /** Set when the operation was refused as a whole: the status REST would answer. */
  status?: number;
  retryAfter?: number;
  /** Extra response headers (the address policy's RateLimit fields of a keyless refusal). */
  headers?: Record<string, string>;
  /** The answer is GraphiQL's page: no CORS headers (cors.ts). */
  graphiqlPage?: boolean;
  /** The request already counted on its address's minute (it carried no key). */
  addressCounted?: boolean;
  usage?: UsageSnapshot;
  matchList?: boolean;
  /** Set when the operation may be answered from the operation cache next time. */
  settled?: SettledOperation;
  /** What the operation's reads showed (change-summary.ts `tags`), filled by its loaders. */
  shown?: Set<string>;
  /**
   * The transport carries an answer in several payloads (`@defer`, `@stream`): an Accept that
   * allows multipart/mixed or text/event-stream, or graphql-ws.
   */
  streams?: boolean;
  /**
   * Set while an answer is streamed: settles its reservation to what it read, if the last
   * payload has not done so; the door calls it when the response closes.
   */
  closeStream?: () => void;
  /** A GET answered as JSON (http-cache.ts `isConditional`): a clean answer gets a validator. */
  conditional?: boolean;
  /** The validator of that answer; `notModified` makes it a 304. */
  validator?: Validator;
}

/** What each door (HTTP, WebSocket) passes to yoga with an operation. */
export interface ServerContext {
  req: FastifyRequest;
  http: HttpOutcome;
}
