import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';

/** /readyz answers within this, whatever the database does (docs/operations.md). */
const READY_TIMEOUT_MS = 2000;

/**
 * /healthz: the process is up. /readyz: it can answer data requests (the database responds and
 * the process is not draining).
 * While the database hangs, probes share one pending `SELECT 1` instead of each taking a pooled
 * connection, so a load balancer polling /readyz cannot use up the pool.
 */
export async function healthRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  let probe: Promise<boolean> | undefined;
  const databaseAnswers = () => {
    probe ??= deps.database.prisma.$queryRaw`SELECT 1`
      .then(
        () => true,
        () => false,
      )
      .finally(() => {
        probe = undefined;
      });
    return probe;
  };

  // Probes of the balancer and the orchestrator are not keyless traffic (docs/access.md).
  const notKeyless = { config: { addressLimit: false } };
  app.get('/healthz', notKeyless, async () => ({ status: 'ok' }));
  app.get('/readyz', notKeyless, async (_request, reply) => {
    // Draining (SIGTERM): the balancer and the orchestrator stop sending here.
    if (app.shutdown?.closing) {
      return reply.code(503).send({ status: 'draining', database: deps.database.kind });
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
    });
    const ready = await Promise.race([databaseAnswers(), timeout]);
    clearTimeout(timer);
    if (ready) {
      return { status: 'ready', database: deps.database.kind };
    }
    return reply.code(503).send({ status: 'not ready', database: deps.database.kind });
  });
}
