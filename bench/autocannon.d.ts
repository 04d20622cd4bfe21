/** The part of autocannon's API the bench uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Stop after this many requests instead of after `duration`. */
    amount?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    /** Requests each connection sends in turn (over `body`), cycling. */
    requests?: { body?: string }[];
    pipelining?: number;
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
    /** Falsy: the response counts in `mismatches`. */
    verifyBody?: (body: string) => boolean;
  }

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p99: number;
  }

  export interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }

  /** Emits `response` (client, statusCode, bytes, responseTimeMs) for every response. */
  export type Instance = EventEmitter & { stop(): void };

  export default function autocannon(
    options: Options,
    done: (error: Error | null, result: Result) => void,
  ): Instance;
}
