import type { LoadGenerator } from '../load-client.js';
import { type BenchOptions, loadEngine } from '../options.js';
import { log, type Server } from '../processes.js';
import { type Measurement, measureScenario, type Scenario } from '../scenarios.js';
import type { OperationId } from './operations.js';
import type { PeerOptions } from './options.js';
import { cpuBetween, type PgBackendCpu } from './pg-cpu.js';

/** The three servers of a round: touchline with its response cache off and on, PostGraphile. */
export type Side = 'touchline-off' | 'touchline-on' | 'postgraphile';

export interface PeerMeasurement {
  round: number;
  operation: OperationId;
  side: Side;
  measurement: Measurement;
  /** CPU of the database's PostgreSQL backends per response in the measured window. */
  pgCpuMicrosPerResponse?: number;
}

/** What bench/scenarios.ts's measureScenario reads; the warm-up is done here, outside the window. */
function scenarioOptions(o: PeerOptions): BenchOptions {
  return {
    seconds: o.seconds,
    rounds: o.rounds,
    warmup: 0,
    connections: o.connections,
    matches: o.matches,
    pageRuns: 1,
    pageConcurrency: 1,
    maxNon2xx: o.maxNon2xx,
    configs: ['postgres'],
    pgUrl: o.pgUrl,
    redisUrl: o.redisUrl,
    outDir: o.outDir,
    keepData: o.keepData,
    liveOnly: false,
    loadGenerator: loadEngine(process.env['BENCH_LOAD_GENERATOR'] ?? 'wrk'),
  };
}

/**
 * One row of one round: a discarded warm-up, then bench/scenarios.ts's probe, measured window
 * (server CPU from /proc) and probe, with the PostgreSQL backends' CPU read around it.
 */
export async function measurePeer(
  context: { load: LoadGenerator; options: PeerOptions; pgCpu: PgBackendCpu },
  at: { round: number; operation: OperationId; side: Side },
  server: Server,
  scenario: Scenario,
): Promise<PeerMeasurement> {
  const { load, options, pgCpu } = context;
  log(`round ${at.round}: ${at.operation}, ${at.side}`);
  if (options.warmup > 0) {
    await load.cannon({
      url: `${server.url}${scenario.path}`,
      method: scenario.method,
      headers: scenario.headers,
      ...(scenario.body === undefined ? {} : { body: scenario.body }),
      connections: options.connections,
      seconds: options.warmup,
      graphql: true,
    });
  }
  const before = await pgCpu.snapshot();
  const m = await measureScenario(load, scenarioOptions(options), at.side, server, scenario);
  const after = await pgCpu.snapshot();
  const pgMicros = cpuBetween(before, after);
  const pgCpuMicrosPerResponse =
    m.result.responses > 0 ? Math.round(pgMicros / m.result.responses) : undefined;
  const problems = m.problems.length ? ` PROBLEMS: ${m.problems.join('; ')}` : '';
  log(
    `  ${Math.round(m.result.rps)} req/s, p50 ${m.result.p50} ms, p99 ${m.result.p99} ms, ` +
      `server ${m.cpuMicrosPerResponse ?? '?'} µs, PostgreSQL ${pgCpuMicrosPerResponse ?? '?'} µs CPU/response${problems}`,
  );
  return {
    ...at,
    measurement: m,
    ...(pgCpuMicrosPerResponse === undefined ? {} : { pgCpuMicrosPerResponse }),
  };
}
