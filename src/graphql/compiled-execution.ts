import { useGraphQlJit } from '@envelop/graphql-jit';
import { type ExecutionResult, getOperationAST, OperationTypeNode } from 'graphql';
import { namesIncrementalDelivery } from './incremental.js';

/**
 * Queries run as code compiled once per parsed document (graphql-jit) instead of graphql-js's
 * field-by-field interpreter: the same resolvers, loaders and plugins, a fraction of the
 * executor's own time on large answers (docs/performance-miss-path.md). Subscriptions and
 * documents that may ask for incremental delivery keep the standard executor, which alone
 * implements `@defer` and `@stream`. The compiled code lives as long as the parsed document
 * does in the document cache.
 */
export function compiledExecution(reportError: (result: ExecutionResult) => void) {
  return useGraphQlJit(
    {},
    {
      enableIf: ({ document, operationName }) =>
        getOperationAST(document, operationName)?.operation === OperationTypeNode.QUERY &&
        !namesIncrementalDelivery(document),
      onError: reportError,
    },
  );
}
