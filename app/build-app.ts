import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { registerOpenApi } from '../rest/openapi.js';
import { restPlugin } from '../rest/plugin.js';
import { adminPlugin } from '../src/admin/plugin.js';
import { assetsPlugin } from '../src/assets/plugin.js';
import { billingWebhooksPlugin } from '../src/billing-webhooks/plugin.js';
import type { Config } from '../src/config/config.js';
import { servesOwnAssets } from '../src/config/http.js';
import { parseProxyPeers } from '../src/config/proxy-protocol.js';
import type { Deps } from '../src/deps.js';
import { docsPlugin } from '../src/docs/plugin.js';
import { loadTrustedStore, type TrustedStore } from '../src/graphql/documents/trusted-store.js';
import { graphqlPlugin } from '../src/graphql/plugin.js';
import { schema } from '../src/graphql/schema/schema.js';
import { healthRoutes } from '../src/health/plugin.js';
import { registerAddressLimit } from '../src/http/address-limit.js';
import { registerDrain, type ShutdownState } from '../src/http/drain.js';
import { registerFiniteParameters } from '../src/http/finite-parameters.js';
import { registerHttpMetrics } from '../src/http/http-metrics.js';
import { registerContentLanguage } from '../src/http/language.js';
import { lazyChildLogger } from '../src/http/lazy-child-logger.js';
import { lazySerializerFactory } from '../src/http/lazy-serializers.js';
import { registerMetricsRoute } from '../src/http/metrics-endpoint.js';
import { registerProblemHandlers } from '../src/http/problem.js';
import { acceptProxyProtocol } from '../src/http/proxy-protocol.js';
import { createQuerystringParser } from '../src/http/querystring.js';
import { registerRequestId, requestIdOf } from '../src/http/request-id.js';
import { registerRouteConfig } from '../src/http/route-config.js';
import {
  registerStreamsOutliveIdleTimeout,
  serverTimeoutOptions,
} from '../src/http/server-timeouts.js';
import { registerStrictIntegers } from '../src/http/strict-integers.js';
import { clientErrorHandler, frameworkErrors } from '../src/http/transport-errors.js';
import { registerUrlCredentialCheck } from '../src/http/url-credentials.js';
import { livePagePlugin } from '../src/live-page/plugin.js';
import { createMailer } from '../src/mail/mailer.js';
import { carriesKeyPrefix } from '../src/policy/query-credentials.js';
import { createPush } from '../src/push/push.js';
import { webPlugin } from '../src/web/plugin.js';
import { pricingPagePlugin } from '../src/web/pricing/plugin.js';

/** Keys and tokens never reach the logs (DECISIONS.md "Access"). */
const REDACTED_HEADERS = ['req.headers.authorization', 'req.headers["x-api-key"]'];

/**
 * The query string is logged by parameter name only, and a name that carries a key prefix not
 * at all: a key pasted into a URL is never written.
 */
export function redactUrl(url: string): string {
  const [path, query] = url.split('?', 2);
  if (!query) {
    return url;
  }
  const names = [...new URLSearchParams(query).keys()].map((n) =>
    carriesKeyPrefix(n) ? '[redacted]' : encodeURIComponent(n),
  );
  return `${path}?${names.map((n) => `${n}=[redacted]`).join('&')}`;
}

const requestSerializer = (req: { method: string; url: string; ip?: string }) => ({
  method: req.method,
  url: redactUrl(req.url),
  remoteAddress: req.ip ?? '',
});

/** TRUST_PROXY: a hop count, or a comma list of proxy addresses/CIDRs (proxy-addr semantics). */
export function parseTrustProxy(
  value: string | undefined,
): ((address: string, hop: number) => boolean) | string[] | false {
  if (!value) {
    return false;
  }
  if (/^[0-9]+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

export interface BuildOptions {
  /** The process's shutdown flag (serve.ts): while it is set, requests are refused 503. */
  shutdown?: ShutdownState;
  /**
   * Benchmarks only (bench/gate-off-server.ts): without the access gate, REST routes answer
   * without keys, counters or quota headers, to measure what the gate costs. No configuration
   * or environment variable can turn it off.
   */
  accessGate?: boolean;
  /** The trusted documents, when the caller read them already (serve.ts, before anything else). */
  trustedDocuments?: TrustedStore;
  /** Where the log lines go (default: stdout); tests read them back. */
  logStream?: DestinationStream;
}

/**
 * TRUSTED_DOCUMENTS, read and checked against the schema (docs/graphql.md "Trusted documents"):
 * a manifest that is not one, or holds a document the schema refuses, is a ConfigError.
 */
export const loadTrustedDocuments = (config: Pick<Config, 'trustedDocuments'>) =>
  loadTrustedStore(schema, config.trustedDocuments);

/** The Fastify instance and its settings: logging, request ids, parsers, errors, timeouts. */
function createFastify(config: Config, options: BuildOptions): FastifyInstance {
  return Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED_HEADERS, censor: '[redacted]' },
      serializers: { req: requestSerializer },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // X-Request-Id: the client's or balancer's when well-formed, else a new one (request-id.ts).
    // Each request's logger binds its id; pino's child is made at its first line (lazy-child-logger.ts).
    childLoggerFactory: lazyChildLogger,
    genReqId: requestIdOf,
    requestIdHeader: false,
    trustProxy: parseTrustProxy(config.trustProxy),
    // Long query strings (a GraphQL GET's) are parsed once while they keep coming (querystring.ts).
    routerOptions: { querystringParser: createQuerystringParser() },
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false } },
    schemaController: { compilersFactory: { buildSerializer: lazySerializerFactory() } },
    frameworkErrors: frameworkErrors(config.docsUrl),
    clientErrorHandler: clientErrorHandler(config.docsUrl),
    ...serverTimeoutOptions(config.httpTimeouts),
  });
}

/** What every request meets before any door: the connection, the root hooks, validation. */
function registerShell(
  app: FastifyInstance,
  config: Config,
  deps: Deps,
  options: BuildOptions,
): void {
  // Before anything reads a socket's address: behind a TCP balancer it is the header's client.
  const proxyPeers = parseProxyPeers(config.proxyProtocol).peers;
  if (proxyPeers) {
    acceptProxyProtocol(app.server, proxyPeers, (reason, peer) =>
      app.log.warn({ peer, reason }, 'connection refused: PROXY protocol'),
    );
  }
  registerRouteConfig(app);
  registerProblemHandlers(app, config.docsUrl);
  // First of all hooks: every answer, refusals included, carries its request id; every answer
  // is counted (docs/operations.md "Metrics").
  registerRequestId(app);
  registerHttpMetrics(app, deps.metrics);
  // Root hooks, in the order they run: a draining process closes each connection after its answer; a
  // credential in the URL is refused before any key or counter is looked at; keyless traffic
  // counts on its address. Every response then says its language (before the cache stores it).
  registerDrain(app, options.shutdown ?? { closing: false });
  registerStreamsOutliveIdleTimeout(app);
  registerUrlCredentialCheck(app);
  registerAddressLimit(app, deps.access.addresses);
  registerContentLanguage(app);
  // Validation steps of every route: integers as text first, then finite numbers; their hooks
  // run before the REST policy's rate and quota steps (DECISIONS.md "Access" order) and on the
  // admin API too.
  registerStrictIntegers(app);
  registerFiniteParameters(app);
}

/** The data doors: REST /v1 (with its OpenAPI document) and /graphql, over one change hub. */
async function registerDataDoors(
  app: FastifyInstance,
  config: Config,
  deps: Deps,
  options: BuildOptions,
): Promise<void> {
  // One change hub for every push door; open streams end before the server closes.
  const push = createPush(deps, config.assetsUrl);
  deps.metrics.sources.openStreams = push.openStreams;
  app.addHook('preClose', async () => push.endAll());
  app.addHook('onClose', async () => push.close());
  await app.register(healthRoutes, { deps });
  // /metrics on this port only with its token and no listener of its own (config.ts).
  if (config.metricsToken && config.metricsPort === undefined) {
    registerMetricsRoute(app, { registry: deps.metrics.registry, token: config.metricsToken });
  }
  await registerOpenApi(app, config);
  await app.register(restPlugin, {
    deps,
    docsUrl: config.docsUrl,
    assetsUrl: config.assetsUrl,
    responseCache: config.responseCache,
    accessGate: options.accessGate ?? true,
    streamMaxMs: config.streamMaxMs,
    push,
  });
  await app.register(graphqlPlugin, {
    deps,
    assetsUrl: config.assetsUrl,
    maxCost: config.graphqlMaxCost,
    readCache: config.responseCache,
    push,
    trusted: options.trustedDocuments ?? (await loadTrustedDocuments(config)),
    trustedOnly: config.trustedDocumentsOnly,
    dataDir: config.dataDir,
  });
}

/** The pages and the operators' doors: docs, /live, accounts, pricing, crests, webhooks, admin. */
async function registerPagesAndAdmin(
  app: FastifyInstance,
  config: Config,
  deps: Deps,
): Promise<void> {
  await app.register(docsPlugin);
  await app.register(livePagePlugin, { assetsUrl: config.assetsUrl });
  // Account mail: SMTP_URL, else the link goes to this log (development; docs/accounts.md).
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    baseUrl: config.baseUrl,
    log: (mail, message) => app.log.info({ mail }, message),
  });
  app.addHook('onClose', async () => mailer.close());
  await app.register(webPlugin, {
    services: deps.services,
    signIns: deps.access.signIns,
    mailer,
    baseUrl: config.baseUrl,
    events: deps.events,
    now: deps.clock.now,
  });
  await app.register(pricingPagePlugin, {
    plans: deps.services.plans,
    events: deps.events,
    clock: deps.clock,
    docsUrl: config.docsUrl,
  });
  if (servesOwnAssets(config)) {
    await app.register(assetsPlugin, { teams: deps.services.teams });
  }
  if (deps.services.stripeWebhooks) {
    await app.register(billingWebhooksPlugin, { webhooks: deps.services.stripeWebhooks });
  }
  if (config.adminToken) {
    await app.register(adminPlugin, {
      prefix: '/admin/v1',
      token: config.adminToken,
      services: deps.services,
    });
  }
}

export async function buildApp(
  config: Config,
  deps: Deps,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = createFastify(config, options);
  registerShell(app, config, deps, options);
  await registerDataDoors(app, config, deps, options);
  await registerPagesAndAdmin(app, config, deps);
  return app;
}
