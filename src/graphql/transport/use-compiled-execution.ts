import {
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
  getOperationAST,
  type OperationDefinitionNode,
  OperationTypeNode,
} from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import type { Plugin } from 'graphql-yoga';
import {
  createIntrospectionAnswers,
  isIntrospectionOnly,
} from '../operation-cache/introspection-answers.js';
import { namesIncrementalDelivery } from './incremental.js';

/** An operation's compiled code, or null when graphql-jit cannot compile it. */
type Compiled = CompiledQuery | null;

/**
 * Queries run as code compiled once per operation of a parsed document (graphql-jit) instead of
 * graphql-js's field-by-field interpreter: the same resolvers, loaders and plugins, a fraction
 * of the executor's own time on large answers (docs/performance-miss-path.md). Subscriptions
 * and documents that may ask for incremental delivery keep the standard executor, which alone
 * implements `@defer` and `@stream`; so does an operation graphql-jit cannot compile (reported
 * once, then answered by graphql-js). The code is kept per schema and operation node, so it lives
 * as long as its parsed document does in the document cache, and each operation of a document
 * with several has its own (envelop's graphql-jit plugin kept one per document, and ran the
 * first operation compiled whichever was asked for next). An introspection-only query is
 * answered from the answers kept per schema instead (introspection-answers.ts): compiling it
 * for each new text cost more than running it.
 */
export function useCompiledExecution(
  reportError: (result: ExecutionResult) => void,
  introspection = createIntrospectionAnswers(),
): Plugin {
  const bySchema = new WeakMap<GraphQLSchema, WeakMap<OperationDefinitionNode, Compiled>>();

  function compiledFor(args: ExecutionArgs, operation: OperationDefinitionNode): Compiled {
    let byOperation = bySchema.get(args.schema);
    if (!byOperation) {
      byOperation = new WeakMap();
      bySchema.set(args.schema, byOperation);
    }
    let compiled = byOperation.get(operation);
    if (compiled === undefined) {
      const result = compileQuery(args.schema, args.document, args.operationName ?? undefined);
      compiled = isCompiledQuery(result) ? result : null;
      if (!compiled) {
        reportError(result as ExecutionResult);
      }
      byOperation.set(operation, compiled);
    }
    return compiled;
  }

  return {
    onExecute({ args, setExecuteFn }) {
      const operation = getOperationAST(args.document, args.operationName);
      if (
        operation?.operation !== OperationTypeNode.QUERY ||
        namesIncrementalDelivery(args.document)
      ) {
        return;
      }
      if (isIntrospectionOnly(operation, args.document)) {
        setExecuteFn((executed: ExecutionArgs) => introspection.answer(executed, operation));
        return;
      }
      const compiled = compiledFor(args, operation);
      if (compiled) {
        setExecuteFn((executed: ExecutionArgs) => runCompiled(compiled, executed));
      }
    },
  };
}

/**
 * The compiled operation's result with its compiled serialiser (yoga writes answers with it);
 * a result that is ready is returned as it is, not behind a promise.
 */
function runCompiled(compiled: CompiledQuery, args: ExecutionArgs) {
  const withStringify = (result: ExecutionResult) =>
    Object.assign(result, { stringify: compiled.stringify });
  const result = compiled.query(args.rootValue, args.contextValue, args.variableValues);
  return result instanceof Promise ? result.then(withStringify) : withStringify(result);
}
