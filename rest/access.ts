import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeConfigOf } from '../src/http/route-config.js';
import type { AccessPolicy, Admission, Operation, Principal } from '../src/policy/access-policy.js';
import { quotaHeaders } from '../src/policy/headers.js';
import { type UsageSnapshot, whenReady } from '../src/policy/quota-store.js';
import { rawKeyOf } from '../src/policy/raw-key.js';

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

/** 2xx and 404 are charged; everything else (304 included) gives its daily units back. */
const isCharged = (status: number) => (status >= 200 && status < 300) || status === 404;

/**
 * The access policy in front of every keyed /v1 route, in the order of DECISIONS.md "Access":
 * query-string key (400) -> key present (401) -> known (401) -> not expired (403) -> address
 * (403) -> tier (403) -> parameters (400, Fastify validation) -> rate (429) -> quota (429).
 * The hooks take Fastify's `done` callback rather than returning promises: with the key cached
 * and the in-process counters, a request passes the whole gate without waiting for anything.
 */
export function registerAccess(app: FastifyInstance, policy: AccessPolicy, now: () => Date): void {
  app.decorateRequest('access', null);

  function checkKey(request: FastifyRequest, operation: Operation, principal: Principal) {
    const access = new RequestAccess(principal);
    request.access = access;
    policy.checkAddress(principal, request.ip);
    try {
      policy.checkTier(principal, operation);
    } catch (error) {
      return Promise.resolve(policy.chargeMinute(principal)).then((usage) => {
        access.usage = usage;
        throw error;
      });
    }
    return undefined;
  }

  app.addHook('onRequest', (request, _reply, done) => {
    const operation = routeConfigOf(request).access;
    if (!operation) {
      done();
      return;
    }
    try {
      whenReady(
        policy.authenticate(rawKeyOf(request.headers)),
        (principal) => {
          try {
            const refused = checkKey(request, operation, principal);
            if (refused) {
              refused.then(done, done);
            } else {
              done();
            }
          } catch (error) {
            done(error as Error);
          }
        },
        done,
      );
    } catch (error) {
      done(error as Error);
    }
  });

  app.addHook('preHandler', (request, _reply, done) => {
    const access = request.access;
    if (!access) {
      done();
      return;
    }
    const operation = routeConfigOf(request).access;
    whenReady(
      policy.reserve(access.principal, 1, operation === 'matchList' ? 1 : 0),
      (result) => {
        if (!result.admitted) {
          access.usage = result.usage;
          done(result.error);
          return;
        }
        access.admission = result.admission;
        access.usage = result.admission.usage;
        done();
      },
      done,
    );
  });

  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload, done) => {
    const access = request.access;
    if (!access) {
      done(null, payload);
      return;
    }
    const finish = (usage: UsageSnapshot) => {
      access.usage = usage;
      const matchList = routeConfigOf(request).access === 'matchList';
      reply.headers(quotaHeaders(usage, now(), matchList));
      done(null, payload);
    };
    const failed = (error: unknown) => done(error as Error);
    if (access.admission) {
      const admission = access.admission;
      access.admission = undefined;
      whenReady(policy.settle(admission, isCharged(reply.statusCode)), finish, failed);
    } else if (access.usage) {
      finish(access.usage);
    } else {
      // Stopped after the key checks but before the quota step (a 400 parameter error).
      const usage =
        reply.statusCode === 400
          ? policy.chargeMinute(access.principal)
          : policy.peek(access.principal);
      whenReady(usage, finish, failed);
    }
  });
}
