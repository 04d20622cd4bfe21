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
import { schema } from './schema.js';

interface ServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
  http: HttpOutcome;
}

export interface GraphqlPluginOptions {
  deps: Deps;
  assetsUrl: string;
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
      loaders: createLoaders(deps.services),
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
      const http: HttpOutcome = {};
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply, http });
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
      return reply.send(response.body);
    },
  });
}
