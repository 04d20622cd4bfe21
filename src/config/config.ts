import { Ajv } from 'ajv';
import { ACCESS_ENV, ACCESS_SECRETS, type AccessConfig, readAccess } from './access.js';
import { BILLING_ENV, BILLING_SECRETS, type BillingConfig, readBilling } from './billing.js';
import { ConfigError } from './config-error.js';
import { DATABASE_ENV, DATABASE_SECRETS, type DatabaseConfig, readDatabase } from './database.js';
import type { EnvOf } from './env.js';
import { GRAPHQL_ENV, type GraphqlConfig, readGraphql } from './graphql.js';
import { HTTP_ENV, type HttpConfig, readHttp } from './http.js';
import { MAIL_ENV, MAIL_SECRETS, type MailConfig, mailConfig } from './mail.js';
import { METRICS_ENV, METRICS_SECRETS, type MetricsConfig, readMetrics } from './metrics.js';
import { REDIS_ENV, REDIS_SECRETS, type RedisConfig, readRedis } from './redis.js';
import { readSources, SOURCES_ENV, type SourcesConfig } from './sources.js';

/**
 * The environment touchline reads (README "Configuration"); the only place `process.env` is read.
 * Each subject's file says its variables; plain JSON Schema checked by Ajv, which loads in a
 * fraction of the time TypeBox's value module takes: every `touchline` command reads the
 * configuration.
 */
const ENV_PROPERTIES = {
  ...HTTP_ENV,
  ...DATABASE_ENV,
  ...REDIS_ENV,
  ...ACCESS_ENV,
  ...GRAPHQL_ENV,
  ...SOURCES_ENV,
  ...METRICS_ENV,
  ...MAIL_ENV,
  ...BILLING_ENV,
} as const;

type Env = EnvOf<typeof ENV_PROPERTIES>;

const validateEnv = new Ajv({ coerceTypes: true, allErrors: true }).compile<Env>({
  type: 'object',
  properties: ENV_PROPERTIES,
});

/**
 * Variables whose value is never printed, not even when it is refused: a token, and the URLs that
 * may carry a password. The error names the variable and says what is wrong with it.
 */
const SECRET_VARIABLES = new Set<string>([
  ...ACCESS_SECRETS,
  ...METRICS_SECRETS,
  ...DATABASE_SECRETS,
  ...REDIS_SECRETS,
  ...MAIL_SECRETS,
  ...BILLING_SECRETS,
]);

export type Config = HttpConfig &
  DatabaseConfig &
  RedisConfig &
  AccessConfig &
  GraphqlConfig &
  SourcesConfig &
  MetricsConfig &
  MailConfig & {
    /** Who takes payments (docs/accounts.md "Billing"): `manual` (default) or `stripe`. */
    readonly billing: BillingConfig;
  };

/** What the schema refuses, one line per variable, a secret's value never shown. */
function schemaProblems(known: Record<string, string | undefined>, converted: unknown): string[] {
  if (validateEnv(converted)) {
    return [];
  }
  const byName = new Map<string, string>();
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
  return [...byName.values()];
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
  const refused = schemaProblems(known, converted);
  const parsed = converted as Env;
  const http = readHttp(parsed);
  const parts = [
    readDatabase(parsed),
    readRedis(parsed),
    readAccess(parsed),
    readGraphql(parsed),
    readSources(parsed),
    readMetrics(parsed),
    readBilling(parsed),
  ] as const;
  const problems = [...refused, ...http.problems, ...parts.flatMap((part) => part.problems)];
  if (problems.length > 0) {
    throw new ConfigError(problems);
  }
  const httpConfig = http.config();
  const [database, redis, access, graphql, sources, metrics, billing] = parts;
  return Object.freeze({
    ...httpConfig,
    ...database.config(),
    ...redis.config(),
    ...access.config(),
    ...graphql.config(),
    ...sources.config(),
    ...metrics.config(),
    ...mailConfig(parsed, httpConfig.baseUrl),
    ...billing.config(),
  });
}
