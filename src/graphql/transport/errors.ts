import { GraphQLError } from 'graphql';
import { apiErrorOfDatabaseFailure } from '../../db/failures.js';
import { ApiError } from '../../errors/api-error.js';
import { isErrorCode } from '../../errors/codes.js';

/** Where a source error points (its nodes, positions and path), for the error that replaces it. */
export const locationOf = (source: GraphQLError | undefined) => ({
  nodes: source?.nodes ?? null,
  positions: source?.positions ?? null,
  path: source?.path ?? null,
});

/** An ApiError as a GraphQL error: the REST `code` in `extensions.code` (DECISIONS.md "GraphQL"). */
export function graphqlErrorOf(error: ApiError, source?: GraphQLError): GraphQLError {
  return new GraphQLError(error.detail, {
    ...locationOf(source),
    extensions: {
      code: error.code,
      status: error.status,
      ...(error.extras.parameter ? { parameter: error.extras.parameter } : {}),
      ...(error.extras.retryAfter !== undefined ? { retryAfter: error.extras.retryAfter } : {}),
      ...(error.extras.address ? { address: error.extras.address } : {}),
    },
  });
}

/**
 * Extensions of a request error that may reach the client (found by test/fuzz):
 * - yoga's JSON body parser puts the parser's own error in `originalError` (`{"name":
 *   "SyntaxError","message":"Unexpected end of JSON input..."}` for a POST body of `{}`): dropped;
 * - `http.spec` makes yoga answer such request errors with 200 under `Accept: application/json`
 *   (`GET /graphql` without `query` was 200): dropped, so they are 400 whatever the Accept.
 */
function publicExtensions(extensions: Record<string, unknown>): Record<string, unknown> {
  const { originalError: _internal, http, ...rest } = extensions;
  if (http === null || typeof http !== 'object') {
    return rest;
  }
  const { spec: _spec, ...status } = http as Record<string, unknown>;
  return { ...rest, http: status };
}

/**
 * Yoga's error mask: our errors keep their code; parse, validation and variable errors are
 * `invalid_parameter`; a database outage is `upstream_unavailable`; anything else is masked as
 * `internal_error` and logged, never shown.
 */
export function maskError(error: unknown, log: (error: unknown) => void): GraphQLError {
  const graphql = error instanceof GraphQLError ? error : undefined;
  const original = graphql?.originalError ?? error;
  if (original instanceof ApiError) {
    return graphqlErrorOf(original, graphql);
  }
  const databaseFailure = apiErrorOfDatabaseFailure(original);
  if (databaseFailure) {
    return graphqlErrorOf(databaseFailure, graphql);
  }
  if (graphql && (!graphql.originalError || graphql.originalError instanceof GraphQLError)) {
    const { code, ...extensions } = publicExtensions(graphql.extensions ?? {});
    return new GraphQLError(graphql.message, {
      ...locationOf(graphql),
      extensions: {
        ...extensions,
        code: typeof code === 'string' && isErrorCode(code) ? code : 'invalid_parameter',
      },
    });
  }
  log(original);
  return new GraphQLError('Unexpected error', {
    ...locationOf(graphql),
    extensions: { code: 'internal_error', status: 500 },
  });
}

/**
 * An execution result (not a stream, not a batch) in which nothing ran: no `data`, or `data:
 * null` with no error tied to a field (`path`), as graphql-js answers an operation type the
 * schema does not have.
 */
export function refusedBeforeExecution(result: unknown): boolean {
  if (result === null || typeof result !== 'object' || Array.isArray(result)) {
    return false;
  }
  if (Symbol.asyncIterator in result) {
    return false;
  }
  const { data, errors = [] } = result as { data?: unknown; errors?: readonly GraphQLError[] };
  if (errors.length === 0 || (data !== undefined && data !== null)) {
    return false;
  }
  // Field errors (with a path) are answered 200; yoga's own request errors carry their HTTP
  // status (400, 405), which stands.
  return !errors.some((e) => e.path || e.extensions?.['http']);
}
