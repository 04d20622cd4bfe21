/**
 * How long a connection may take over a request and sit idle (docs/operations.md "Timeouts").
 * A client that sends headers and part of a body, or trickles them, is cut off here: behind a
 * balancer in TCP mode nothing else reads HTTP, so nothing else can.
 */
export interface HttpTimeouts {
  /** HTTP_HEADERS_TIMEOUT_MS: the request line and headers must arrive within this. */
  readonly headersMs: number;
  /** HTTP_REQUEST_TIMEOUT_MS: the whole request, headers and body, must arrive within this. */
  readonly requestMs: number;
  /**
   * HTTP_IDLE_TIMEOUT_MS: a connection with nothing read or written for this long is closed
   * (streams excepted: their heartbeats and the slow-reader bound look after them).
   */
  readonly idleMs: number;
  /** HTTP_KEEP_ALIVE_TIMEOUT_MS: a kept-alive connection waits this long for its next request. */
  readonly keepAliveMs: number;
}

const HTTP_TIMEOUT_DEFAULTS: HttpTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  idleMs: 120_000,
  // Fastify's default: longer than a balancer's idle timeout (HAProxy's `timeout client`
  // excepted, deploy/haproxy.cfg), so the instance, not the balancer, closes an idle connection.
  keepAliveMs: 72_000,
};

export function parseHttpTimeouts(env: {
  HTTP_HEADERS_TIMEOUT_MS?: number;
  HTTP_REQUEST_TIMEOUT_MS?: number;
  HTTP_IDLE_TIMEOUT_MS?: number;
  HTTP_KEEP_ALIVE_TIMEOUT_MS?: number;
}): { timeouts: HttpTimeouts; problems: string[] } {
  const timeouts = Object.freeze({
    headersMs: env.HTTP_HEADERS_TIMEOUT_MS ?? HTTP_TIMEOUT_DEFAULTS.headersMs,
    requestMs: env.HTTP_REQUEST_TIMEOUT_MS ?? HTTP_TIMEOUT_DEFAULTS.requestMs,
    idleMs: env.HTTP_IDLE_TIMEOUT_MS ?? HTTP_TIMEOUT_DEFAULTS.idleMs,
    keepAliveMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS ?? HTTP_TIMEOUT_DEFAULTS.keepAliveMs,
  });
  // Node refuses a headers timeout longer than the request's, which includes the headers.
  const problems =
    timeouts.headersMs > timeouts.requestMs
      ? [
          `HTTP_HEADERS_TIMEOUT_MS=${timeouts.headersMs}: must not be longer than HTTP_REQUEST_TIMEOUT_MS (${timeouts.requestMs}), which includes the headers`,
        ]
      : [];
  return { timeouts, problems };
}
