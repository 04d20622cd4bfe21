import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { ApiError } from '../errors/api-error.js';
import { isErrorCode } from '../errors/codes.js';
import type { HttpOutcome } from './access.js';

/** The REST retry hint for a database outage (rest/problem.ts answers the same). */
const DATABASE_RETRY_AFTER = 5;

/** Where a source error points (its nodes, positions and path), for the error that replaces it. */
const locationOf = (source: GraphQLError | undefined) => ({
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
  if (isDatabaseUnavailable(original)) {
    const unavailable = new ApiError(
      'upstream_unavailable',
      'The data store is temporarily unreachable; retry shortly',
      { retryAfter: DATABASE_RETRY_AFTER },
    );
    return graphqlErrorOf(unavailable, graphql);
  }
  if (graphql && (!graphql.originalError || graphql.originalError instanceof GraphQLError)) {
    const extensions = graphql.extensions ?? {};
    const code = extensions['code'];
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

/** A parse or validation error (shape limits included): 400 `invalid_parameter`, as on REST. */
function asInvalidParameter(error: Error): GraphQLError {
  const graphql = error instanceof GraphQLError ? error : undefined;
  return new GraphQLError(error.message, {
    ...locationOf(graphql),
    extensions: { ...graphql?.extensions, code: 'invalid_parameter', http: { status: 400 } },
  });
}

/** Gives the errors graphql-js raises before execution the REST code and status. */
export const requestErrorsPlugin: Plugin<{ http: HttpOutcome }> = {
  onParse({ context }) {
    return ({ result, replaceParseResult }) => {
      if (result instanceof Error) {
        context.http.status = 400;
        replaceParseResult(asInvalidParameter(result));
      }
    };
  },
  onValidate({ context }) {
    return ({ result, setResult }) => {
      if (result.length > 0) {
        context.http.status = 400;
        setResult(result.map(asInvalidParameter));
      }
    };
  },
};
