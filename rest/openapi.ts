import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Config } from '../src/config/config.js';
import { ERROR_CODES } from '../src/errors/codes.js';
import { registerCompression } from '../src/http/compression.js';
import { Problem } from '../src/wire/schemas/problem.js';
import { errorStatusesOf } from './declared-errors.js';
import { EXAMPLES } from './examples/index.js';
import { OPERATION_TAGS, OPERATIONS, TAG_DESCRIPTIONS } from './operations.js';

const API_VERSION = '1.0.0';

const header = (description: string) => ({ type: 'integer', description });

/** Spec 8.2 rule 6: the headers of every response to a request with a valid key. */
const QUOTA_HEADERS = {
  'X-RateLimit-Limit': header('Requests allowed in the current minute.'),
  'X-RateLimit-Remaining': header('Requests left in the current minute.'),
  'X-RateLimit-Reset': header('Seconds until the current minute ends.'),
  'X-Quota-Limit': header(
    "The account's daily plan limit (excludes the free match-list allowance).",
  ),
  'X-Quota-Remaining': header('Requests left today; includes usage of revoked keys.'),
  'X-Quota-Reset': header('Seconds until 00:00 Hong Kong time.'),
};

const text = (description: string) => ({ type: 'string', description });

/** DECISIONS.md "Access": the IETF fields beside the contract's (draft-ietf-httpapi-ratelimit-headers). */
const IETF_HEADERS = {
  'RateLimit-Policy': text(
    'The policies in force (draft-ietf-httpapi-ratelimit-headers): `"minute";q=<requests>;w=60` of the key, `"day";q=<requests>;w=86400` of the account (the Hong Kong day), and on `/matches` `"free-matches";q=<requests>;w=86400`; on keyless routes `"address";q=<requests>;w=60`.',
  ),
  RateLimit: text(
    'What is left of each policy and when it resets, e.g. `"minute";r=29;t=37, "day";r=4999;t=43210`: `r` remaining requests, `t` seconds to the reset.',
  ),
};

/** Issue 16: every answer names its request (src/http/request-id.ts). */
const REQUEST_ID_HEADERS = {
  'X-Request-Id': {
    type: 'string',
    pattern: '^[A-Za-z0-9._:-]{1,128}$',
    description:
      'The id of this request, as in the server log: the `X-Request-Id` the request carried when it was 1-128 characters of letters, digits and `._:-`, else a new UUID.',
  },
};

const BONUS_HEADERS = {
  'X-Matches-Bonus-Limit': header('Daily free match-list limit.'),
  'X-Matches-Bonus-Remaining': header('Free match-list requests left today.'),
  'X-Matches-Bonus-Reset': header('Seconds until the allowance resets at 00:00 Hong Kong time.'),
};

const codesFor = (status: number) =>
  Object.entries(ERROR_CODES)
    .filter(([, v]) => v.status === status)
    .map(([code]) => code);

function problemResponse(status: number, keyed: boolean) {
  const headers: Record<string, unknown> = keyed
    ? { ...QUOTA_HEADERS, ...IETF_HEADERS, ...REQUEST_ID_HEADERS }
    : { ...REQUEST_ID_HEADERS };
  if (status === 429 || status === 503) {
    headers['Retry-After'] = header('Seconds to wait before retrying.');
  }
  if (status === 429 && !keyed) {
    Object.assign(headers, IETF_HEADERS);
  }
  return {
    description: `Problem details; \`code\` is one of: ${codesFor(status).join(', ')}.`,
    headers,
    content: { 'application/problem+json': { schema: Problem } },
  };
}

/**
 * The 200's example (rest/examples): @fastify/swagger turns a one-element `examples` of a
 * response schema into the media type's `example`; a response given as `content` (the stream's
 * text/event-stream) gets it on each media type. Neither keyword changes validation or
 * serialization.
 */
function withExample(ok: Record<string, unknown>, example: unknown): Record<string, unknown> {
  const content = ok['content'] as Record<string, Record<string, unknown>> | undefined;
  if (!content) {
    return { ...ok, examples: [example] };
  }
  const media = Object.entries(content).map(([type, m]) => [type, { ...m, example }]);
  return { ...ok, content: Object.fromEntries(media) };
}

/**
 * Completes every /v1 route's schema from one place: its declared errors (spec part 4) as
 * problem+json responses, the rate and quota headers on keyed routes, and the example of the 200
 * body (rest/examples). Route files declare only their parameters and their 200 body.
 */
export function completeRouteSchema(route: RouteOptions): void {
  const url = route.url;
  if (!url.startsWith('/v1/football/') || !route.schema) {
    return;
  }
  const operation = OPERATIONS[url];
  if (!operation) {
    throw new Error(`${url} has no entry in rest/operations.ts (operationId, tag, summary)`);
  }
  const example = EXAMPLES[url];
  if (example === undefined) {
    throw new Error(`${url} has no example of its 200 body in rest/examples/index.ts`);
  }
  const keyed = Boolean(route.config?.access);
  const response = { ...(route.schema.response as Record<string, unknown> | undefined) };
  const ok = response['200'] as Record<string, unknown> | undefined;
  if (ok && keyed && !('content' in ok)) {
    const bonus = route.config?.access === 'matchList' ? BONUS_HEADERS : {};
    response['200'] = {
      ...ok,
      headers: { ...QUOTA_HEADERS, ...bonus, ...IETF_HEADERS, ...REQUEST_ID_HEADERS },
    };
  } else if (ok) {
    const headers = (ok['headers'] as Record<string, unknown> | undefined) ?? {};
    response['200'] = { ...ok, headers: { ...headers, ...REQUEST_ID_HEADERS } };
  }
  if (ok) {
    response['200'] = withExample(response['200'] as Record<string, unknown>, example);
  }
  for (const status of errorStatusesOf(url)) {
    response[String(status)] ??= problemResponse(status, keyed);
  }
  route.schema = {
    ...route.schema,
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    description: operation.description,
    response,
    ...(keyed ? { security: [{ bearer: [] }, { apiKey: [] }] } : { security: [] }),
  };
}

export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Football Data API (touchline)',
        version: API_VERSION,
        description: `Live scores, fixtures, odds and analysis. Plans and prices: ${config.baseUrl}/pricing. Errors: ${config.docsUrl}/errors.`,
        contact: { name: 'API documentation and support', url: config.docsUrl },
        license: { name: 'MIT', identifier: 'MIT' },
      },
      tags: OPERATION_TAGS.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
      servers: [{ url: config.baseUrl }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'Authorization: Bearer <API_KEY>',
          },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        },
      },
    },
    hideUntagged: false,
    transform: ({ schema, url }) => {
      const hidden = !url.startsWith('/v1/football/');
      return { schema: (hidden ? { ...schema, hide: true } : schema) as typeof schema, url };
    },
  });
  // Compressed for clients that ask (the document is about 250 kB of JSON).
  await app.register(async (scope) => {
    await registerCompression(scope);
    scope.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  });
}
