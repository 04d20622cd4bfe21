import { resolve } from 'node:path';
import Type, { type Static } from 'typebox';
import Value from 'typebox/value';

/** The environment touchline reads (README "Configuration"); the only place `process.env` is read. */
const EnvSchema = Type.Object({
  PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
  HOST: Type.Optional(Type.String({ minLength: 1 })),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  DATABASE_QUERY_TIMEOUT_MS: Type.Optional(Type.Integer({ minimum: 0, maximum: 600_000 })),
  DATABASE_CONNECT_TIMEOUT_MS: Type.Optional(Type.Integer({ minimum: 0, maximum: 600_000 })),
  TOUCHLINE_DATA_DIR: Type.Optional(Type.String({ minLength: 1 })),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  REDIS_PREFIX: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9:_-]{1,64}$' })),
  ADMIN_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
  TRUST_PROXY: Type.Optional(Type.String({ minLength: 1 })),
  QUOTA_FAILURE_MODE: Type.Optional(
    Type.Union([Type.Literal('local'), Type.Literal('open'), Type.Literal('closed')]),
  ),
  BASE_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  DOCS_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  ASSETS_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  RESPONSE_CACHE: Type.Optional(Type.Union([Type.Literal('on'), Type.Literal('off')])),
  GRAPHQL_MAX_COST: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  ADDRESS_RATE_PER_MINUTE: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000_000 })),
  LOG_LEVEL: Type.Optional(
    Type.Union(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    ),
  ),
});

export type QuotaFailureMode = 'local' | 'open' | 'closed';

/**
 * Variables whose value is never printed, not even when it is refused: a token, and the URLs that
 * may carry a password. The error names the variable and says what is wrong with it.
 */
const SECRET_VARIABLES = new Set(['ADMIN_TOKEN', 'DATABASE_URL', 'REDIS_URL']);

export interface Config {
  readonly host: string;
  readonly port: number;
  readonly databaseUrl: string | undefined;
  /**
   * PostgreSQL only: the longest one statement may take (client read timeout and server
   * `statement_timeout`), and the longest to wait for a connection (new or from the pool); 0 = no
   * limit. Past either, the request is answered 503 `upstream_unavailable` (docs/operations.md).
   */
  readonly databaseQueryTimeoutMs: number;
  readonly databaseConnectTimeoutMs: number;
  readonly dataDir: string;
  readonly redisUrl: string | undefined;
  readonly redisPrefix: string;
  readonly adminToken: string | undefined;
  readonly trustProxy: string | undefined;
  readonly quotaFailureMode: QuotaFailureMode;
  readonly baseUrl: string;
  readonly docsUrl: string;
  readonly assetsUrl: string;
  readonly logLevel: string;
  /** In-process cache of presented data responses (on by default; off for benchmarks). */
  readonly responseCache: boolean;
  /** The most units one GraphQL operation may reserve (docs/graphql.md "Limits"). */
  readonly graphqlMaxCost: number;
  /** Keyless requests allowed per address (per /64 for IPv6) per minute (docs/access.md). */
  readonly addressRatePerMinute: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration: ${problems.join('; ')}`);
  }
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** Parses the environment once; every problem is reported together. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(EnvSchema.properties)
      .filter((name) => env[name] !== undefined && env[name] !== '')
      .map((name) => [name, env[name]]),
  );
  const converted = Value.Convert(EnvSchema, known);
  if (!Value.Check(EnvSchema, converted)) {
    const byName = new Map<string, string>();
    for (const e of Value.Errors(EnvSchema, converted)) {
      const name = e.instancePath.replace(/^\//, '') || 'environment';
      if (!byName.has(name)) {
        const shown = SECRET_VARIABLES.has(name)
          ? '(value not shown: it is a secret)'
          : `=${JSON.stringify(known[name])}`;
        byName.set(name, `${name}${SECRET_VARIABLES.has(name) ? ' ' : ''}${shown}: ${e.message}`);
      }
    }
    throw new ConfigError([...byName.values()]);
  }
  const parsed: Static<typeof EnvSchema> = converted;
  const host = parsed.HOST ?? '127.0.0.1';
  const port = parsed.PORT ?? 3000;
  const baseUrl = trimSlash(
    parsed.BASE_URL ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
  );
  return Object.freeze({
    host,
    port,
    databaseUrl: parsed.DATABASE_URL,
    databaseQueryTimeoutMs: parsed.DATABASE_QUERY_TIMEOUT_MS ?? 5000,
    databaseConnectTimeoutMs: parsed.DATABASE_CONNECT_TIMEOUT_MS ?? 5000,
    dataDir: resolve(parsed.TOUCHLINE_DATA_DIR ?? './data'),
    redisUrl: parsed.REDIS_URL,
    redisPrefix: parsed.REDIS_PREFIX ?? 'tl:v1',
    adminToken: parsed.ADMIN_TOKEN,
    trustProxy: parsed.TRUST_PROXY,
    quotaFailureMode: parsed.QUOTA_FAILURE_MODE ?? 'local',
    baseUrl,
    docsUrl: trimSlash(parsed.DOCS_URL ?? `${baseUrl}/docs`),
    assetsUrl: trimSlash(parsed.ASSETS_URL ?? `${baseUrl}/assets`),
    logLevel: parsed.LOG_LEVEL ?? 'info',
    responseCache: parsed.RESPONSE_CACHE !== 'off',
    graphqlMaxCost: parsed.GRAPHQL_MAX_COST ?? 1000,
    // DECISIONS.md "Access": 600 keyless requests per minute per address.
    addressRatePerMinute: parsed.ADDRESS_RATE_PER_MINUTE ?? 600,
  });
}
