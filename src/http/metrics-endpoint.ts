import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { ApiError } from '../errors/api-error.js';
import { tokenDigest, tokenMatches } from './bearer-token.js';

const METRICS_PATH = '/metrics';

const CHALLENGE = 'Bearer realm="touchline-metrics"';

/** Checks the scrape's bearer token, when one is configured. */
const admits = (expected: Buffer | undefined, authorization: string | undefined) =>
  expected === undefined || tokenMatches(authorization, expected);

/**
 * `GET /metrics` on the API's own port (METRICS_TOKEN set, METRICS_PORT not): the Prometheus text
 * of `registry` to a scrape with `Authorization: Bearer <METRICS_TOKEN>`, 401 `unauthorized` to
 * anyone else. Not keyless traffic (no address limit), no API key or quota, not counted in the
 * request metrics itself.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  options: { registry: Registry; token: string },
): void {
  const expected = tokenDigest(options.token);
  app.get(
    METRICS_PATH,
    { schema: { hide: true }, config: { addressLimit: false, metrics: false } },
    async (request, reply) => {
      if (!admits(expected, request.headers.authorization)) {
        reply.header('www-authenticate', CHALLENGE);
        throw new ApiError(
          'unauthorized',
          'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>',
        );
      }
      const text = await options.registry.metrics();
      return reply.type(options.registry.contentType).send(text);
    },
  );
}

export interface MetricsServer {
  /** `http://host:port`, the port the listener got (METRICS_PORT=0 in tests). */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The metrics listener of its own (METRICS_PORT, on METRICS_HOST: 127.0.0.1 by default), apart
 * from the API's port: only `GET /metrics` (with the token when METRICS_TOKEN is set too); every
 * other request is 404. A bare `node:http` server: it has nothing of the API to serve.
 */
export async function startMetricsServer(options: {
  registry: Registry;
  host: string;
  port: number;
  token?: string | undefined;
}): Promise<MetricsServer> {
  const expected = options.token === undefined ? undefined : tokenDigest(options.token);
  const answer = (res: ServerResponse, status: number, text: string, type = 'text/plain') => {
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url?.split('?', 1)[0];
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      answer(res, 404, 'not found\n');
      return;
    }
    if (!admits(expected, req.headers.authorization)) {
      res.setHeader('www-authenticate', CHALLENGE);
      answer(res, 401, 'unauthorized\n');
      return;
    }
    options.registry.metrics().then(
      (text) => answer(res, 200, text, options.registry.contentType),
      () => answer(res, 500, 'metrics could not be collected\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
