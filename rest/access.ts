import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../src/errors/api-error.js';
import type { AccessPolicy, Admission, Operation, Principal } from '../src/policy/access-policy.js';
import { quotaHeaders } from '../src/policy/headers.js';
import type { UsageSnapshot } from '../src/policy/quota-store.js';
import { routeConfigOf } from './route-config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Keyed routes name what they draw on; routes without it are keyless (meta). */
    access?: Operation;
  }
  interface FastifyRequest {
    /** Set on keyed routes once the key is known (null before, and on keyless routes). */
    access: RequestAccess | null;
  }
}

/** What the access hooks learn about one request; every field exists from the start (one shape). */
class RequestAccess {
  admission: Admission | undefined = undefined;
  usage: UsageSnapshot | undefined = undefined;

  constructor(readonly principal: Principal) {}
}

/** DECISIONS.md "Access": a key in the query string is never used, whatever its name. */
const QUERY_KEY_NAMES = [
  'api_key',
  'apikey',
  'api-key',
  'key',
  'token',
  'access_token',
  'x-api-key',
  'auth',
];

export function rawKeyOf(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  if (authorization) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match?.[1] ?? authorization;
  }
  const header = request.headers['x-api-key'];
  return Array.isArray(header) ? header[0] : header;
}

export function queryKeyName(request: FastifyRequest): string | undefined {
  const query = request.url.split('?')[1];
  if (!query) {
    return undefined;
  }
  const names = [...new URLSearchParams(query).keys()].map((n) => n.toLowerCase());
  return names.find((n) => QUERY_KEY_NAMES.includes(n));
}

/** 2xx and 404 are charged; everything else (304 included) gives its daily units back. */
const isCharged = (status: number) => (status >= 200 && status < 300) || status === 404;

/**
 * The access policy in front of every keyed /v1 route, in the order of DECISIONS.md "Access":
 * query-string key (400) -> key present (401) -> known (401) -> not expired (403) -> address
 * (403) -> tier (403) -> parameters (400, Fastify validation) -> rate (429) -> quota (429).
 */
export function registerAccess(app: FastifyInstance, policy: AccessPolicy, now: () => Date): void {
  app.decorateRequest('access', null);
  app.addHook('onRequest', async (request) => {
    const operation = routeConfigOf(request).access;
    if (!operation) {
      return;
    }
    const named = queryKeyName(request);
    if (named) {
      throw new ApiError(
        'invalid_parameter',
        `API keys are not accepted in the URL ('${named}'); send the Authorization or X-Api-Key header`,
        {
          parameter: named,
        },
      );
    }
    const principal = await policy.authenticate(rawKeyOf(request));
    const access = new RequestAccess(principal);
    request.access = access;
    policy.checkAddress(principal, request.ip);
    try {
      policy.checkTier(principal, operation);
    } catch (error) {
      access.usage = await policy.chargeMinute(principal);
      throw error;
    }
  });

  app.addHook('preHandler', async (request) => {
    const access = request.access;
    if (!access) {
      return;
    }
    const operation = routeConfigOf(request).access;
    const result = await policy.reserve(access.principal, 1, operation === 'matchList' ? 1 : 0);
    if (!result.admitted) {
      access.usage = result.usage;
      throw result.error;
    }
    access.admission = result.admission;
    access.usage = result.admission.usage;
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const access = request.access;
    if (!access) {
      return payload;
    }
    if (access.admission) {
      const admission = access.admission;
      access.admission = undefined;
      access.usage = await policy.settle(admission, isCharged(reply.statusCode));
    } else if (!access.usage) {
      // Stopped after the key checks but before the quota step (a 400 parameter error).
      access.usage =
        reply.statusCode === 400
          ? await policy.chargeMinute(access.principal)
          : await policy.peek(access.principal);
    }
    reply.headers(quotaHeaders(access.usage, now(), routeConfigOf(request).access === 'matchList'));
    return payload;
  });
}
