import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiErrorOfDatabaseFailure } from '../db/failures.js';
import { ApiError } from '../errors/api-error.js';
import { markRefusal } from './refusal.js';
import { routeConfigOf } from './route-config.js';

interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  parameter?: string;
  address?: string;
}

export function toProblem(error: ApiError, docsUrl: string): ProblemDetails {
  return {
    type: `${docsUrl}/errors#${error.code}`,
    title: error.title,
    status: error.status,
    detail: error.detail,
    code: error.code,
    ...(error.extras.parameter ? { parameter: error.extras.parameter } : {}),
    ...(error.extras.address ? { address: error.extras.address } : {}),
  };
}

export function sendProblem(reply: FastifyReply, error: ApiError, docsUrl: string): FastifyReply {
  markRefusal(reply.request, error.code);
  if (error.extras.retryAfter !== undefined) {
    reply.header('retry-after', String(error.extras.retryAfter));
  }
  return reply
    .code(error.status)
    .type('application/problem+json')
    .serializer(JSON.stringify)
    .send(toProblem(error, docsUrl));
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * DECISIONS.md "Matches": a malformed path id is 404 `not_found` on routes whose part-4 row
     * declares no 400 (the path names no resource), and 400 `invalid_parameter` elsewhere.
     */
    invalidPathIsNotFound?: boolean;
  }
}

/** Fastify's schema validation error -> 400 `invalid_parameter` naming the parameter. */
function fromValidation(error: FastifyError, request: FastifyRequest): ApiError {
  if (error.validationContext === 'params' && routeConfigOf(request).invalidPathIsNotFound) {
    return new ApiError('not_found', `No resource at ${request.url.split('?')[0]}`);
  }
  const first = error.validation?.[0];
  const path = first?.instancePath?.replace(/^\//, '') ?? '';
  const missing = (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
  const parameter = path || missing || 'request';
  return new ApiError(
    'invalid_parameter',
    `Parameter '${parameter}' ${first?.message ?? 'is invalid'}`,
    {
      parameter,
    },
  );
}

/**
 * Any error a request ends with, as the API error it is answered with (spec part 7): our own as
 * they are, validation and request-reading failures as 400 (404 for a malformed path id where the
 * route says so), a database outage as 503; anything else is logged with the request and becomes
 * a bare 500 `internal_error`: no stack or message leaks. Each door renders the result its way.
 */
export function apiErrorOf(error: FastifyError | ApiError, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) {
    return error;
  }
  if (error.validation) {
    return fromValidation(error, request);
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    const code = error.statusCode === 404 ? 'not_found' : 'invalid_parameter';
    // docs/access.md "Request size limits": an oversized body is 400 and says so.
    const detail =
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? `The request body is larger than the ${request.routeOptions.bodyLimit} bytes this route accepts`
        : 'The request could not be read';
    return new ApiError(code, detail);
  }
  const databaseFailure = apiErrorOfDatabaseFailure(error);
  if (databaseFailure) {
    if (databaseFailure.code === 'upstream_unavailable') {
      request.log.warn({ err: error }, 'database unavailable');
    }
    return databaseFailure;
  }
  request.log.error({ err: error }, 'unexpected failure');
  return new ApiError('internal_error', 'An unexpected error occurred');
}

/** The shell's renderer: every error leaves as problem+json unless a door renders its own. */
export function registerProblemHandlers(app: FastifyInstance, docsUrl: string): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
    sendProblem(reply, apiErrorOf(error, request), docsUrl),
  );
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      reply,
      new ApiError('not_found', `No route ${request.method} ${request.url.split('?')[0]}`),
      docsUrl,
    ),
  );
}
