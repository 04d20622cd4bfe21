import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../../errors/api-error.js';
import { apiErrorOf } from '../../http/problem.js';
import { markRefusal } from '../../http/refusal.js';
import { graphqlErrorOf } from './errors.js';

/** The media type the GraphQL-over-HTTP spec asks for when the client accepts it. */
const GRAPHQL_RESPONSE = 'application/graphql-response+json';

/** A whole request refused at the GraphQL door, in GraphQL's shape, with REST's status and code. */
export function sendGraphqlError(request: FastifyRequest, reply: FastifyReply, error: ApiError) {
  markRefusal(request, error.code);
  if (error.extras.retryAfter !== undefined) {
    reply.header('retry-after', String(error.extras.retryAfter));
  }
  const accept = request.headers.accept ?? '';
  return reply
    .code(error.status)
    .type(accept.includes(GRAPHQL_RESPONSE) ? GRAPHQL_RESPONSE : 'application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send({ errors: [graphqlErrorOf(error).toJSON()] });
}

/**
 * The GraphQL door's renderer (STYLE "one renderer per door"): a request refused before Yoga
 * answers it (a credential in the URL, deep variables, the per-address limit, a body too large,
 * a method /graphql does not have, a draining process) is `{ "errors": [...] }` with the code in
 * `extensions.code`, as every GraphQL error is, never REST's problem+json.
 */
export function registerGraphqlErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError, request, reply) =>
    sendGraphqlError(request, reply, apiErrorOf(error, request)),
  );
}
