import { useGraphQlJit } from '@envelop/graphql-jit';
import {
  BREAK,
  type DocumentNode,
  type ExecutionResult,
  getOperationAST,
  OperationTypeNode,
  visit,
} from 'graphql';

const incremental = new WeakMap<DocumentNode, boolean>();

/** Whether a document uses `@defer` or `@stream` anywhere (kept per parsed document). */
function usesIncrementalDelivery(document: DocumentNode): boolean {
  let uses = incremental.get(document);
  if (uses === undefined) {
    uses = false;
    visit(document, {
      Directive(node) {
        if (node.name.value === 'defer' || node.name.value === 'stream') {
          uses = true;
          return BREAK;
        }
        return undefined;
      },
    });
    incremental.set(document, uses);
  }
  return uses;
}

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
        !usesIncrementalDelivery(document),
      onError: reportError,
    },
  );
}
