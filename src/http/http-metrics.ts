import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES, type ErrorCode } from '../errors/codes.js';
import type { Metrics, Surface } from '../metrics/metrics.js';
import { routeConfigOf } from './route-config.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a door that knows better than the route (a GraphQL subscription is a stream). */
    surface: Surface | null;
  }
  interface FastifyContextConfig {
    /** False: not counted (the /metrics scrape itself). */
    metrics?: boolean;
  }
}

/** The route label of a request no route matched: raw URLs would be unbounded. */
const UNMATCHED_ROUTE = '(unmatched)';
/** The status label of a request whose client left before any answer (nginx's convention). */
const CLIENT_CLOSED = 499;
const STREAM_ROUTE = '/v1/football/stream';
const GRAPHQL_ROUTE = '/graphql';

/**
 * The route's template: Fastify puts `url` in every route's config (lib/route.js); its type
 * has it on the request's context only. Undefined: no route matched.
 */
const templateOf = (config: FastifyContextConfig) => (config as { url?: string }).url;

function surfaceOf(route: string | undefined, url: string): Surface {
  if (route === STREAM_ROUTE) {
    return 'stream';
  }
  if (route === GRAPHQL_ROUTE) {
    return 'graphql';
  }
  return (route ?? url).startsWith('/v1/') ? 'rest' : 'other';
}

/**
 * The code of an error answer no door marked (yoga's own 400s, say): the status's code when the
 * table has one code for it; the ambiguous statuses (401, 403, 409, 429) are always marked, since
 * only our ApiErrors produce them.
 */
const CODE_OF_STATUS = new Map<number, ErrorCode>();
for (const [code, { status }] of Object.entries(ERROR_CODES) as [ErrorCode, { status: number }][]) {
  if (!CODE_OF_STATUS.has(status)) {
    CODE_OF_STATUS.set(status, code);
  }
}
const codeOf = (status: number): ErrorCode =>
  CODE_OF_STATUS.get(status) ?? (status >= 500 ? 'internal_error' : 'invalid_parameter');

/** One route's instruments on one surface, their label values bound once. */
function routeInstruments(metrics: Metrics, surface: Surface, route: string) {
  const duration = metrics.duration(surface, route);
  const errors = metrics.errors(surface, route);
  const counters = new Map<string, Map<number, { inc(): void }>>();
  return (method: string, status: number, seconds: number) => {
    let byStatus = counters.get(method);
    if (!byStatus) {
      byStatus = new Map();
      counters.set(method, byStatus);
    }
    let counter = byStatus.get(status);
    if (!counter) {
      counter = metrics.requests(surface, route, method, String(status));
      byStatus.set(status, counter);
    }
    counter.inc();
    if (status >= 500) {
      errors.inc();
    }
    // A stream's time is how long the client stayed: not a latency.
    if (surface !== 'stream') {
      duration.observe(seconds);
    }
  };
}

type RecordAnswer = ReturnType<typeof routeInstruments>;

/**
 * Requests, 5xx errors and latency per route template and surface, and refusals per API error
 * code (docs/operations.md "Metrics"). The route label is the route's template
 * (`/v1/football/matches/:matchId`), never the URL; the instruments of each route are looked up
 * by its config object, so a request costs a few map reads and the counter increments.
 * WebSocket upgrades are hijacked (no onResponse): they are counted as `101` when the socket
 * opens. Streams are counted when they end; `touchline_open_streams` says what is open.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.decorateRequest('surface', null);
  app.decorateRequest('refusal', null);
  const instruments = new WeakMap<FastifyContextConfig, Map<Surface, RecordAnswer>>();
  const refusals = new Map<string, { inc(): void }>();

  const instrumentsOf = (config: FastifyContextConfig, surface: Surface): RecordAnswer => {
    let bySurface = instruments.get(config);
    if (!bySurface) {
      bySurface = new Map();
      instruments.set(config, bySurface);
    }
    let answered = bySurface.get(surface);
    if (!answered) {
      answered = routeInstruments(metrics, surface, templateOf(config) ?? UNMATCHED_ROUTE);
      bySurface.set(surface, answered);
    }
    return answered;
  };

  const countRefusal = (surface: Surface, code: ErrorCode) => {
    const key = `${surface} ${code}`;
    let counter = refusals.get(key);
    if (!counter) {
      counter = metrics.refusals(surface, code);
      refusals.set(key, counter);
    }
    counter.inc();
  };

  const record = (request: FastifyRequest, status: number, seconds: number, surface?: Surface) => {
    const config = routeConfigOf(request);
    if (config.metrics === false) {
      return;
    }
    const counted = surface ?? request.surface ?? surfaceOf(templateOf(config), request.url);
    instrumentsOf(config, counted)(request.method, status, seconds);
    if (status >= 400 && status !== CLIENT_CLOSED) {
      countRefusal(counted, request.refusal ?? codeOf(status));
    }
  };

  app.addHook('onResponse', (request, reply, done) => {
    record(request, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  // A response whose client leaves before its end never finishes (no onResponse): the usual end
  // of a stream, counted 200 as it leaves; any other request then is counted 499. An upgraded
  // WebSocket was counted when it opened.
  app.addHook('onRequestAbort', (request, done) => {
    if (!request.ws) {
      const config = routeConfigOf(request);
      const stream = (request.surface ?? surfaceOf(templateOf(config), request.url)) === 'stream';
      record(request, stream ? 200 : CLIENT_CLOSED, 0);
    }
    done();
  });
  app.addHook('onRoute', (route) => {
    const open = route.wsHandler;
    if (typeof open === 'function') {
      route.wsHandler = function countedUpgrade(socket, request) {
        record(request, 101, 0, 'stream');
        return open.call(this, socket, request);
      };
    }
  });
}
