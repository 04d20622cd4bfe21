import {
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  execute as executeGraphql,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  getVariableValues,
  Kind,
  type OperationDefinitionNode,
  print,
  type SelectionSetNode,
} from 'graphql';
import { LRUCache } from 'lru-cache';
import { fragmentsOf } from '../documents/fragments.js';

const INTROSPECTION_FIELDS = new Set(['__schema', '__type', '__typename']);

/** Whether every field a (validated) query selects at its root is `__schema`, `__type` or `__typename`. */
export function isIntrospectionOnly(
  operation: OperationDefinitionNode,
  document: DocumentNode,
): boolean {
  if (operation.operation !== 'query') {
    return false;
  }
  const fragments = fragmentsOf(document);
  const seen = new Set<string>();
  const only = (set: SelectionSetNode | undefined): boolean =>
    (set?.selections ?? []).every((selection) => {
      if (selection.kind === Kind.FIELD) {
        return INTROSPECTION_FIELDS.has(selection.name.value);
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        return only(selection.selectionSet);
      }
      if (seen.has(selection.name.value)) {
        return true;
      }
      seen.add(selection.name.value);
      return only(fragments.get(selection.name.value)?.selectionSet);
    });
  return only(operation.selectionSet);
}

/**
 * What decides an introspection answer besides the schema: the operation and the fragments it
 * reaches, printed (comments, spacing, commas, other operations and unused fragments drop out),
 * and the values of the variables it declares. Null when the variables do not coerce (the
 * executor reports that, uncached).
 */
function canonicalKey(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  document: DocumentNode,
  variables: ExecutionArgs['variableValues'],
): string | null {
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {});
  if (coerced.errors) {
    return null;
  }
  const fragments = fragmentsOf(document);
  const reached = new Map<string, FragmentDefinitionNode>();
  const reach = (set: SelectionSetNode | undefined) => {
    for (const selection of set?.selections ?? []) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        if (fragment && !reached.has(fragment.name.value)) {
          reached.set(fragment.name.value, fragment);
          reach(fragment.selectionSet);
        }
      } else {
        reach(selection.selectionSet);
      }
    }
  };
  reach(operation.selectionSet);
  const texts = [operation, ...[...reached.values()].sort(byName)].map((d) => print(d));
  return `${JSON.stringify(coerced.coerced)}\n${texts.join('\n')}`;
}

const byName = (a: FragmentDefinitionNode, b: FragmentDefinitionNode) =>
  a.name.value < b.name.value ? -1 : 1;

export interface IntrospectionAnswersOptions {
  /** The executor of a miss (graphql-js's; tests count its calls). */
  execute?: (args: ExecutionArgs) => ReturnType<typeof executeGraphql>;
  /** Bytes of answers kept per schema (their JSON length). */
  maxBytes?: number;
}

/**
 * Answers of introspection-only queries, kept per schema and per canonical operation
 * (docs/decisions.md "GraphQL: introspection answers"). Introspection reads the schema alone,
 * so its answer is fixed by the schema, the operation as printed and its variables: the same
 * selection sent as another text (a comment, spacing, another operation beside it) is answered
 * from the kept result, without graphql-jit's compile (which is kept per parsed text) or an
 * execution. A selection not seen yet runs once through graphql-js's executor.
 */
export function createIntrospectionAnswers(options: IntrospectionAnswersOptions = {}) {
  const run = options.execute ?? executeGraphql;
  const bySchema = new WeakMap<GraphQLSchema, LRUCache<string, { data: unknown }>>();
  const cacheOf = (schema: GraphQLSchema) => {
    let cache = bySchema.get(schema);
    if (!cache) {
      cache = new LRUCache({
        maxSize: options.maxBytes ?? 8 * 1024 * 1024,
        sizeCalculation: (value, key) => key.length + JSON.stringify(value.data).length,
      });
      bySchema.set(schema, cache);
    }
    return cache;
  };

  /** The answer of an introspection-only operation; a fresh result object each time. */
  function answer(args: ExecutionArgs, operation: OperationDefinitionNode) {
    const key = canonicalKey(args.schema, operation, args.document, args.variableValues);
    const cache = cacheOf(args.schema);
    const kept = key === null ? undefined : cache.get(key);
    if (kept) {
      return { data: kept.data } as ExecutionResult;
    }
    const result = run(args);
    if (key !== null && !(result instanceof Promise) && !result.errors && result.data) {
      cache.set(key, { data: result.data });
    }
    return result;
  }

  return { answer };
}
