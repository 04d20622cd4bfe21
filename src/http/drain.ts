import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors/api-error.js';

/** Set by the process when SIGTERM arrives (src/cli/serve.ts); read by every request. */
export interface ShutdownState {
  closing: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's shutdown flag, for answers written past the onSend hooks (prepared-answer.ts). */
    shutdown?: ShutdownState;
  }
}

/** A client told to come back: another instance (behind the balancer) or this one restarted. */
const RETRY_AFTER_SECONDS = 1;

/**
 * While the process drains (docs/operations.md "Shutdown"): a request that arrives is answered
 * 503 `upstream_unavailable` with `Retry-After` before anything reads or counts it, and every
 * response says `Connection: close`, so a keep-alive client moves to a new connection after the
 * answer instead of finding its socket reset.
 */
export function registerDrain(app: FastifyInstance, state: ShutdownState): void {
  app.decorate('shutdown', state);
  app.addHook('onRequest', (_request, reply, done) => {
    if (!state.closing) {
      done();
      return;
    }
    reply.header('connection', 'close');
    done(
      new ApiError('upstream_unavailable', 'This instance is shutting down; retry the request', {
        retryAfter: RETRY_AFTER_SECONDS,
      }),
    );
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (state.closing) {
      reply.header('connection', 'close');
    }
    done(null, payload);
  });
}
