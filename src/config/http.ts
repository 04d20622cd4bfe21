import { type EnvOf, integer, oneOf, type Reading, text, trimSlash } from './env.js';
import { type HttpTimeouts, parseHttpTimeouts } from './http-timeouts.js';
import { parseProxyPeers } from './proxy-protocol.js';

/** The listener, its connections, the addresses it is reached at, and what its answers keep. */
export const HTTP_ENV = {
  PORT: integer(0, 65535),
  HOST: text({ minLength: 1 }),
  HTTP_HEADERS_TIMEOUT_MS: integer(100, 600_000),
  HTTP_REQUEST_TIMEOUT_MS: integer(100, 3_600_000),
  HTTP_IDLE_TIMEOUT_MS: integer(100, 3_600_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: integer(100, 3_600_000),
  TRUST_PROXY: text({ minLength: 1 }),
  PROXY_PROTOCOL: text({ minLength: 1 }),
  BASE_URL: text({ pattern: '^https?://' }),
  DOCS_URL: text({ pattern: '^https?://' }),
  ASSETS_URL: text({ pattern: '^https?://' }),
  RESPONSE_CACHE: oneOf(['on', 'off']),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  STREAM_MAX_MS: integer(50, 86_400_000),
} as const;

export interface HttpConfig {
  readonly host: string;
  readonly port: number;
  /** Header, request, idle and keep-alive timeouts of the API's connections. */
  readonly httpTimeouts: HttpTimeouts;
  readonly trustProxy: string | undefined;
  /** Balancers (addresses, CIDRs) whose connections open with a PROXY protocol header. */
  readonly proxyProtocol: string | undefined;
  readonly baseUrl: string;
  readonly docsUrl: string;
  readonly assetsUrl: string;
  readonly logLevel: string;
  /** In-process cache of presented data responses (on by default; off for benchmarks). */
  readonly responseCache: boolean;
  /**
   * How long a push stream stays open before it ends and the client resumes from its last event
   * (STREAM_MAX_MS, default one hour; docs/push.md): streams move between instances as they
   * restart or scale.
   */
  readonly streamMaxMs: number;
}

export function readHttp(env: EnvOf<typeof HTTP_ENV>): Reading<HttpConfig> {
  const http = parseHttpTimeouts(env);
  return {
    problems: [...http.problems, ...parseProxyPeers(env.PROXY_PROTOCOL).problems],
    config() {
      const host = env.HOST ?? '127.0.0.1';
      const port = env.PORT ?? 3000;
      const baseUrl = trimSlash(
        env.BASE_URL ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      );
      return {
        host,
        port,
        httpTimeouts: http.timeouts,
        trustProxy: env.TRUST_PROXY,
        proxyProtocol: env.PROXY_PROTOCOL,
        baseUrl,
        docsUrl: trimSlash(env.DOCS_URL ?? `${baseUrl}/docs`),
        assetsUrl: trimSlash(env.ASSETS_URL ?? `${baseUrl}/assets`),
        logLevel: env.LOG_LEVEL ?? 'info',
        responseCache: env.RESPONSE_CACHE !== 'off',
        streamMaxMs: env.STREAM_MAX_MS ?? 3_600_000,
      };
    },
  };
}

/**
 * Whether team logos point at this server's own `/assets` (ASSETS_URL unset, or set to that):
 * then it serves them (generated crests); another ASSETS_URL is someone else's to serve.
 */
export const servesOwnAssets = (config: Pick<HttpConfig, 'baseUrl' | 'assetsUrl'>): boolean =>
  config.assetsUrl === `${config.baseUrl}/assets`;
