import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import compress from '@fastify/compress';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLError, ValidationContext } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { queryKeyName, rawKeyOf } from '../../rest/access.js';
import { negotiateLanguage } from '../../rest/language.js';
import type { Deps } from '../deps.js';
import { ApiError } from '../errors/api-error.js';
import { quotaHeaders } from '../policy/headers.js';
import { accessPlugin, type ExecutionContext, type HttpOutcome } from './access.js';
import { ReadLedger } from './billing.js';
import { maskError, requestErrorsPlugin } from './errors.js';
import { EXAMPLE_QUERY } from './example-query.js';
import { GRAPHQL_LIMITS } from './limits.js';
import { createLoaders } from './loaders.js';
import { createOperationCache } from './operation-cache.js';
import { createReadCache } from './read-cache.js';
import { schema } from './schema.js';

interface ServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
  http: HttpOutcome;
}

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
}

/** GraphiQL with every asset inline (no CDN), the key header ready to fill in. */
const graphiql = {
  title: 'touchline GraphQL',
  defaultQuery: EXAMPLE_QUERY,
  headers: JSON.stringify({ Authorization: 'Bearer YOUR_KEY' }, null, 2),
  shouldPersistHeaders: true,
};

/** Rendered once: the page inlines GraphiQL's 9 MB bundle. */
const GRAPHIQL_HTML = renderGraphiQL(graphiql);

/**
 * Yoga answers an unsupported Content-Type (415) or Accept (406) with no body, which Fastify
 * sent as `null` (found by test/fuzz: POST with `Content-Type: text/plain`): say what was wrong,
 * in the GraphQL error shape, with a code from the table.
 */
function bodylessRefusal(status: number) {
  const message =
    status === 415
      ? 'Unsupported Content-Type: POST application/json, or GET with a query string'
      : status === 406
        ? 'Not acceptable: the answer is application/json or application/graphql-response+json'
        : 'The request could not be processed';
  return { errors: [{ message, extensions: { code: 'invalid_parameter' } }] };
}

/** Shape-limit rejections reported as validation errors (400), not thrown past the hooks. */
const asValidationError = {
  propagateOnRejection: false,
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) => context?.reportError(error),
  ],
};

/** `/graphql`: the nested match graph over the same services and access policy as REST. */
export async function graphqlPlugin(app: FastifyInstance, options: GraphqlPluginOptions) {
  const { deps, assetsUrl } = options;
  const { policy } = deps.access;
  const readCache = options.readCache ? createReadCache(deps.events) : undefined;
  const operations = options.readCache
    ? createOperationCache({
        policy,
        events: deps.events,
        now: deps.clock.now,
        maxCost: options.maxCost,
        rawKeyOf,
        languageOf: negotiateLanguage,
      })
    : undefined;
  const yoga = createYoga<ServerContext, ExecutionContext>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql,
    renderGraphiQL: () => GRAPHIQL_HTML,
    logging: false,
    maskedErrors: { maskError: (error) => maskError(error, (e) => app.log.error(e)) },
    context: ({ req, http }) => ({
      req,
      services: deps.services,
      loaders: createLoaders(deps.services, readCache),
      language: negotiateLanguage(req),
      assetsUrl,
      now: deps.clock.now,
      ledger: new ReadLedger(),
      access: { analysis: false, requested: 0, dryRun: false },
      http,
    }),
    plugins: [
      requestErrorsPlugin,
      maxTokensPlugin({ n: GRAPHQL_LIMITS.maxTokens }),
      maxDepthPlugin({ n: GRAPHQL_LIMITS.maxDepth, flattenFragments: true, ...asValidationError }),
      maxAliasesPlugin({ n: GRAPHQL_LIMITS.maxAliases, ...asValidationError }),
      accessPlugin({
        policy,
        maxCost: options.maxCost,
        rawKeyOf: (ctx) => rawKeyOf(ctx.req),
        addressOf: (ctx) => ctx.req.ip,
      }),
    ],
  });

  // The GraphiQL page inlines a 9 MB bundle; results of nested pages are large too.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  app.route({
    url: '/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    bodyLimit: GRAPHQL_LIMITS.maxBodyBytes,
    handler: async (req, reply) => {
      const named = queryKeyName(req);
      if (named) {
        throw new ApiError(
          'invalid_parameter',
          `API keys are not accepted in the URL ('${named}'); send the Authorization or X-Api-Key header`,
          { parameter: named },
        );
      }
      if (await operations?.answer(req, reply)) {
        return reply;
      }
      const http: HttpOutcome = {};
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply, http });
      if (http.settled && response.status === 200) {
        operations?.store(
          req,
          http.settled,
          response.headers.get('content-type') ?? 'application/json',
        );
      }
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.status(http.status ?? response.status);
      if (http.usage) {
        reply.headers(quotaHeaders(http.usage, deps.clock.now(), http.matchList === true));
      }
      if (http.retryAfter !== undefined) {
        reply.header('retry-after', String(http.retryAfter));
      }
      if (response.body === null && reply.statusCode >= 400 && req.method !== 'HEAD') {
        return reply
          .type('application/json; charset=utf-8')
          .send(bodylessRefusal(reply.statusCode));
      }
      return reply.send(response.body);
    },
  });
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
    onRequest: refuse,
    handler: refuse,
  });
}
