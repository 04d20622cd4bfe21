import type { FastifyInstance } from 'fastify';
import { findActiveDemoKey } from '../accounts/demo-setup.js';
import type { Deps } from '../deps.js';
import { registerCompression } from '../http/compression.js';
import { negotiateLanguage } from '../http/language.js';
import { rawKeyOf } from '../policy/raw-key.js';
import type { Push } from '../push/push.js';
import { createDocumentCaches } from './documents/document-cache.js';
import type { TrustedStore } from './documents/trusted-store.js';
import { createGraphiqlPage } from './graphiql/graphiql-page.js';
import { createOperationCache } from './operation-cache/operation-cache.js';
import { createReadCache } from './schema/read-cache.js';
import { createGraphqlYoga } from './transport/create-yoga.js';
import { registerGraphqlErrors } from './transport/http-errors.js';
import { OperationRunner } from './transport/operation-runner.js';
import { registerGraphqlRoutes } from './transport/routes.js';
import { graphqlWebSocket } from './transport/websocket.js';

export interface GraphqlPluginOptions {
  deps: Deps;
  assetsUrl: string;
  /**
   * RESPONSE_CACHE: share the loaders' reads across requests, and answer repeated operations
   * from the operation cache, until data changes.
   */
  readCache: boolean;
  /** GRAPHQL_MAX_COST: the most units one operation may reserve (the key's rate caps it too). */
  maxCost: number;
  /** Where subscriptions read changes from (shared with the SSE route). */
  push: Push;
  /** The registered documents (TRUSTED_DOCUMENTS), answered by hash. */
  trusted: TrustedStore;
  /** TRUSTED_DOCUMENTS_ONLY: a document sent as text must be a registered one. */
  trustedOnly: boolean;
  /**
   * TOUCHLINE_DATA_DIR, where `npm start` writes the demo keys: GraphiQL's Headers tab holds the
   * demo Pro key on a local-only server with the demo data (src/graphql/graphiql/graphiql-page.ts).
   */
  dataDir: string;
}

/**
 * `/graphql`: the nested match graph over the same services and access policy as REST. Built
 * here from its rooms: the caches, yoga (transport/create-yoga.ts), the WebSocket door, the
 * routes (transport/routes.ts) and the answer path (transport/operation-runner.ts).
 */
export async function graphqlPlugin(app: FastifyInstance, options: GraphqlPluginOptions) {
  const { deps } = options;
  const readCache = options.readCache
    ? createReadCache(deps.events, { onLookup: deps.metrics.cacheLookup('graphql_read') })
    : undefined;
  const operations = options.readCache ? operationCacheOf(options) : undefined;
  const documents = createDocumentCaches();
  const graphiql = createGraphiqlPage({
    findDemoKey: () =>
      findActiveDemoKey(deps.database.prisma, options.dataDir, 'Pro', deps.clock.now()),
  });
  app.addHook('onClose', async () => {
    documents.close();
    operations?.close();
    readCache?.close();
  });
  const yoga = createGraphqlYoga({ ...options, readCache, documents, graphiql, log: app.log });
  const upgraded = await graphqlWebSocket(app, { yoga, gate: deps.access.gate });

  registerGraphqlErrors(app);
  // The GraphiQL page inlines a 9 MB bundle; results of nested pages are large too.
  await registerCompression(app);
  if (operations) {
    app.addHook('onSend', (req, reply, payload, done) => {
      operations.remember(req, reply, payload);
      done(null, payload);
    });
  }
  const runner = new OperationRunner({
    yoga,
    gate: deps.access.gate,
    operations,
    trustedOnly: options.trustedOnly,
    now: deps.clock.now,
    counted: {
      direct: deps.metrics.graphqlOperation('direct'),
      yoga: deps.metrics.graphqlOperation('yoga'),
    },
  });
  registerGraphqlRoutes(app, { runner, operations, addresses: deps.access.addresses, upgraded });
}

/** RESPONSE_CACHE: operations answered again from their kept answer until data changes. */
function operationCacheOf({ deps, maxCost, trusted }: GraphqlPluginOptions) {
  return createOperationCache({
    gate: deps.access.gate,
    events: deps.events,
    now: deps.clock.now,
    maxCost,
    rawKeyOf: (req) => rawKeyOf(req.headers),
    languageOf: negotiateLanguage,
    textOf: trusted.textOf,
    onLookup: deps.metrics.cacheLookup('graphql_operation'),
    mayAnswer: () => deps.services.freshness.isQuiet(),
  });
}
