import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { routeConfigOf } from './route-config.js';

/** The first parameter of `part` that schema coercion turned into a number that is not finite. */
function nonFinite(part: unknown): string | undefined {
  if (!part || typeof part !== 'object') {
    return undefined;
  }
  for (const [name, value] of Object.entries(part)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === 'number' && !Number.isFinite(v))) {
      return name;
    }
  }
  return undefined;
}

/**
 * Ajv coerces `Infinity`, `-Infinity` and `1e400` to non-finite numbers and then skips its
 * number keywords for them (`minimum`, `maximum`, `format`), so they pass the int32 schemas
 * (found by test/fuzz: `/matches/Infinity/events` was a 500). This preHandler finishes the
 * validation: such a value fails like any other invalid parameter, before the quota step.
 */
export function registerFiniteParameters(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    done(nonFiniteError(request));
  });
}

function nonFiniteError(request: FastifyRequest): ApiError | undefined {
  const inPath = nonFinite(request.params);
  if (inPath && routeConfigOf(request).invalidPathIsNotFound) {
    return new ApiError('not_found', `No resource at ${request.url.split('?')[0]}`);
  }
  const parameter = inPath ?? nonFinite(request.query);
  return parameter
    ? new ApiError('invalid_parameter', `Parameter '${parameter}' must be a finite integer`, {
        parameter,
      })
    : undefined;
}
