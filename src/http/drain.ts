import type { FastifyInstance } from 'fastify';

/** Set by the process when SIGTERM arrives (app/serve.ts); read by every request. */
export interface ShutdownState {
  closing: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's shutdown flag, for answers written past the onSend hooks (prepared-answer.ts). */
    shutdown?: ShutdownState;
  }
}

/**
 * While the process drains (docs/operations.md "Shutdown"): a request that arrives on an open
 * keep-alive connection is answered as usual, with `Connection: close`, so the client moves to a
 * new connection (another instance, behind the balancer) after its answer instead of finding its
 * socket reset or its request refused. Behind a TCP balancer nothing could retry a refusal, so
 * nothing is refused: the listener is closed (new connections go elsewhere) and the open ones
 * end one answer later.
 */
export function registerDrain(app: FastifyInstance, state: ShutdownState): void {
  app.decorate('shutdown', state);
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (state.closing) {
      reply.header('connection', 'close');
    }
    done(null, payload);
  });
}
