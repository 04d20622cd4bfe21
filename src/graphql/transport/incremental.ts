import {
  BREAK,
  type DirectiveNode,
  type DocumentNode,
  type GraphQLDirective,
  type GraphQLSchema,
  getDirectiveValues,
  getOperationAST,
  Kind,
  type SelectionNode,
  type SelectionSetNode,
  visit,
} from 'graphql';
import { ApiError } from '../../errors/api-error.js';
import { fragmentsOf } from '../documents/fragments.js';
import { included } from '../documents/selections.js';

type Variables = Record<string, unknown>;

/** The last payload of an incremental delivery says nothing more will come. */
export const isLastPayload = (payload: { hasNext?: boolean }) => payload.hasNext === false;

/**
 * Answers per Accept header: clients send a handful of them, each on every request. Bounded in
 * number and length, since the header is the client's text.
 */
const acceptAnswers = new Map<string, boolean>();
const ACCEPT_ANSWERS_KEPT = 64;
const MAX_KEPT_ACCEPT = 256;

/**
 * Whether an Accept header lets yoga answer with more than one payload: multipart/mixed or
 * text/event-stream, or a wildcard that covers one (a missing header is `*\/*`). Read as yoga's
 * result processors read it (no q-values; a charset other than utf-8 names nothing).
 */
export function acceptsIncrementalDelivery(accept: string | undefined): boolean {
  const header = accept || '*/*';
  let accepts = acceptAnswers.get(header);
  if (accepts === undefined) {
    accepts = readsIncremental(header);
    if (header.length <= MAX_KEPT_ACCEPT) {
      if (acceptAnswers.size >= ACCEPT_ANSWERS_KEPT) {
        acceptAnswers.clear();
      }
      acceptAnswers.set(header, accepts);
    }
  }
  return accepts;
}

function readsIncremental(accept: string): boolean {
  return accept
    .replace(/\s/g, '')
    .toLowerCase()
    .split(',')
    .some((range) => {
      const [type = '', ...params] = range.split(';');
      const charset = params.find((p) => p.startsWith('charset='));
      return (
        (charset === undefined || charset === 'charset=utf-8') &&
        ['*/*', 'multipart/*', 'multipart/mixed', 'text/*', 'text/event-stream'].includes(type)
      );
    });
}

/**
 * An operation that defers or streams, from a client whose Accept takes one JSON answer only: 406
 * before anything runs (yoga would run it, then find no way to send it), with the code of a bad
 * parameter, as the door answers any Accept it cannot serve. Charged as a 400: one request on the
 * minute.
 */
export class NotAcceptable extends ApiError {
  override readonly status = 406;

  constructor(
    detail = 'This operation uses @defer or @stream: its answer comes in several parts; send Accept: multipart/mixed or text/event-stream',
  ) {
    super('invalid_parameter', detail, { parameter: 'accept' });
  }
}

const incrementalDirectives = new WeakMap<DocumentNode, boolean>();

/**
 * Whether a document names `@defer` or `@stream` anywhere, on or off (kept per parsed document,
 * which the document cache shares between requests): without either, no request of it can ask
 * for incremental delivery.
 */
export function namesIncrementalDelivery(document: DocumentNode): boolean {
  let names = incrementalDirectives.get(document);
  if (names === undefined) {
    names = false;
    visit(document, {
      Directive(node) {
        if (node.name.value === 'defer' || node.name.value === 'stream') {
          names = true;
          return BREAK;
        }
        return undefined;
      },
    });
    incrementalDirectives.set(document, names);
  }
  return names;
}

/** The node carries the directive, and its `if` is not false. */
function active(
  directive: GraphQLDirective | null | undefined,
  node: { directives?: readonly DirectiveNode[] },
  variables: Variables,
): boolean {
  const values = directive ? getDirectiveValues(directive, node, variables) : undefined;
  return values !== undefined && values['if'] !== false;
}

/**
 * Whether the operation asks for incremental delivery: a `@defer` or `@stream` that is on (its
 * `if` not false) on a selection that is not skipped (`@skip`, `@include`). The directives are
 * read as the schema declares them (src/graphql/schema/schema.ts: the plugin's own).
 */
export function asksIncrementalDelivery(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Variables,
): boolean {
  if (!namesIncrementalDelivery(document)) {
    return false;
  }
  const defer = schema.getDirective('defer');
  const stream = schema.getDirective('stream');
  const fragments = fragmentsOf(document);
  /** Each fragment's answer once (a spread's own directives are read at the spread). */
  const answers = new Map<string, boolean>();
  const asks = (selection: SelectionNode): boolean => {
    if (!included(selection, variables)) {
      return false;
    }
    if (selection.kind === Kind.FIELD) {
      return active(stream, selection, variables) || asksIn(selection.selectionSet);
    }
    if (active(defer, selection, variables)) {
      return true;
    }
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      return asksIn(selection.selectionSet);
    }
    const name = selection.name.value;
    let found = answers.get(name);
    if (found === undefined) {
      // A cycle (refused by validation) reads as asking nothing.
      answers.set(name, false);
      found = asksIn(fragments.get(name)?.selectionSet);
      answers.set(name, found);
    }
    return found;
  };
  const asksIn = (set: SelectionSetNode | undefined) => (set?.selections ?? []).some(asks);
  return asksIn(getOperationAST(document, operationName)?.selectionSet);
}
