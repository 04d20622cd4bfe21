import type { FastifyInstance } from 'fastify';
import type { Deps } from './deps.js';

const READY_TIMEOUT_MS = 2000;

/** /healthz: the process is up. /readyz: it can answer data requests (the database responds). */
export async function healthRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const timeout = new Promise<never>((_, reject) => {
      setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS).unref();
    });
    try {
      await Promise.race([deps.database.prisma.$queryRaw`SELECT 1`, timeout]);
      return { status: 'ready', database: deps.database.kind };
    } catch {
      return reply.code(503).send({ status: 'not ready', database: deps.database.kind });
    }
  });
}
