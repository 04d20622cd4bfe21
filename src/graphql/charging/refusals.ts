import { type DocumentNode, GraphQLError, type GraphQLSchema, getVariableValues } from 'graphql';
import { apiErrorOfDatabaseFailure } from '../../db/failures.js';
import { ApiError } from '../../errors/api-error.js';
import { markRefusal } from '../../http/refusal.js';
import { operationOf } from '../documents/operation-of.js';
import { graphqlErrorOf } from '../transport/errors.js';
import type { ExecutionContext } from './execution-context.js';

/**
 * Refuses the operation as a whole: the status REST would answer (its Retry-After, and any
 * headers of the refusal) for the HTTP door, the error as the result.
 */
export const refusalFor =
  (ctx: ExecutionContext, stop: (result: { errors: GraphQLError[] }) => void) =>
  (error: ApiError, headers?: Record<string, string>) => {
    ctx.operation.refuse(error, headers);
    markRefusal(ctx.req, error.code);
    stop({ errors: [graphqlErrorOf(error)] });
  };

/** The operation's variables coerced as graphql-js will execute them; a bad one is a 400. */
export function coercedVariables(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  raw: unknown,
): Record<string, unknown> {
  const operation = operationOf(document, operationName);
  const result = getVariableValues(
    schema,
    operation?.variableDefinitions ?? [],
    (raw ?? {}) as Record<string, unknown>,
  );
  if (result.errors) {
    throw result.errors[0];
  }
  return result.coerced;
}

/** Planning and policy failures as the API error the response carries. */
export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) {
    return error;
  }
  const message = error instanceof GraphQLError ? error.message : 'Invalid operation';
  return new ApiError('invalid_parameter', message);
}

/** Planning and policy failures, and a database that cannot check a key, as API errors. */
export function refusalOf(error: unknown): ApiError | undefined {
  return error instanceof ApiError || error instanceof GraphQLError
    ? asApiError(error)
    : apiErrorOfDatabaseFailure(error);
}
