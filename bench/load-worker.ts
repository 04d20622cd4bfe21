/**
 * The load generator: a separate node process (forked by bench/load-client.ts) so that driving
 * the load never shares an event loop with the bench's bookkeeping or the servers under test.
 */
import autocannon, { type Result } from 'autocannon';
import { clientPage } from './client-page.js';
import type { CannonResult, CannonTask, LoadReply, LoadRequest } from './load-protocol.js';
import { percentile, round } from './stats.js';
import { runWrk } from './wrk.js';

function cannon(task: CannonTask, seconds: number, latencies?: number[]): Promise<Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: task.url,
        method: task.method,
        headers: task.headers,
        ...(task.body === undefined ? {} : { body: task.body }),
        ...(task.bodies ? { requests: task.bodies.map((body) => ({ body })) } : {}),
        connections: task.connections,
        ...(task.amount === undefined ? { duration: seconds } : { amount: task.amount }),
        timeout: 30,
        ...(task.graphql ? { verifyBody: (body: string) => !body.includes('"errors":') } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (task.amount !== undefined) {
      // Bounded in time all the same: what completed by then is the measurement.
      const cap = setTimeout(() => instance.stop(), seconds * 1000);
      instance.once('done', () => clearTimeout(cap));
    }
    if (latencies) {
      instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
        latencies.push(ms);
      });
    }
  });
}

/** Responses of a status the task does not expect: non-2xx, or any other than `expectStatus`. */
function unexpected(task: CannonTask, statusCodes: Record<string, number>, non2xx: number) {
  if (task.expectStatus === undefined) {
    return non2xx;
  }
  return Object.entries(statusCodes)
    .filter(([code]) => code !== String(task.expectStatus))
    .reduce((sum, [, count]) => sum + count, 0);
}

async function measure(task: CannonTask): Promise<CannonResult> {
  const latencies: number[] = [];
  const result = await cannon(task, task.seconds, latencies);
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
  );
  return {
    responses: latencies.length,
    seconds: result.duration,
    rps: round(latencies.length / result.duration, 1),
    p50: round(percentile(latencies, 50), 3),
    p99: round(percentile(latencies, 99), 3),
    failures: unexpected(task, statusCodes, result.non2xx) + result.errors + result.mismatches,
    statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
    mismatches: result.mismatches,
    bytesPerSecond: Math.round(result.throughput.total / result.duration),
  };
}

/** wrk unless the task asks for autocannon or counts answers (wrk only runs for a time). */
function measureWith(task: CannonTask): Promise<CannonResult> {
  return task.engine === 'autocannon' || task.amount !== undefined
    ? measure(task)
    : runWrk(task, task.seconds);
}

process.on('message', (message: LoadRequest) => {
  const { id, task } = message;
  const work = task.kind === 'cannon' ? measureWith(task) : clientPage(task);
  work.then(
    (result) => process.send?.({ id, ok: true, result } satisfies LoadReply),
    (error: unknown) =>
      process.send?.({
        id,
        ok: false,
        error: String((error as Error).stack ?? error),
      } satisfies LoadReply),
  );
});
process.on('disconnect', () => process.exit(0));
