import { resolve } from 'node:path';
import { Ajv } from 'ajv';
import { ConfigError } from './config-error.js';
import { type HttpTimeouts, parseHttpTimeouts } from './http-timeouts.js';
import { parseProxyPeers } from './proxy-protocol.js';
import { parseRedisClusterNodes, type RedisNode } from './redis.js';
import { parseReplicaUrls } from './replicas.js';

const integer = (minimum: number, maximum: number) =>
  ({ type: 'integer', minimum, maximum }) as const;
const text = (constraint: { minLength: number } | { pattern: string }) =>
  ({ type: 'string', ...constraint }) as const;
const oneOf = <const T extends readonly string[]>(values: T) =>
  ({ type: 'string', enum: values }) as const;

/**
 * The environment touchline reads (README "Configuration"); the only place `process.env` is read.
 * Plain JSON Schema checked by Ajv, which loads in a fraction of the time TypeBox's value
 * module takes: every `touchline` command reads the configuration.
 */
const ENV_PROPERTIES = {
  PORT: integer(0, 65535),
  HOST: text({ minLength: 1 }),
  HTTP_HEADERS_TIMEOUT_MS: integer(100, 600_000),
  HTTP_REQUEST_TIMEOUT_MS: integer(100, 3_600_000),
  HTTP_IDLE_TIMEOUT_MS: integer(100, 3_600_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: integer(100, 3_600_000),
  DATABASE_URL: text({ pattern: '^postgres(ql)?://' }),
  DATABASE_QUERY_TIMEOUT_MS: integer(0, 600_000),
  DATABASE_CONNECT_TIMEOUT_MS: integer(0, 600_000),
  DATABASE_REPLICA_URLS: text({ minLength: 1 }),
  DATABASE_REPLICA_MAX_LAG_MS: integer(0, 86_400_000),
  DATABASE_REPLICA_CHECK_MS: integer(50, 60_000),
  TOUCHLINE_DATA_DIR: text({ minLength: 1 }),
  REDIS_URL: text({ pattern: '^rediss?://' }),
  REDIS_CLUSTER_NODES: text({ minLength: 1 }),
  REDIS_PREFIX: text({ pattern: '^[A-Za-z0-9:_-]{1,64}$' }),
  ADMIN_TOKEN: text({ minLength: 16 }),
  TRUST_PROXY: text({ minLength: 1 }),
  PROXY_PROTOCOL: text({ minLength: 1 }),
  QUOTA_FAILURE_MODE: oneOf(['local', 'open', 'closed']),
  BASE_URL: text({ pattern: '^https?://' }),
  DOCS_URL: text({ pattern: '^https?://' }),
  ASSETS_URL: text({ pattern: '^https?://' }),
  RESPONSE_CACHE: oneOf(['on', 'off']),
  GRAPHQL_MAX_COST: integer(1, 1_000_000),
  TRUSTED_DOCUMENTS: text({ minLength: 1 }),
  TRUSTED_DOCUMENTS_ONLY: oneOf(['true', 'false']),
  ADDRESS_RATE_PER_MINUTE: integer(1, 1_000_000_000),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  LIVE: oneOf(['demo', 'off']),
  LIVE_TICK_MS: integer(100, 600_000),
  LIVE_SEED: integer(1, 2_147_483_647),
  SOURCES: text({ pattern: '^ *[a-z0-9-]+ *(, *[a-z0-9-]+ *)*$' }),
  SOURCE_STALE_AFTER: integer(1, 86_400),
  STREAM_MAX_MS: integer(50, 86_400_000),
  METRICS_TOKEN: text({ minLength: 16 }),
  METRICS_PORT: integer(0, 65535),
  METRICS_HOST: text({ minLength: 1 }),
  SMTP_URL: text({ pattern: '^smtps?://[^\\s]+$' }),
  MAIL_FROM: text({ pattern: '^[^\\r\\n]*@[^\\r\\n]*$' }),
  BILLING_PROVIDER: oneOf(['manual', 'stripe']),
  STRIPE_SECRET_KEY: text({ pattern: '^(sk|rk)_[A-Za-z0-9_]{8,}$' }),
  STRIPE_WEBHOOK_SECRET: text({ pattern: '^whsec_[A-Za-z0-9_+/=]{8,}$' }),
  STRIPE_API_URL: text({ pattern: '^https?://[^/?#]+/?$' }),
} as const;

type EnvValue<S> = S extends { enum: readonly (infer V)[] }
  ? V
  : S extends { type: 'integer' }
    ? number
    : string;
type Env = { -readonly [K in keyof typeof ENV_PROPERTIES]?: EnvValue<(typeof ENV_PROPERTIES)[K]> };

const validateEnv = new Ajv({ coerceTypes: true, allErrors: true }).compile<Env>({
  type: 'object',
  properties: ENV_PROPERTIES,
});

export type QuotaFailureMode = 'local' | 'open' | 'closed';

/**
 * Variables whose value is never printed, not even when it is refused: a token, and the URLs that
 * may carry a password. The error names the variable and says what is wrong with it.
 */
const SECRET_VARIABLES = new Set([
  'ADMIN_TOKEN',
  'METRICS_TOKEN',
  'DATABASE_URL',
  'DATABASE_REPLICA_URLS',
  'REDIS_URL',
  'SMTP_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
]);

export interface Config {
  readonly host: string;
  readonly port: number;
  /** Header, request, idle and keep-alive timeouts of the API's connections. */
  readonly httpTimeouts: HttpTimeouts;
  readonly databaseUrl: string | undefined;
  /**
   * PostgreSQL only: the longest one statement may take (client read timeout and server
   * `statement_timeout`), and the longest to wait for a connection (new or from the pool); 0 = no
   * limit. Past either, the request is answered 503 `upstream_unavailable` (docs/operations.md).
   */
  readonly databaseQueryTimeoutMs: number;
  readonly databaseConnectTimeoutMs: number;
  /**
   * Streaming replicas of DATABASE_URL that serve the football data reads (docs/scale.md "Read
   * replicas"); empty: every read goes to DATABASE_URL. A replica whose lag passes
   * `databaseReplicaMaxLagMs`, or that does not answer, is skipped until it recovers; each is
   * checked every `databaseReplicaCheckMs`.
   */
  readonly databaseReplicaUrls: readonly string[];
  readonly databaseReplicaMaxLagMs: number;
  readonly databaseReplicaCheckMs: number;
  readonly dataDir: string;
  /** One Redis server (REDIS_URL); `redisClusterNodes` names a cluster instead (never both). */
  readonly redisUrl: string | undefined;
  /**
   * Seed nodes of a Redis Cluster (REDIS_CLUSTER_NODES; docs/scale.md "Redis Cluster"); empty
   * without one.
   */
  readonly redisClusterNodes: readonly RedisNode[];
  readonly redisPrefix: string;
  readonly adminToken: string | undefined;
  readonly trustProxy: string | undefined;
  /** Balancers (addresses, CIDRs) whose connections open with a PROXY protocol header. */
  readonly proxyProtocol: string | undefined;
  readonly quotaFailureMode: QuotaFailureMode;
  readonly baseUrl: string;
  readonly docsUrl: string;
  readonly assetsUrl: string;
  readonly logLevel: string;
  /** In-process cache of presented data responses (on by default; off for benchmarks). */
  readonly responseCache: boolean;
  /** The most units one GraphQL operation may reserve (docs/graphql.md "Limits"). */
  readonly graphqlMaxCost: number;
  /**
   * The manifest of trusted GraphQL documents (TRUSTED_DOCUMENTS, default
   * `./trusted-documents.json`): sha256 of a document's text -> the text, written by `touchline
   * documents add`, read at start (docs/graphql.md "Trusted documents").
   */
  readonly trustedDocuments: string;
  /** TRUSTED_DOCUMENTS_ONLY=true: only registered documents run; any other text is refused. */
  readonly trustedDocumentsOnly: boolean;
  /** Keyless requests allowed per address (per /64 for IPv6) per minute (docs/access.md). */
  readonly addressRatePerMinute: number;
  /**
   * LIVE (docs/live.md): `demo` moves the demo's matches in real time (the default on the
   * embedded database), `off` leaves the data as it is (the default with DATABASE_URL or
   * SOURCES).
   */
  readonly live: 'demo' | 'off';
  /** How often the live engine moves the matches (LIVE_TICK_MS, default 5 s). */
  readonly liveTickMs: number;
  /** The seed the demo data was generated with (LIVE_SEED; unset: the demo's default). */
  readonly liveSeed: number | undefined;
  /**
   * SOURCES (docs/sources.md): providers the server syncs in-process under the writer lease,
   * e.g. `football-data-org,the-odds-api`; none by default.
   */
  readonly sources: readonly string[];
  /**
   * SOURCE_STALE_AFTER, seconds (default 60): a source silent longer than this while it has live
   * matches makes the live lists answer 503 `upstream_unavailable` (DECISIONS.md "Sources").
   */
  readonly sourceStaleAfterSeconds: number;
  /**
   * How long a push stream stays open before it ends and the client resumes from its last event
   * (STREAM_MAX_MS, default one hour; docs/push.md): streams move between instances as they
   * restart or scale.
   */
  readonly streamMaxMs: number;
  /**
   * /metrics (docs/operations.md "Metrics"): off unless one of these is set. METRICS_PORT serves
   * it on a listener of its own (on METRICS_HOST, 127.0.0.1 by default) and never on the API's
   * port; METRICS_TOKEN alone serves it on the API's port to `Authorization: Bearer <token>`
   * only (with METRICS_PORT, the token is asked there too).
   */
  readonly metricsToken: string | undefined;
  readonly metricsPort: number | undefined;
  readonly metricsHost: string;
  /**
   * Where account mail (verification, sign-in and invitation links) is sent: SMTP_URL
   * (`smtp://` or `smtps://`, credentials in the URL); unset: each mail is written to the log at
   * info level instead (development; docs/accounts.md). Links start with `baseUrl`.
   */
  readonly smtpUrl: string | undefined;
  /** The sender of account mail (MAIL_FROM; default `touchline <no-reply@BASE_URL's host>`). */
  readonly mailFrom: string;
  /** Who takes payments (docs/accounts.md "Billing"): `manual` (default) or `stripe`. */
  readonly billing: BillingConfig;
}

export type BillingConfig =
  | { readonly provider: 'manual' }
  | {
      readonly provider: 'stripe';
      readonly secretKey: string;
      readonly webhookSecret: string;
      /** STRIPE_API_URL: where the Stripe API is (default https://api.stripe.com; tests: a stand-in). */
      readonly apiUrl: string;
    };

export type { RedisNode };
export { ConfigError };

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The default sender: no-reply at BASE_URL's host name (`localhost` when that is an address). */
function defaultMailFrom(baseUrl: string): string {
  const host = new URL(baseUrl).hostname;
  const domain = /^[0-9.]+$|^\[/.test(host) || !host.includes('.') ? 'localhost' : host;
  return `touchline <no-reply@${domain}>`;
}

/**
 * Whether team logos point at this server's own `/assets` (ASSETS_URL unset, or set to that):
 * then it serves them (generated crests); another ASSETS_URL is someone else's to serve.
 */
export const servesOwnAssets = (config: Pick<Config, 'baseUrl' | 'assetsUrl'>): boolean =>
  config.assetsUrl === `${config.baseUrl}/assets`;

/** What is wrong with the metrics variables together (each alone is checked by the schema). */
function metricsProblems(env: Env): string[] {
  const problems: string[] = [];
  if (env.METRICS_HOST !== undefined && env.METRICS_PORT === undefined) {
    problems.push('METRICS_HOST: set METRICS_PORT too (METRICS_HOST is where that listener binds)');
  }
  if (
    env.METRICS_PORT !== undefined &&
    env.METRICS_PORT !== 0 &&
    env.METRICS_PORT === (env.PORT ?? 3000)
  ) {
    problems.push(`METRICS_PORT=${env.METRICS_PORT}: must differ from PORT (the API's port)`);
  }
  return problems;
}

/** Stripe needs both of its secrets: without them it could neither charge nor hear back. */
function billingProblems(env: Env): string[] {
  if (env.BILLING_PROVIDER !== 'stripe') {
    return [];
  }
  return (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const)
    .filter((name) => env[name] === undefined)
    .map((name) => `${name}: required when BILLING_PROVIDER=stripe`);
}

function billingConfig(env: Env): BillingConfig {
  if (env.BILLING_PROVIDER !== 'stripe' || !env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
    return { provider: 'manual' };
  }
  return Object.freeze({
    provider: 'stripe',
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    apiUrl: trimSlash(env.STRIPE_API_URL ?? 'https://api.stripe.com'),
  });
}

/** Parses the environment once; every problem is reported together. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known: Record<string, string | undefined> = Object.fromEntries(
    Object.keys(ENV_PROPERTIES)
      .filter((name) => env[name] !== undefined && env[name] !== '')
      .map((name) => [name, env[name]]),
  );
  // Ajv coerces in place: validate a copy, so the refused values are shown as they were given.
  const converted: Record<string, unknown> = { ...known };
  const valid = validateEnv(converted);
  const byName = new Map<string, string>();
  if (!valid) {
    for (const e of validateEnv.errors ?? []) {
      const name = e.instancePath.replace(/^\//, '') || 'environment';
      if (!byName.has(name)) {
        const shown = SECRET_VARIABLES.has(name)
          ? '(value not shown: it is a secret)'
          : `=${JSON.stringify(known[name])}`;
        byName.set(
          name,
          `${name}${SECRET_VARIABLES.has(name) ? ' ' : ''}${shown}: ${e.message ?? 'invalid'}`,
        );
      }
    }
  }
  const parsed = converted as Env;
  const replicas = parseReplicaUrls(parsed.DATABASE_REPLICA_URLS, parsed.DATABASE_URL);
  const cluster = parseRedisClusterNodes(parsed.REDIS_CLUSTER_NODES, parsed.REDIS_URL);
  const http = parseHttpTimeouts(parsed);
  const problems = [
    ...byName.values(),
    ...http.problems,
    ...replicas.problems,
    ...cluster.problems,
    ...parseProxyPeers(parsed.PROXY_PROTOCOL).problems,
    ...metricsProblems(parsed),
    ...billingProblems(parsed),
  ];
  if (problems.length > 0) {
    throw new ConfigError(problems);
  }
  const host = parsed.HOST ?? '127.0.0.1';
  const port = parsed.PORT ?? 3000;
  const baseUrl = trimSlash(
    parsed.BASE_URL ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
  );
  return Object.freeze({
    host,
    port,
    httpTimeouts: http.timeouts,
    databaseUrl: parsed.DATABASE_URL,
    databaseQueryTimeoutMs: parsed.DATABASE_QUERY_TIMEOUT_MS ?? 5000,
    databaseConnectTimeoutMs: parsed.DATABASE_CONNECT_TIMEOUT_MS ?? 5000,
    databaseReplicaUrls: Object.freeze(replicas.urls),
    databaseReplicaMaxLagMs: parsed.DATABASE_REPLICA_MAX_LAG_MS ?? 2000,
    databaseReplicaCheckMs: parsed.DATABASE_REPLICA_CHECK_MS ?? 500,
    dataDir: resolve(parsed.TOUCHLINE_DATA_DIR ?? './data'),
    redisUrl: parsed.REDIS_URL,
    redisClusterNodes: Object.freeze(cluster.nodes.map((node) => Object.freeze(node))),
    redisPrefix: parsed.REDIS_PREFIX ?? 'tl:v1',
    adminToken: parsed.ADMIN_TOKEN,
    trustProxy: parsed.TRUST_PROXY,
    proxyProtocol: parsed.PROXY_PROTOCOL,
    quotaFailureMode: parsed.QUOTA_FAILURE_MODE ?? 'local',
    baseUrl,
    docsUrl: trimSlash(parsed.DOCS_URL ?? `${baseUrl}/docs`),
    assetsUrl: trimSlash(parsed.ASSETS_URL ?? `${baseUrl}/assets`),
    logLevel: parsed.LOG_LEVEL ?? 'info',
    responseCache: parsed.RESPONSE_CACHE !== 'off',
    graphqlMaxCost: parsed.GRAPHQL_MAX_COST ?? 1000,
    trustedDocuments: resolve(parsed.TRUSTED_DOCUMENTS ?? './trusted-documents.json'),
    trustedDocumentsOnly: parsed.TRUSTED_DOCUMENTS_ONLY === 'true',
    // DECISIONS.md "Access": 600 keyless requests per minute per address.
    addressRatePerMinute: parsed.ADDRESS_RATE_PER_MINUTE ?? 600,
    live: parsed.LIVE ?? (parsed.DATABASE_URL || parsed.SOURCES ? 'off' : 'demo'),
    liveTickMs: parsed.LIVE_TICK_MS ?? 5000,
    liveSeed: parsed.LIVE_SEED,
    sources: (parsed.SOURCES ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
    sourceStaleAfterSeconds: parsed.SOURCE_STALE_AFTER ?? 60,
    streamMaxMs: parsed.STREAM_MAX_MS ?? 3_600_000,
    metricsToken: parsed.METRICS_TOKEN,
    metricsPort: parsed.METRICS_PORT,
    metricsHost: parsed.METRICS_HOST ?? '127.0.0.1',
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM ?? defaultMailFrom(baseUrl),
    billing: billingConfig(parsed),
  });
}
