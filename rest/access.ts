import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../src/errors/api-error.js';
import type { AccessPolicy, Admission, Operation, Principal } from '../src/policy/access-policy.js';
import { quotaHeaders } from '../src/policy/headers.js';
import type { UsageSnapshot } from '../src/policy/quota-store.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Keyed routes name what they draw on; routes without it are keyless (meta). */
    access?: Operation;
  }
  interface FastifyRequest {
    access?: {
      principal?: Principal;
      /** The key passed the address check: its requests count on the minute from here on. */
      allowed?: boolean;
      admission?: Admission;
      usage?: UsageSnapshot;
    };
  }
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
  app.addHook('onRequest', async (request) => {
    const operation = request.routeOptions.config.access;
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
    request.access = { principal };
    policy.checkAddress(principal, request.ip);
    request.access.allowed = true;
    try {
      policy.checkTier(principal, operation);
    } catch (error) {
      request.access.usage = await policy.chargeMinute(principal);
      throw error;
    }
  });

  app.addHook('preHandler', async (request) => {
    const operation = request.routeOptions.config.access;
    const principal = request.access?.principal;
    if (!operation || !principal) {
      return;
    }
    const result = await policy.reserve(principal, 1, operation === 'matchList' ? 1 : 0);
    if (!result.admitted) {
      request.access = { principal, allowed: true, usage: result.usage };
      throw result.error;
    }
    request.access = {
      principal,
      allowed: true,
      admission: result.admission,
      usage: result.admission.usage,
    };
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const access = request.access;
    if (!access?.principal) {
      return payload;
    }
    if (access.admission) {
      access.usage = await policy.settle(access.admission, isCharged(reply.statusCode));
      delete access.admission;
    } else if (!access.usage) {
      // Stopped after the key checks but before the quota step (a 400 parameter error).
      access.usage =
        reply.statusCode === 400
          ? await policy.chargeMinute(access.principal)
          : await policy.peek(access.principal);
    }
    reply.headers(
      quotaHeaders(access.usage, now(), request.routeOptions.config.access === 'matchList'),
    );
    return payload;
  });
}
