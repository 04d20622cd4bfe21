import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { sendProblem } from './problem.js';

const OTHER_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route only answers 405 (a method the resource does not have): nothing else runs. */
    refusesMethod?: boolean;
  }
}

/**
 * The API is read-only (spec 1): another method on a known route is 405 with `Allow`, not the
 * 404 of an unknown route. Registered after the routes, from the list they left.
 */
export function registerMethodNotAllowed(
  app: FastifyInstance,
  urls: string[],
  docsUrl: string,
): void {
  const refuse = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('allow', 'GET, HEAD');
    return sendProblem(
      reply,
      new ApiError(
        'method_not_allowed',
        `${request.method} is not allowed here; the API is read-only (GET, HEAD)`,
      ),
      docsUrl,
    );
  };
  for (const url of urls) {
    app.route({
      method: [...OTHER_METHODS],
      url,
      schema: { hide: true },
      config: { refusesMethod: true },
      // Answered in onRequest, before Fastify reads the body: a malformed, oversized or
      // unsupported body must not turn the 405 into a 400 (found by test/fuzz: POST with
      // `Content-Type: application/json` and the body `{bad` was 400 invalid_parameter).
      onRequest: refuse,
      handler: refuse,
    });
  }
}
