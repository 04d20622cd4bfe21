import type { Readable } from 'node:stream';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLError, ValidationContext } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { findActiveDemoKey } from '../accounts/demo-setup.js';
import { addressRateLimited, addressRateLimitHeaders } from '../counters/address-limiter.js';
import { whenReady } from '../counters/quota-store.js';
import type { Deps } from '../deps.js';
import { ApiError } from '../errors/api-error.js';
import { registerCompression } from '../http/compression.js';
import { negotiateLanguage } from '../http/language.js';
import { quotaHeaders } from '../policy/headers.js';
import { rawKeyOf } from '../policy/raw-key.js';
import type { Push } from '../push/push.js';
import { ReadLedger } from './charging/field-billing.js';
import type { ServerContext } from './charging/outcome.js';
import {
  accessPlugin,
  type ExecutionContext,
  type HttpOutcome,
  refusalOf,
} from './charging/use-access.js';
import { subscriptionAccessPlugin } from './charging/use-subscription-access.js';
import { createDocumentCaches } from './documents/document-cache.js';
import { expansionLimitPlugin } from './documents/document-size.js';
import { GRAPHQL_LIMITS } from './documents/limits.js';
import { repeatedFieldsPlugin } from './documents/repeated-fields.js';
import type { TrustedStore } from './documents/trusted-store.js';
import { trustedDocumentsPlugins } from './documents/use-trusted-documents.js';
import { createGraphiqlPage } from './graphiql/graphiql-page.js';
import { createOperationCache } from './operation-cache/operation-cache.js';
import { readSmallBody } from './operation-cache/repeated-requests.js';
import { createLoaders } from './schema/loaders.js';
import { createReadCache } from './schema/read-cache.js';
import { schema } from './schema/schema.js';
import { compiledExecution } from './transport/compiled-execution.js';
import { graphqlCors } from './transport/cors.js';
import { directRequestOf, runDirect } from './transport/direct-operation.js';
import { maskError, requestErrorsPlugin } from './transport/errors.js';
import { contentTypeOf, releaseBody, sendYogaResponse } from './transport/http-answer.js';
import { isConditional } from './transport/http-cache.js';
import { registerGraphqlErrors } from './transport/http-errors.js';
import { acceptsIncrementalDelivery } from './transport/incremental.js';
import { checkOperationShape } from './transport/request-shape.js';
import { maskedIncrementalErrors } from './transport/use-masked-incremental-errors.js';
import { graphqlWebSocket } from './transport/websocket.js';

type Query = Record<string, unknown>;

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

/** Shape-limit rejections reported as validation errors (400), not thrown past the hooks. */
const asValidationError = {
  propagateOnRejection: false,
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) => context?.reportError(error),
  ],
};

/** A GET with neither a document nor a persisted query's hash: GraphiQL's page (or nothing). */
const isPageRequest = (query: Query | null) =>
  typeof query?.['query'] !== 'string' && query?.['extensions'] === undefined;

/** The set the operation's loaders fill with what its reads showed (the operation cache's tags). */
function showing(http: HttpOutcome): Set<string> {
  http.shown = new Set();
  return http.shown;
}

/** `/graphql`: the nested match graph over the same services and access policy as REST. */
export async function graphqlPlugin(app: FastifyInstance, options: GraphqlPluginOptions) {
  const { deps, assetsUrl } = options;
  const { gate } = deps.access;
  const readCache = options.readCache
    ? createReadCache(deps.events, { onLookup: deps.metrics.cacheLookup('graphql_read') })
    : undefined;
  const operations = options.readCache
    ? createOperationCache({
        gate,
        events: deps.events,
        now: deps.clock.now,
        maxCost: options.maxCost,
        rawKeyOf: (req) => rawKeyOf(req.headers),
        languageOf: negotiateLanguage,
        textOf: options.trusted.textOf,
        onLookup: deps.metrics.cacheLookup('graphql_operation'),
        mayAnswer: () => deps.services.freshness.isQuiet(),
      })
    : undefined;
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
  /** A document refused before the access plugin ran (parse, validation): a 400 after the key. */
  /**
   * A document refused before the access plugin ran (parse, validation): the key checks come
   * first (DECISIONS.md "Access" order), so a key refused is the answer (401, 403, or 503 when
   * the key cannot be checked), and a good key counts the 400 as one request on the minute.
   */
  const chargeRefusedDocument = async (req: FastifyRequest) => {
    try {
      return await gate.refuseParameters(rawKeyOf(req.headers), req.ip, req.raw.socket);
    } catch (error) {
      throw refusalOf(error) ?? error;
    }
  };
  const admitKeyless = async (req: FastifyRequest, reply: FastifyReply) => {
    const admission = await deps.access.addresses.admit(req.ip);
    if (!admission.admitted) {
      reply.headers(addressRateLimitHeaders(admission));
      throw addressRateLimited(admission);
    }
  };
  /** Who an operation comes from, as the HTTP or WebSocket door saw it. */
  const caller = {
    rawKeyOf: (ctx: ExecutionContext) => rawKeyOf(ctx.req.headers),
    addressOf: (ctx: ExecutionContext) => ctx.req.ip,
    connectionOf: (ctx: ExecutionContext) => ctx.req.raw.socket,
  };
  const mask = (error: unknown) => maskError(error, (e) => app.log.error(e));
  const yoga = createYoga<ServerContext, ExecutionContext>({
    schema,
    graphqlEndpoint: '/graphql',
    parserAndValidationCache: {
      documentCache: documents.documentCache,
      errorCache: documents.errorCache,
    },
    landingPage: false,
    cors: graphqlCors,
    graphiql: graphiql.options,
    renderGraphiQL: graphiql.render,
    logging: false,
    maskedErrors: { maskError: mask },
    context: ({ req, http }) => ({
      req,
      services: deps.services,
      loaders: createLoaders(deps.services, readCache, showing(http)),
      language: negotiateLanguage(req),
      assetsUrl,
      now: deps.clock.now,
      ledger: new ReadLedger(),
      access: { analysis: false, requested: 0, dryRun: false },
      http,
      push: options.push,
      renew(this: ExecutionContext) {
        this.loaders = createLoaders(deps.services, readCache, new Set());
        this.ledger = new ReadLedger();
      },
    }),
    plugins: [
      useDeferStream(),
      maskedIncrementalErrors(mask),
      requestErrorsPlugin,
      ...trustedDocumentsPlugins(options.trusted, { only: options.trustedOnly }),
      maxTokensPlugin({ n: GRAPHQL_LIMITS.maxTokens }),
      // Before any rule walks the document (validation stops here when it refuses).
      expansionLimitPlugin(GRAPHQL_LIMITS.maxExpandedSelections),
      repeatedFieldsPlugin(
        { fields: GRAPHQL_LIMITS.maxRepeatedFields, fragments: GRAPHQL_LIMITS.maxSpreadFragments },
        GRAPHQL_LIMITS.maxExpandedSelections,
      ),
      maxDepthPlugin({ n: GRAPHQL_LIMITS.maxDepth, flattenFragments: true, ...asValidationError }),
      maxAliasesPlugin({ n: GRAPHQL_LIMITS.maxAliases, ...asValidationError }),
      // Before the access plugin: a dry run's executor (access.ts) replaces the compiled one.
      compiledExecution((result) => app.log.error({ errors: result.errors }, 'graphql-jit')),
      accessPlugin({
        ...caller,
        gate,
        addresses: deps.access.addresses,
        maxCost: options.maxCost,
        reportError: (error, ctx) => ctx.req.log.error(error),
      }),
      subscriptionAccessPlugin({
        ...caller,
        gate,
        streams: deps.access.streams,
        push: options.push,
      }),
    ],
  });
  const upgraded = await graphqlWebSocket(app, { yoga, gate });

  registerGraphqlErrors(app);
  // The GraphiQL page inlines a 9 MB bundle; results of nested pages are large too.
  await registerCompression(app);
  if (operations) {
    app.addHook('onSend', (req, reply, payload, done) => {
      operations.remember(req, reply, payload);
      done(null, payload);
    });
  }
  const countDirect = deps.metrics.graphqlOperation('direct');
  const countYoga = deps.metrics.graphqlOperation('yoga');
  /**
   * The operation through Yoga's envelop: parse, validate, the access plugin, execution. A keyed
   * POST of a query skips yoga's HTTP layer (direct-operation.ts); anything else goes through it.
   */
  const runOperation = async (
    req: FastifyRequest,
    reply: FastifyReply,
    addressCounted: boolean,
  ) => {
    const keyless = rawKeyOf(req.headers) === undefined;
    const http: HttpOutcome = {
      addressCounted,
      conditional: isConditional(req),
      streams: acceptsIncrementalDelivery(req.headers.accept),
    };
    const since = operations?.mark() ?? 0;
    const direct = keyless || options.trustedOnly ? undefined : directRequestOf(req);
    const answer = direct ? await runDirect(yoga, req, http, direct) : undefined;
    if (answer) {
      countDirect();
    } else {
      countYoga();
    }
    const response = answer ?? (await yoga.handleNodeRequestAndResponse(req, reply, { req, http }));
    if (http.closeStream) {
      // A client gone before the last payload (or a body never read) still settles.
      reply.raw.once('close', http.closeStream);
    }
    if (!http.usage && !keyless && (http.status ?? response.status) === 400) {
      // A document that does not parse or validate never reached the access plugin: with a
      // valid key it is a 400 after the key checks, one request on the minute (as on REST).
      const usage = await chargeRefusedDocument(req).catch(async (error: unknown) => {
        // Yoga's 400 is not sent: its body is released, the key's refusal answers instead.
        await releaseBody(response);
        throw error;
      });
      http.usage = usage;
    }
    if (http.settled && response.status === 200) {
      operations?.store(
        req,
        http.settled,
        {
          contentType: contentTypeOf(response),
          shown: [...(http.shown ?? [])],
          ...(http.validator ? { validator: http.validator } : {}),
        },
        since,
      );
    }
    return sendYogaResponse(req, reply, response, {
      http,
      quotaHeaders: http.usage
        ? quotaHeaders(http.usage, deps.clock.now(), http.matchList === true)
        : undefined,
    });
  };
  /**
   * Keyless traffic counts on its address first (GraphiQL's page, any operation sent without a
   * key, valid or not); a keyed operation counts on its key, and may be answered from the
   * operation cache without waiting for anything (the handler returns nothing once it sent).
   */
  const handler = (req: FastifyRequest, reply: FastifyReply) => {
    checkOperationShape(req.method === 'GET' ? req.query : req.body);
    const page = req.method === 'GET' && isPageRequest(req.query as Query | null);
    const keyless = rawKeyOf(req.headers) === undefined;
    if (page || keyless) {
      return admitKeyless(req, reply).then(() => runOperation(req, reply, true));
    }
    if (!operations) {
      return runOperation(req, reply, false);
    }
    const answered = operations.answer(req, reply);
    if (answered === true) {
      return undefined;
    }
    // Whatever becomes of it, an operation others wait for lands (operation-cache.ts `lead`).
    const run = () => runOperation(req, reply, false).finally(() => operations.landed(req));
    return answered === false ? run() : answered.then((sent) => (sent ? reply : run()));
  };
  const route = {
    url: '/graphql',
    bodyLimit: GRAPHQL_LIMITS.maxBodyBytes,
    // Operations decide their own counting (a keyless one counts on the address); names follow
    // Accept-Language.
    config: { addressLimit: false, translated: true },
    handler,
  };
  /** A keyed request the operation cache answered before, answered again (repeated-requests.ts). */
  const replay = (req: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    if (!operations || rawKeyOf(req.headers) === undefined) {
      done();
      return;
    }
    try {
      whenReady(
        operations.replay(req, reply),
        (sent) => {
          if (!sent) {
            done();
          }
        },
        done,
      );
    } catch (error) {
      done(error as Error);
    }
  };
  /** A small JSON POST is read first, then replayed like a GET when it repeats. */
  const replayPost = (
    req: FastifyRequest,
    reply: FastifyReply,
    payload: Readable,
    done: (error: Error | null, body?: Readable) => void,
  ) => {
    const read = operations && rawKeyOf(req.headers) !== undefined && readSmallBody(req, payload);
    if (!read) {
      done(null, payload);
      return;
    }
    read.then(
      (body) => replay(req, reply, (error) => (error ? done(error) : done(null, body))),
      (error: Error) => done(error),
    );
  };
  // GET also upgrades to graphql-ws (src/graphql/transport/websocket.ts).
  app.route({ ...route, method: 'GET', wsHandler: upgraded, onRequest: replay });
  app.route({ ...route, method: 'POST', preParsing: replayPost });
  app.route({ ...route, method: 'OPTIONS' });
  // The endpoint exists: another method is 405 with Allow, as on REST, not the 404 of an unknown
  // route (found by test/fuzz: `DELETE /graphql` was 404 `No route DELETE /graphql`). Refused
  // in onRequest, before any body is read.
  const refuse = async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('allow', 'GET, POST, OPTIONS');
    throw new ApiError('method_not_allowed', `${req.method} is not allowed on /graphql`);
  };
  app.route({
    url: '/graphql',
    method: ['PUT', 'PATCH', 'DELETE'],
    schema: { hide: true },
    config: { refusesMethod: true },
    onRequest: refuse,
    handler: refuse,
  });
}
