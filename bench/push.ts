/**
 * `npm run bench:push` (issue 14, docs/benchmarks.md "Push"): two instances of `touchline serve`
 * on one PostgreSQL database and Redis, 300 live matches changed through `touchline feed -` at
 * 60 changes a second. One instance first: on A, 2,000 SSE subscribers of one match each (as
 * match pages), 100 of every live match and 500 graphql-ws `matchUpdated` subscribers; the
 * delivery time from a change's write to its last subscriber (p50, p99, max), and the cached
 * REST detail's throughput on A while it runs against before anything was open. Then two
 * instances: 100 SSE subscribers on B must get every change of their matches. Last, memory per
 * idle stream on B (500 more, B warm). The REST pair (nothing open, under push) is measured in
 * BENCH_PUSH_ROUNDS rounds, the subscribers opened and closed for each; its ratio is the median of
 * the rounds' ratios.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccountsService } from '../src/accounts/accounts.js';
import { openDatabase } from '../src/db/database.js';
import {
  createPgDatabase,
  dropPgDatabase,
  dropRedisPrefix,
  loadDemoAndKey,
  raiseLimitsAndPick,
} from './databases.js';
import { Feed, LIVE_RECORDS_PER_SECOND, LiveWriter, makeMatchesLive } from './live.js';
import { LoadGenerator } from './load-client.js';
import type { CannonResult, CannonTask } from './load-protocol.js';
import { loadEngine } from './options.js';
import {
  cpuMicros,
  freePort,
  killChildren,
  log,
  type Server,
  startServer,
  TOUCHLINE_SERVE,
  threadCpuMicros,
} from './processes.js';
import {
  Deliveries,
  deliveryTimes,
  openGraphqlSubscriber,
  openSseSubscriber,
} from './push-subscribers.js';
import { type TouchlineConfig, touchlineEnv } from './servers.js';
import { median, percentile, round } from './stats.js';

/**
 * This process hosts the 2,700 subscribers; parsing what they read takes a good part of a core,
 * which on a 2-core machine the server under test would lose to the bench's own clients. It runs
 * at this nice level once they open (BENCH_PUSH_NICE; 0 to compare), so the REST row measures
 * the server. Instance B and the feed (the writer) stand for other machines of a deployment and
 * run at the same level (from the start: idle while a quiet figure is taken); A and the REST load
 * generator keep the normal priority. The row's question is what pushing costs A.
 */
const SUBSCRIBER_NICE = Number(process.env['BENCH_PUSH_NICE'] ?? 10);
const PG_URL = process.env['BENCH_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env['BENCH_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const ONE_MATCH_SUBSCRIBERS = 2000;
const ALL_LIVE_SUBSCRIBERS = 100;
const GRAPHQL_SUBSCRIBERS = 500;
const SUBSCRIBERS_ON_B = 100;
/** Opened on B after the others, for memory per idle stream once the code paths are warm. */
const IDLE_ON_B = 500;
const STREAMS_PER_ACCOUNT = 25;
const PUSH_ONLY_SECONDS = 20;
/** How long B's subscribers are checked against A's. */
const FAN_OUT_SECONDS = 10;
const CANNON = {
  connections: 16,
  seconds: 10,
  engine: loadEngine(process.env['BENCH_LOAD_GENERATOR'] ?? 'wrk'),
};
/** Each REST row is the median of this many windows of CANNON, back to back. */
const REST_WINDOWS = Number(process.env['BENCH_PUSH_WINDOWS'] ?? 3);
/**
 * Rounds of the REST pair (nothing open, then under push), the last of them the main run; the
 * ratio is the median of the rounds' own ratios (BENCH_PUSH_ROUNDS), as `npm run bench` judges
 * its paired rows: one quiet figure a minute before the push one met the machine in another state.
 */
const PUSH_ROUNDS = Math.max(1, Number(process.env['BENCH_PUSH_ROUNDS'] ?? 3));
const SETTLE_MS = 3000;
/**
 * The feed writes a batch this often (BENCH_PUSH_BATCH_MS; 6 records every 100 ms by default, as
 * a provider's changes come in; 1000: 60 records in one transaction a second).
 */
const WRITE_EVERY_MS = Number(process.env['BENCH_PUSH_BATCH_MS'] ?? 100);
/** BENCH_PUSH_PROFILE=<folder>: instance A writes a V8 CPU profile there when it stops. */
const PROFILE_DIR = process.env['BENCH_PUSH_PROFILE'];
/** BENCH_PUSH_NODE_ARGS: more of Node's flags for instance A (GC settings to compare, say). */
const NODE_ARGS_OF_A = (process.env['BENCH_PUSH_NODE_ARGS'] ?? '').split(' ').filter(Boolean);

/** A phase's start, also on the monotonic clock (µs) that V8's profiles and `ps`-style samplers can line up with. */
const phase = (message: string) => log(`${message} (at ${process.hrtime.bigint() / 1000n} µs)`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rssKb = async (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** Pro accounts (25 streams each) with one key each, made in the bench database directly. */
async function createKeys(config: TouchlineConfig, accounts: number): Promise<string[]> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const service = createAccountsService({ db: database.prisma });
    const keys: string[] = [];
    for (let i = 0; i < accounts; i++) {
      const account = await service.createAccount('Pro');
      keys.push((await service.createKey(account.id, { expiresAt: null })).key);
    }
    return keys;
  } finally {
    await database.close();
  }
}

/** `count` subscribers opened by `open(i)`, 50 at a time; how many opened. */
async function openMany<T extends { close: () => void }>(
  count: number,
  open: (i: number) => Promise<T & { ok: boolean }>,
  opened: Array<{ close: () => void }>,
): Promise<number> {
  let ok = 0;
  for (let start = 0; start < count; start += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - start) }, (_, j) => open(start + j)),
    );
    for (const subscriber of batch) {
      opened.push(subscriber);
      ok += subscriber.ok ? 1 : 0;
    }
  }
  return ok;
}

const stats = (ms: number[]) => ({
  p50Ms: round(percentile(ms, 50), 1),
  p99Ms: round(percentile(ms, 99), 1),
  maxMs: round(Math.max(0, ...ms), 1),
});

const tmp = await mkdtemp(join(tmpdir(), 'touchline-push-'));
const name = `touchline_push_${process.pid}`;
const prefix = `tlpush_${process.pid}`;
const servers: Server[] = [];
const opened: Array<{ close: () => void }> = [];
const load = new LoadGenerator();
let feed: Feed | undefined;
try {
  const config: TouchlineConfig = {
    name: 'postgres',
    description: 'PostgreSQL, Redis',
    dataDir: join(tmp, 'data'),
    databaseUrl: await createPgDatabase(PG_URL, name),
    redisUrl: REDIS_URL,
    redisPrefix: prefix,
  };
  log('demo data, the bench key, 300 live matches');
  const bench = await raiseLimitsAndPick(config, await loadDemoAndKey(touchlineEnv(config), 400));
  const live = await makeMatchesLive(config.databaseUrl as string, bench.matchId);
  const liveIds = live.map((m) => Number(m['id']));
  const streams = ONE_MATCH_SUBSCRIBERS + ALL_LIVE_SUBSCRIBERS + GRAPHQL_SUBSCRIBERS;
  const keys = await createKeys(config, Math.ceil(streams / STREAMS_PER_ACCOUNT));
  const keysOnB = await createKeys(
    config,
    Math.ceil((SUBSCRIBERS_ON_B + IDLE_ON_B) / STREAMS_PER_ACCOUNT),
  );
  const keyOnB = (i: number) => keysOnB[Math.floor(i / STREAMS_PER_ACCOUNT)] as string;
  for (const instance of ['a', 'b']) {
    const port = await freePort();
    servers.push(
      await startServer({
        name: `touchline-push-${instance}`,
        ...TOUCHLINE_SERVE,
        env: touchlineEnv(config, { PORT: String(port), STREAM_MAX_MS: '3600000' }),
        nodeArgs: [
          ...TOUCHLINE_SERVE.nodeArgs,
          ...(PROFILE_DIR && instance === 'a'
            ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`]
            : []),
          ...(instance === 'a' ? NODE_ARGS_OF_A : []),
        ],
        port,
        readyPath: '/readyz',
        logDir: tmp,
      }),
    );
  }
  const [a, b] = servers as [Server, Server];
  const detail = {
    url: `${a.url}/v1/football/matches/${bench.matchId}`,
    method: 'GET' as const,
    headers: { authorization: `Bearer ${bench.key}` },
    ...CANNON,
  };
  // The feed (the writer) and instance B stand for other machines, this process for the
  // subscribers' (see SUBSCRIBER_NICE): all of them step back from the start; they are idle
  // whenever a quiet figure is taken.
  feed = new Feed(config, tmp);
  setPriority(SUBSCRIBER_NICE);
  setPriority(b.pid, SUBSCRIBER_NICE);
  setPriority(feed.pid, SUBSCRIBER_NICE);
  const writer = new LiveWriter(feed, live, WRITE_EVERY_MS);
  const keyOf = (i: number) => keys[Math.floor(i / STREAMS_PER_ACCOUNT)] as string;
  const matchOf = (i: number) => liveIds[i % liveIds.length] as number;
  const sse = (url: string, key: string, deliveries: Deliveries) =>
    openSseSubscriber(url, key, deliveries).then((s) => ({ ...s, ok: s.status === 200 }));
  /** Every subscriber of A (issue 14's counts), noting their deliveries in `to`. */
  const openSubscribers = async (
    to: { oneMatch: Deliveries; allLive: Deliveries; graphql: Deliveries },
    into: Array<{ close: () => void }>,
  ) => ({
    oneMatch: await openMany(
      ONE_MATCH_SUBSCRIBERS,
      (i) => sse(`${a.url}/v1/football/stream?matchId=${matchOf(i)}`, keyOf(i), to.oneMatch),
      into,
    ),
    allLive: await openMany(
      ALL_LIVE_SUBSCRIBERS,
      (i) => sse(`${a.url}/v1/football/stream`, keyOf(ONE_MATCH_SUBSCRIBERS + i), to.allLive),
      into,
    ),
    graphql: await openMany(
      GRAPHQL_SUBSCRIBERS,
      (i) =>
        openGraphqlSubscriber(
          `${a.url.replace('http', 'ws')}/graphql`,
          keyOf(ONE_MATCH_SUBSCRIBERS + ALL_LIVE_SUBSCRIBERS + i),
          matchOf(i),
          to.graphql,
        ),
      into,
    ),
  });
  phase('REST detail on A, nothing open');
  await load.cannon({ ...detail, seconds: 3 });
  // The rounds before the main one: one window with nothing open, one under push, the
  // subscribers opened for it and closed after it.
  const earlierRounds: { quiet: number; underPush: number }[] = [];
  for (let r = 1; r < PUSH_ROUNDS; r++) {
    phase(`round ${r} of ${PUSH_ROUNDS}: REST detail on A, nothing open`);
    const quietWindow = await load.cannon(detail);
    const these: Array<{ close: () => void }> = [];
    await openSubscribers(
      { oneMatch: new Deliveries(), allLive: new Deliveries(), graphql: new Deliveries() },
      these,
    );
    await sleep(SETTLE_MS);
    writer.start();
    await sleep(5000);
    phase(`round ${r} of ${PUSH_ROUNDS}: REST detail on A, under push`);
    const pushWindow = await load.cannon(detail);
    writer.stop();
    for (const subscriber of these) {
      subscriber.close();
    }
    await sleep(SETTLE_MS);
    earlierRounds.push({ quiet: quietWindow.rps, underPush: pushWindow.rps });
  }
  phase(`round ${PUSH_ROUNDS} of ${PUSH_ROUNDS} (the main one): REST detail on A, nothing open`);
  const quietCpu = cpuMicros(a.pid) ?? 0;
  const quietThreads = threadCpuMicros(a.pid);
  const quiet = await restWindows(load, detail);
  const quietByThread = perRequestByThread(a.pid, quietThreads, quiet.responses);
  const quietCpuPerRequest = ((cpuMicros(a.pid) ?? 0) - quietCpu) / Math.max(1, quiet.responses);
  const quietCores = ((cpuMicros(a.pid) ?? 0) - quietCpu) / 1e6 / quiet.seconds;

  phase('opening the subscribers');
  await sleep(SETTLE_MS);
  const rssBefore = await rssKb(a.pid);
  const oneMatch = new Deliveries();
  const allLive = new Deliveries();
  const graphql = new Deliveries();
  const counts = await openSubscribers({ oneMatch, allLive, graphql }, opened);
  log(`opened ${JSON.stringify(counts)}`);
  await sleep(SETTLE_MS);
  const rssIdle = await rssKb(a.pid);

  phase('REST detail on A, streams open and idle');
  const idleCpu = cpuMicros(a.pid) ?? 0;
  const idleThreads = threadCpuMicros(a.pid);
  const idle = await restWindows(load, detail);
  const idleByThread = perRequestByThread(a.pid, idleThreads, idle.responses);
  const idleCpuPerRequest = ((cpuMicros(a.pid) ?? 0) - idleCpu) / Math.max(1, idle.responses);

  phase(`writing about ${LIVE_RECORDS_PER_SECOND} changes a second through the feed`);
  writer.start();
  await sleep(5000);
  phase('pushing only');
  const from = Date.now();
  const cpuFrom = cpuMicros(a.pid) ?? 0;
  const benchCpuFrom = process.cpuUsage();
  await sleep(PUSH_ONLY_SECONDS * 1000);
  const cannonFrom = Date.now();
  /** Share of one core the instance used while it only pushed (and wrote nothing). */
  const coreShare = (pid: number, start: number) =>
    round(((cpuMicros(pid) ?? 0) - start) / 1000 / (cannonFrom - from), 2);
  const benchCpu = process.cpuUsage(benchCpuFrom);
  const pushCpu = {
    a: coreShare(a.pid, cpuFrom),
    subscribers: round((benchCpu.user + benchCpu.system) / 1000 / (cannonFrom - from), 2),
  };
  phase('REST detail on A, under push');
  const busyCpu = cpuMicros(a.pid) ?? 0;
  const busyThreads = threadCpuMicros(a.pid);
  const busy = await restWindows(load, detail);
  const busyByThread = perRequestByThread(a.pid, busyThreads, busy.responses);
  const busyCpuMicros = (cpuMicros(a.pid) ?? 0) - busyCpu;
  const until = Date.now();

  // Two instances: B's subscribers open now (the rows above are one instance's, as issue 14
  // asks); for FAN_OUT_SECONDS every change of their matches must reach them too.
  phase('subscribers on B');
  const onB = new Deliveries();
  const openOnB = await openMany(
    SUBSCRIBERS_ON_B,
    (i) => sse(`${b.url}/v1/football/stream?matchId=${matchOf(i)}`, keyOnB(i), onB),
    opened,
  );
  await sleep(1000);
  const fanOutFrom = Date.now();
  await sleep(FAN_OUT_SECONDS * 1000);
  const fanOutUntil = Date.now();
  writer.stop();
  await sleep(SETTLE_MS);

  log('memory per idle stream on B');
  const rssWarmB = await rssKb(b.pid);
  const idleOnB = await openMany(
    IDLE_ON_B,
    (i) =>
      sse(
        `${b.url}/v1/football/stream?matchId=${matchOf(i)}`,
        keyOnB(SUBSCRIBERS_ON_B + i),
        new Deliveries(),
      ),
    opened,
  );
  await sleep(SETTLE_MS);
  // A's own difference mixes in what the REST load before freed (it can come out negative).
  const memory = {
    rssOnAKb: { before: rssBefore, withStreams: rssIdle },
    perStreamOnBWarmKb: round(((await rssKb(b.pid)) - rssWarmB) / Math.max(1, idleOnB), 1),
    idleStreamsOnB: idleOnB,
  };

  const onA = deliveryTimes([oneMatch, allLive, graphql], from, cannonFrom);
  const onAUnderLoad = deliveryTimes([oneMatch, allLive, graphql], cannonFrom, until);
  const fanOut = deliveryTimes([onB], fanOutFrom, fanOutUntil);
  // Every change of B's matches that A's every-live-match subscribers read must have reached B.
  const followedOnB = new Set(liveIds.slice(0, SUBSCRIBERS_ON_B));
  const expectedOnB = [...allLive.changes()].filter(
    (c) => c.written >= fanOutFrom && c.written < fanOutUntil && followedOnB.has(c.matchId),
  );
  const roundRatios = [...earlierRounds.map((r) => r.underPush / r.quiet), busy.rps / quiet.rps];
  const result = {
    at: new Date().toISOString(),
    subscribers: { ...counts, onB: openOnB, idleOnB },
    feedBatchEveryMs: WRITE_EVERY_MS,
    subscriberNice: SUBSCRIBER_NICE,
    changesPerSecondWhileRestLoad: round(onAUnderLoad.changes / ((until - cannonFrom) / 1000), 1),
    changesPerSecond: round(onA.changes / ((cannonFrom - from) / 1000), 1),
    instanceA: { changes: onA.changes, deliveries: onA.deliveries, ...stats(onA.ms) },
    instanceAWhileRestLoad: { changes: onAUnderLoad.changes, ...stats(onAUnderLoad.ms) },
    graphqlOnly: stats(deliveryTimes([graphql], from, cannonFrom).ms),
    instanceB: { changes: fanOut.changes, deliveries: fanOut.deliveries, ...stats(fanOut.ms) },
    changesOfBsMatchesOnA: expectedOnB.length,
    missedOnB: expectedOnB.filter((c) => !fanOut.seqs.has(c.seq)).length,
    coresWhilePushing: pushCpu,
    memory,
    restDetail: {
      quietRps: round(quiet.rps, 0),
      streamsOpenIdleRps: round(idle.rps, 0),
      underPushRps: round(busy.rps, 0),
      windowsRps: {
        quiet: quiet.windowsRps,
        streamsOpenIdle: idle.windowsRps,
        underPush: busy.windowsRps,
      },
      // The median of the rounds' ratios (the main round's from its windows' medians).
      ratio: round(median(roundRatios), 2),
      rounds: [
        ...earlierRounds.map((r) => ({
          quiet: round(r.quiet, 0),
          underPush: round(r.underPush, 0),
          ratio: round(r.underPush / r.quiet, 2),
        })),
        {
          quiet: round(quiet.rps, 0),
          underPush: round(busy.rps, 0),
          ratio: round(busy.rps / quiet.rps, 2),
        },
      ],
      failures: busy.failures,
      // A's CPU per answer; under push, without the share pushing took in the push-only window.
      cpuMicrosPerRequest: {
        quiet: round(quietCpuPerRequest, 1),
        streamsOpenIdle: round(idleCpuPerRequest, 1),
        underPush: round(
          (busyCpuMicros - pushCpu.a * (until - cannonFrom) * 1000) / Math.max(1, busy.responses),
          1,
        ),
      },
      // A's CPU per answer by thread (the push's own share not taken out of underPush here).
      threadMicrosPerRequest: {
        quiet: quietByThread,
        streamsOpenIdle: idleByThread,
        underPush: busyByThread,
      },
      coresOfA: {
        quiet: round(quietCores, 2),
        underPush: round(busyCpuMicros / 1000 / (until - cannonFrom), 2),
      },
    },
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  await mkdir('bench/results', { recursive: true });
  await writeFile(
    `bench/results/push-${result.at.replace(/[:.]/g, '-')}.json`,
    JSON.stringify(result),
  );
} finally {
  for (const subscriber of opened) {
    subscriber.close();
  }
  await feed?.stop();
  for (const server of servers) {
    await server.stop();
  }
  load.close();
  killChildren();
  await dropPgDatabase(PG_URL, name).catch(() => {});
  await dropRedisPrefix(REDIS_URL, prefix).catch(() => 0);
  await rm(tmp, { recursive: true, force: true });
}

/**
 * REST_WINDOWS windows of the same load, back to back: req/s is their median (one 10 s window
 * on two shared cores moves by a third between runs), counts are summed over all of them.
 */
async function restWindows(load: LoadGenerator, task: Omit<CannonTask, 'kind'>) {
  const windows: CannonResult[] = [];
  for (let i = 0; i < REST_WINDOWS; i++) {
    windows.push(await load.cannon(task));
  }
  const sum = (pick: (w: CannonResult) => number) => windows.reduce((t, w) => t + pick(w), 0);
  return {
    rps: median(windows.map((w) => w.rps)),
    windowsRps: windows.map((w) => round(w.rps, 0)),
    responses: sum((w) => w.responses),
    seconds: sum((w) => w.seconds),
    failures: sum((w) => w.failures),
  };
}

/** CPU per answer (µs) of a process's main thread and of its helpers since `before`. */
function perRequestByThread(
  pid: number,
  before: Map<string, number>,
  responses: number,
): Record<string, number> {
  const perRequest: Record<string, number> = {};
  for (const [name, micros] of threadCpuMicros(pid)) {
    perRequest[name] = round((micros - (before.get(name) ?? 0)) / Math.max(1, responses), 1);
  }
  return perRequest;
}
