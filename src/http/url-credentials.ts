import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { credentialParameter } from '../policy/query-credentials.js';
import { routeConfigOf } from './route-config.js';

/**
 * DECISIONS.md "Access", the first check of every request: a query parameter whose name is a
 * credential's (any spelling) or whose name or value carries a key prefix is 400
 * `invalid_parameter` naming it; the key is never used and never logged. On every route, keyed
 * or not, REST and GraphQL alike, before anything is counted.
 */
export function registerUrlCredentialCheck(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    // A method the resource does not have is 405 first (method-not-allowed.ts): the request is
    // not served, so the key in its URL is not used either.
    const named =
      request.url.includes('?') && !routeConfigOf(request).refusesMethod
        ? credentialParameter(request.url)
        : undefined;
    if (named === undefined) {
      done();
      return;
    }
    done(
      new ApiError(
        'invalid_parameter',
        `API keys and other credentials are not accepted in the URL ('${named}'); send the key in the Authorization or X-Api-Key header`,
        { parameter: named },
      ),
    );
  });
}
