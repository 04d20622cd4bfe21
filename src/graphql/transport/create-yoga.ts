import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import type { FastifyBaseLogger } from 'fastify';
import type { GraphQLError, ValidationContext } from 'graphql';
import { createYoga, type YogaServerInstance, type YogaServerOptions } from 'graphql-yoga';
import type { Deps } from '../../deps.js';
import { negotiateLanguage } from '../../http/language.js';
import { rawKeyOf } from '../../policy/raw-key.js';
import type { Push } from '../../push/push.js';
import type { DoorContext, ExecutionContext } from '../charging/execution-context.js';
import { ReadLedger } from '../charging/field-billing.js';
import { useAccess } from '../charging/use-access.js';
import { useSubscriptionAccess } from '../charging/use-subscription-access.js';
import type { createDocumentCaches } from '../documents/document-cache.js';
import { GRAPHQL_LIMITS } from '../documents/limits.js';
import type { TrustedStore } from '../documents/trusted-store.js';
import { useExpansionLimit } from '../documents/use-expansion-limit.js';
import { useRepeatedFieldsLimit } from '../documents/use-repeated-fields-limit.js';
import { useTrustedDocuments } from '../documents/use-trusted-documents.js';
import type { createGraphiqlPage } from '../graphiql/graphiql-page.js';
import { createLoaders } from '../schema/loaders.js';
import type { ReadCache } from '../schema/read-cache.js';
import { schema } from '../schema/schema.js';
import { graphqlCors } from './cors.js';
import { maskError } from './errors.js';
import { useCompiledExecution } from './use-compiled-execution.js';
import { useMaskedIncrementalErrors } from './use-masked-incremental-errors.js';
import { useRequestErrors } from './use-request-errors.js';

export type GraphqlYoga = YogaServerInstance<DoorContext, ExecutionContext>;

/** What the yoga instance is built from: the app's deps, the door's settings and caches. */
export interface YogaParts {
  deps: Deps;
  assetsUrl: string;
  /** GRAPHQL_MAX_COST: the most units one operation may reserve. */
  maxCost: number;
  push: Push;
  trusted: TrustedStore;
  trustedOnly: boolean;
  readCache: ReadCache | undefined;
  documents: ReturnType<typeof createDocumentCaches>;
  graphiql: ReturnType<typeof createGraphiqlPage>;
  log: FastifyBaseLogger;
}

/** Shape-limit rejections reported as validation errors (400), not thrown past the hooks. */
const asValidationError = {
  propagateOnRejection: false,
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) => context?.reportError(error),
  ],
};

/** Who an operation comes from, as the HTTP or WebSocket door saw it. */
const caller = {
  rawKeyOf: (ctx: ExecutionContext) => rawKeyOf(ctx.req.headers),
  addressOf: (ctx: ExecutionContext) => ctx.req.ip,
  connectionOf: (ctx: ExecutionContext) => ctx.req.raw.socket,
};

/**
 * `/graphql`'s yoga: the schema, the caches of parsed documents, GraphiQL's page, the error mask,
 * the resolvers' context of each operation, and the plugins in their order.
 */
export function createGraphqlYoga(parts: YogaParts): GraphqlYoga {
  const { documents, graphiql } = parts;
  const mask = (error: unknown) => maskError(error, (e) => parts.log.error(e));
  return createYoga<DoorContext, ExecutionContext>({
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
    context: resolverContextOf(parts),
    plugins: pluginsOf(parts, mask),
  });
}

/** Each operation's resolvers' context, its loaders filling the record's `shown` tags. */
function resolverContextOf({ deps, readCache, assetsUrl, push }: YogaParts) {
  return ({ req, operation }: DoorContext): ExecutionContext => ({
    req,
    operation,
    services: deps.services,
    loaders: createLoaders(deps.services, readCache, operation.shown),
    language: negotiateLanguage(req),
    assetsUrl,
    now: deps.clock.now,
    ledger: new ReadLedger(),
    access: { analysis: false, requested: 0, dryRun: false },
    push,
    renew(this: ExecutionContext) {
      this.loaders = createLoaders(deps.services, readCache, new Set());
      this.ledger = new ReadLedger();
    },
  });
}

/** The plugins, in the order they see an operation. */
function pluginsOf(
  parts: YogaParts,
  mask: (error: unknown) => GraphQLError,
): YogaServerOptions<DoorContext, ExecutionContext>['plugins'] {
  const { deps, log } = parts;
  const { gate } = deps.access;
  return [
    useDeferStream(),
    useMaskedIncrementalErrors(mask),
    useRequestErrors(),
    ...useTrustedDocuments(parts.trusted, { only: parts.trustedOnly }),
    maxTokensPlugin({ n: GRAPHQL_LIMITS.maxTokens }),
    // Before any rule walks the document (validation stops here when it refuses).
    useExpansionLimit(GRAPHQL_LIMITS.maxExpandedSelections),
    useRepeatedFieldsLimit(
      { fields: GRAPHQL_LIMITS.maxRepeatedFields, fragments: GRAPHQL_LIMITS.maxSpreadFragments },
      GRAPHQL_LIMITS.maxExpandedSelections,
    ),
    maxDepthPlugin({ n: GRAPHQL_LIMITS.maxDepth, flattenFragments: true, ...asValidationError }),
    maxAliasesPlugin({ n: GRAPHQL_LIMITS.maxAliases, ...asValidationError }),
    // Before the access plugin: a dry run's executor (use-access.ts) replaces the compiled one.
    useCompiledExecution((result) => log.error({ errors: result.errors }, 'graphql-jit')),
    useAccess({
      ...caller,
      gate,
      addresses: deps.access.addresses,
      maxCost: parts.maxCost,
      reportError: (error, ctx) => ctx.req.log.error(error),
    }),
    useSubscriptionAccess({ ...caller, gate, streams: deps.access.streams, push: parts.push }),
  ];
}
