import type { FastifyInstance, RouteOptions } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { routeConfigOf } from './route-config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's integer parameters, by where they are: checked as text before validation. */
    integerParameters?: {
      params: readonly string[];
      query: readonly string[];
      /** Of those, the ones that may be text as well (`tz`: minutes or a zone name). */
      orText?: readonly string[];
    };
  }
}

/** Optional sign, then decimal digits: no `0x1`, `1e1`, ` 1`, `1.0` or `+1`. */
const DECIMAL = /^-?[0-9]+$/;

type Property = { type?: unknown; anyOf?: { type?: unknown }[] };

const propertiesOf = (schema: unknown) =>
  Object.entries(
    (schema as { properties?: Record<string, Property> } | undefined)?.properties ?? {},
  );

/** An integer, or a union of an integer and text (`tz`). */
const orText = (property: Property) =>
  property.anyOf?.some((p) => p.type === 'integer') === true &&
  property.anyOf.some((p) => p.type === 'string');

const integerNames = (schema: unknown): string[] =>
  propertiesOf(schema)
    .filter(([, property]) => property.type === 'integer' || orText(property))
    .map(([name]) => name);

/** Records a route's integer parameters on its config (an onRoute hook). */
function declareIntegerParameters(route: RouteOptions): void {
  const params = integerNames(route.schema?.params);
  const query = integerNames(route.schema?.querystring);
  const unions = propertiesOf(route.schema?.querystring)
    .filter(([, property]) => orText(property))
    .map(([name]) => name);
  if (params.length > 0 || query.length > 0) {
    route.config = {
      ...route.config,
      integerParameters: { params, query, ...(unions.length ? { orText: unions } : {}) },
    };
  }
}

/**
 * Not decimal digits; for a parameter that may be text as well, only a text JavaScript would
 * read as a number (`480.0`, `0x1`, ` 1`): a name is the handler's to judge.
 */
const isLoose = (text: string, mayBeText: boolean) =>
  !DECIMAL.test(text) && (!mayBeText || !Number.isNaN(Number(text)));

const firstLoose = (
  values: unknown,
  names: readonly string[],
  orText: readonly string[] = [],
): string | undefined => {
  const record = (values ?? {}) as Record<string, unknown>;
  return names.find((name) => {
    const value = record[name];
    const texts = Array.isArray(value) ? value : [value];
    const mayBeText = orText.includes(name);
    return texts.some((text) => typeof text === 'string' && isLoose(text, mayBeText));
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
    const parameter = inPath ?? firstLoose(request.query, declared.query, declared.orText);
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
