/** Messages between the bench and its load-generator process (bench/load-worker.ts). */

export interface CannonTask {
  kind: 'cannon';
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Bodies sent in turn, one request each (every connection cycles through them); over `body`. */
  bodies?: readonly string[];
  connections: number;
  /** Window length; with `amount`, the cap on it. */
  seconds: number;
  /** Measure until this many responses (for answers that take seconds each). */
  amount?: number;
  /** GraphQL answers 200 with `errors` on failures: such bodies count as mismatches. */
  graphql?: boolean;
  /** The status every response must have (default: any 2xx); a conditional row expects 304. */
  expectStatus?: number;
  /** wrk (default) or autocannon; a task with `amount` always runs on autocannon. */
  engine?: 'wrk' | 'autocannon';
}

export interface CannonResult {
  /** Responses in the measured window. */
  responses: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /**
   * Responses outside 2xx (or of another status than `expectStatus`), plus connection errors,
   * timeouts and GraphQL error bodies.
   */
  failures: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  mismatches: number;
  bytesPerSecond: number;
}

export interface PageTask {
  kind: 'page';
  baseUrl: string;
  key: string;
  day: string;
  pageSize: number;
  concurrency: number;
  runs: number;
}

export interface PageSide {
  medianMs: number;
  p90Ms: number;
  /** HTTP requests per page. */
  requests: number;
  statusCodes: Record<string, number>;
  /** Responses that were neither 200 nor an expected 404 (REST children), or GraphQL errors. */
  failures: number;
}

export interface PageResult {
  matches: number;
  rest: PageSide;
  graphql: PageSide;
}

type LoadTask = CannonTask | PageTask;

export interface LoadRequest {
  id: number;
  task: LoadTask;
}

export type LoadReply =
  | { id: number; ok: true; result: CannonResult | PageResult }
  | { id: number; ok: false; error: string };
