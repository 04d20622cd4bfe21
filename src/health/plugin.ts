import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import type { SourceHealthStatus } from '../freshness/source-health.js';

/** /readyz answers within this, whatever the database does (docs/operations.md). */
const READY_TIMEOUT_MS = 2000;

/** What /readyz says of each data source (docs/sources/freshness.md). */
const sourceDetail = (s: SourceHealthStatus) => ({
  source: s.source,
  role: s.role,
  lagSeconds: s.lagSeconds === null ? null : Math.round(s.lagSeconds),
  stale: s.stale,
  liveMatches: s.liveMatches,
  refusedResources: s.refusedResources,
});

/** `promise`'s value, or `fallback` when it fails or takes longer than `ms`. */
async function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([promise.catch(() => fallback), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * /healthz: the process is up. /readyz: it can answer data requests (the database responds and
 * the process is not draining); its details list the data sources with their lag and whether
 * they are stale, which never makes the instance unready: the stored data is still served, and
 * the match lists answer 503 by themselves (docs/sources/freshness.md).
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
    const started = Date.now();
    const ready = await Promise.race([databaseAnswers(), timeout]);
    clearTimeout(timer);
    if (ready) {
      const left = Math.max(0, READY_TIMEOUT_MS - (Date.now() - started));
      const sources = await within(deps.services.sourceHealth(), left, []);
      return {
        status: 'ready',
        database: deps.database.kind,
        ...(sources.length > 0 ? { sources: sources.map(sourceDetail) } : {}),
      };
    }
    return reply.code(503).send({ status: 'not ready', database: deps.database.kind });
  });
}
