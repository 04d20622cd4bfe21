/**
 * The quota gate alone, in its own process: touchline has no switch that turns the gate off, so
 * its cost is estimated from what one process can push through the same access policy (key
 * cache, account cache, counter store of the configuration, usage recorder) with the steps the
 * REST hooks run for a keyed GET: authenticate, address, tier, reserve, settle, quota headers.
 * Its CPU time per admission (this process only: Redis's own work is not in it, as it is not in
 * the server's) over the server's CPU time per detail response is the share of the server's
 * throughput the gate takes (a node server is bound by its one main thread).
 *
 * Env: the touchline configuration (loadConfig), BENCH_KEY, BENCH_SECONDS, BENCH_CONCURRENCY.
 * Prints one JSON document. Must not run while a server holds an embedded data folder.
 */
import { loadConfig } from '../src/config.js';
import { createDeps } from '../src/deps.js';
import { quotaHeaders } from '../src/policy/headers.js';

const key = process.env['BENCH_KEY'] ?? '';
const seconds = Number(process.env['BENCH_SECONDS'] ?? 3);
const concurrency = Number(process.env['BENCH_CONCURRENCY'] ?? 16);

const config = loadConfig();
const deps = await createDeps(config);
const { policy } = deps.access;

async function admitOnce(): Promise<void> {
  const principal = await policy.authenticate(key);
  policy.checkAddress(principal, '127.0.0.1');
  policy.checkTier(principal, 'plan');
  const result = await policy.reserve(principal, 1, 0);
  if (!result.admitted) {
    throw result.error;
  }
  const usage = await policy.settle(result.admission, true);
  quotaHeaders(usage, deps.clock.now(), false);
}

async function run(lanes: number, ms: number): Promise<number> {
  let ops = 0;
  const until = performance.now() + ms;
  const lane = async () => {
    while (performance.now() < until) {
      await admitOnce();
      ops += 1;
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return ops;
}

try {
  await run(concurrency, 500); // warm the key and account caches and the JIT
  const sequentialMs = Math.max(500, (seconds * 1000) / 3);
  const sequential = await run(1, sequentialMs);
  const concurrentMs = seconds * 1000;
  const cpu = process.cpuUsage();
  const concurrent = await run(concurrency, concurrentMs);
  const used = process.cpuUsage(cpu);
  process.stdout.write(
    `${JSON.stringify({
      store: config.redisUrl ? 'redis' : 'memory',
      concurrency,
      opsPerSecond: Math.round(concurrent / (concurrentMs / 1000)),
      sequentialMicros: Math.round(((sequentialMs * 1000) / sequential) * 10) / 10,
      cpuMicrosPerOp: Math.round(((used.user + used.system) / concurrent) * 10) / 10,
    })}\n`,
  );
} finally {
  await deps.close();
}
