import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { cheapHistogram, deferredChildren } from './cheap-instruments.js';
import { registerDataSourceGauges } from './data-sources.js';
import { registerSourceGauges, type Sources } from './sources.js';

/** Which door a request came through (docs/operations.md "Metrics"). */
export type Surface = 'rest' | 'graphql' | 'stream' | 'other';

/** The caches whose lookups are counted (hit or miss). */
type CacheName = 'rest_response' | 'graphql_operation' | 'graphql_read';

/** How a GraphQL operation over HTTP ran: envelop directly, or through yoga's HTTP layer. */
export type GraphqlPath = 'direct' | 'yoga';

/** Upper bounds of the request latency histogram, in seconds: 1 ms to 10 s. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A Redis round trip on a healthy network is well under a millisecond; the timeout is 1 s. */
const REDIS_BUCKETS = [0.0002, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

interface MetricsOptions {
  /** Also collect prom-client's process metrics (CPU, memory, event loop, GC): `serve` only. */
  processMetrics?: boolean;
}

/**
 * One registry per app (never prom-client's global one: tests build several apps in a process).
 * Every metric is listed, with its labels and meaning, in docs/operations.md "Metrics". The
 * request-path instruments are plain counters and histograms; everything that is a state
 * (pools, open streams, the live engine) is read when Prometheus scrapes, from `sources`.
 */
export function createMetrics(options: MetricsOptions = {}) {
  const registry = new Registry();
  const registers = [registry];
  if (options.processMetrics) {
    collectDefaultMetrics({ register: registry, prefix: 'touchline_' });
  }
  const requests = new Counter({
    name: 'touchline_http_requests_total',
    help: 'HTTP requests answered, by surface, route template, method and status',
    labelNames: ['surface', 'route', 'method', 'status'] as const,
    registers,
  });
  const errors = new Counter({
    name: 'touchline_http_errors_total',
    help: 'HTTP requests answered with a 5xx status, by surface and route template',
    labelNames: ['surface', 'route'] as const,
    registers,
  });
  const duration = cheapHistogram({
    name: 'touchline_http_request_duration_seconds',
    help: 'Time from the request to the last byte of its answer (streams excluded)',
    labelNames: ['surface', 'route'] as const,
    buckets: REQUEST_BUCKETS,
    registry,
  });
  const refusals = new Counter({
    name: 'touchline_refusals_total',
    help: 'Requests answered with an error code of the API (problem+json or GraphQL), by code',
    labelNames: ['surface', 'code'] as const,
    registers,
  });
  const cacheLookups = new Counter({
    name: 'touchline_cache_lookups_total',
    help: 'Lookups in the in-process caches, by cache and result (hit, miss)',
    labelNames: ['cache', 'result'] as const,
    registers,
  });
  const graphqlOperations = new Counter({
    name: 'touchline_graphql_operations_total',
    help: 'GraphQL requests over HTTP not answered from the operation cache, by path (direct, yoga)',
    labelNames: ['path'] as const,
    registers,
  });
  const redisCommands = new Counter({
    name: 'touchline_redis_commands_total',
    help: 'Commands sent by the counters Redis client, by command and result (ok, error)',
    labelNames: ['command', 'result'] as const,
    registers,
  });
  const redisDuration = new Histogram({
    name: 'touchline_redis_command_duration_seconds',
    help: 'Round-trip time of the counters Redis client commands',
    buckets: REDIS_BUCKETS,
    registers,
  });
  const liveTicks = new Histogram({
    name: 'touchline_live_tick_duration_seconds',
    help: 'How long one tick of the live engine took (write and cache notification)',
    labelNames: ['engine'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const sources: Sources = {};
  registerSourceGauges(registry, sources);
  registerDataSourceGauges(registry, sources);

  const requestsOf = deferredChildren(requests);
  const errorsOf = deferredChildren(errors);
  const refusalsOf = deferredChildren(refusals);
  const lookupsOf = deferredChildren(cacheLookups);
  const operationsOf = deferredChildren(graphqlOperations);

  // The request path's instruments are bound children (cheap-instruments.ts): each is looked up
  // once per combination of labels and kept by its caller.
  return {
    registry,
    requests: (surface: Surface, route: string, method: string, status: string) =>
      requestsOf({ surface, route, method, status }),
    errors: (surface: Surface, route: string) => errorsOf({ surface, route }),
    duration: (surface: Surface, route: string) => duration.labels(surface, route),
    refusals: (surface: Surface, code: string) => refusalsOf({ surface, code }),
    redisCommands,
    redisDuration,
    liveTicks,
    /** Counts one lookup of `cache`: the function to hand to that cache (no allocation per call). */
    cacheLookup(cache: CacheName): (hit: boolean) => void {
      const hits = lookupsOf({ cache, result: 'hit' });
      const misses = lookupsOf({ cache, result: 'miss' });
      return (hit) => (hit ? hits.inc() : misses.inc());
    },
    /** Counts one GraphQL operation over HTTP on `path` (no allocation per call). */
    graphqlOperation(path: GraphqlPath): () => void {
      const counter = operationsOf({ path });
      return () => counter.inc();
    },
    /** Where the scrape-time gauges read from; each is set once by the part that owns it. */
    sources,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
