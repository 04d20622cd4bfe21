import type { FastifyInstance } from 'fastify';
import {
  type AddressLimiter,
  addressRateLimited,
  addressRateLimitHeaders,
} from '../counters/address-limiter.js';
import { whenReady } from '../counters/quota-store.js';
import { routeConfigOf } from './route-config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * False on routes that are not keyless traffic: health probes, the admin API (its own
     * token), and /graphql, whose operations decide for themselves (a keyless one is counted).
     */
    addressLimit?: boolean;
  }
}

/**
 * DECISIONS.md "Access": every keyless request (meta routes, docs, the OpenAPI document, an
 * unknown path) counts on its address's minute; over the limit it is 429 `rate_limited` with
 * `Retry-After` and the address policy's RateLimit fields. Keyed routes are left to the key's
 * own limits.
 */
export function registerAddressLimit(app: FastifyInstance, limiter: AddressLimiter): void {
  app.addHook('onRequest', (request, reply, done) => {
    const config = routeConfigOf(request);
    if (config.access || config.addressLimit === false) {
      done();
      return;
    }
    whenReady(
      limiter.admit(request.ip),
      (admission) => {
        if (admission.admitted) {
          done();
          return;
        }
        reply.headers(addressRateLimitHeaders(admission));
        done(addressRateLimited(admission));
      },
      done,
    );
  });
}
