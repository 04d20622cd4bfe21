import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type UsageSnapshot, whenReady } from '../src/counters/quota-store.js';
import { routeConfigOf } from '../src/http/route-config.js';
import type { Operation } from '../src/policy/access-policy.js';
import { type Gate, type Pass, runStep, type Units } from '../src/policy/gate.js';
import { quotaHeaders } from '../src/policy/headers.js';
import { rawKeyOf } from '../src/policy/raw-key.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Keyed routes name what they draw on; routes without it are keyless (meta). */
    access?: Operation;
  }
  interface FastifyRequest {
    /** Set on keyed routes once the key passed the gate (null before, and on keyless routes). */
    pass: Pass | null;
  }
}

const ONE_UNIT: Units = Object.freeze({ cost: 1, freeEligible: 0 });
const ONE_MATCH_LIST_UNIT: Units = Object.freeze({ cost: 1, freeEligible: 1 });

/** What a REST request reserves: one unit; the match list's may come from the free allowance. */
export const unitsOf = (operation: Operation): Units =>
  operation === 'matchList' ? ONE_MATCH_LIST_UNIT : ONE_UNIT;

/**
 * The access gate in front of every keyed /v1 route (src/policy/gate.ts keeps the order of
 * DECISIONS.md "Access"): onRequest enters it (key, address, tier); Fastify's validation checks
 * the parameters; preHandler reserves (rate, quota); onSend settles for the final status and
 * writes the quota headers. The hooks take Fastify's `done` callback rather
 * than returning promises: with the key cached and the in-process counters, a request passes the
 * whole gate without waiting for anything.
 */
export function registerAccess(app: FastifyInstance, gate: Gate, now: () => Date): void {
  app.decorateRequest('pass', null);

  app.addHook('onRequest', (request, _reply, done) => {
    const operation = routeConfigOf(request).access;
    if (!operation) {
      done();
      return;
    }
    runStep(
      () =>
        gate.enter(rawKeyOf(request.headers), request.ip, operation, request.raw.socket, request),
      done,
    );
  });

  app.addHook('preHandler', (request, _reply, done) => {
    const pass = request.pass;
    const operation = routeConfigOf(request).access;
    if (!pass || !operation) {
      done();
      return;
    }
    runStep(() => pass.reserve(unitsOf(operation)), done);
  });

  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload, done) => {
    const pass = request.pass;
    if (!pass) {
      done(null, payload);
      return;
    }
    const finish = (usage: UsageSnapshot) => {
      reply.headers(countersOf(request, usage, now()));
      done(null, payload);
    };
    try {
      whenReady(pass.settleFor(reply.statusCode), finish, (error) =>
        done(error ?? new Error('settle failed')),
      );
    } catch (error) {
      done(error as Error);
    }
  });
}

/** The match list's answers carry its free allowance in their quota headers. */
export const isMatchList = (request: FastifyRequest) =>
  routeConfigOf(request).access === 'matchList';

/** The quota headers of a request's answer. */
const countersOf = (request: FastifyRequest, usage: UsageSnapshot, now: Date) =>
  quotaHeaders(usage, now, isMatchList(request));
