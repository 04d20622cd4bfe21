import type { FastifyInstance, RouteOptions } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { routeConfigOf } from './route-config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's integer parameters, by where they are: checked as text before validation. */
    integerParameters?: { params: readonly string[]; query: readonly string[] };
  }
}

/** Optional sign, then decimal digits: no `0x1`, `1e1`, ` 1`, `1.0` or `+1`. */
const DECIMAL = /^-?[0-9]+$/;

const integerNames = (schema: unknown): string[] => {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> } | undefined)
    ?.properties;
  return Object.entries(properties ?? {})
    .filter(([, property]) => property.type === 'integer')
    .map(([name]) => name);
};

/** Records a route's integer parameters on its config (an onRoute hook). */
function declareIntegerParameters(route: RouteOptions): void {
  const params = integerNames(route.schema?.params);
  const query = integerNames(route.schema?.querystring);
  if (params.length > 0 || query.length > 0) {
    route.config = { ...route.config, integerParameters: { params, query } };
  }
}

const firstLoose = (values: unknown, names: readonly string[]): string | undefined => {
  const record = (values ?? {}) as Record<string, unknown>;
  return names.find((name) => {
    const value = record[name];
    const texts = Array.isArray(value) ? value : [value];
    return texts.some((text) => typeof text === 'string' && !DECIMAL.test(text));
  });
};

/**
 * DECISIONS.md "Access": declared integers are plain decimal digits. Schema coercion would read
 * `0x1`, `1e1` and ` 1` as numbers, so the text is checked first, where validation happens in
 * the check order (after the key checks, before the rate). A malformed path id answers like any
 * invalid one (404 on the routes whose part-4 row declares no 400).
 */
export function registerStrictIntegers(app: FastifyInstance): void {
  app.addHook('onRoute', declareIntegerParameters);
  app.addHook('preValidation', (request, _reply, done) => {
    const config = routeConfigOf(request);
    const declared = config.integerParameters;
    if (!declared) {
      done();
      return;
    }
    const inPath = firstLoose(request.params, declared.params);
    if (inPath && config.invalidPathIsNotFound) {
      done(new ApiError('not_found', `No resource at ${request.url.split('?')[0]}`));
      return;
    }
    const parameter = inPath ?? firstLoose(request.query, declared.query);
    if (parameter) {
      done(
        new ApiError('invalid_parameter', `Parameter '${parameter}' must be a decimal integer`, {
          parameter,
        }),
      );
      return;
    }
    done();
  });
}
