import { cp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BenchRun } from './bench-run.js';
import { clusterScenarios, startBenchCluster } from './cluster.js';
import type { BenchData } from './databases.js';
import {
  busiestLiveDay,
  changesLogged,
  Feed,
  FeedTime,
  LIVE_SETTLE_SECONDS,
  LiveWriter,
  makeMatchesLive,
  measureVisibility,
  type Visibility,
} from './live.js';
import type { LoadGenerator } from './load-client.js';
import { MemoryLog } from './memory.js';
import type { BenchOptions } from './options.js';
import { cpuMicros, log, type Server } from './processes.js';
import {
  lastTouchlineRead,
  replicaDetailScenario,
  serverNow,
  startReplicaTouchline,
} from './replica.js';
import { type Condition, inFreshRounds, inRounds } from './rounds.js';
import { sameAnswer } from './same-body.js';
import {
  catalogueListPairs,
  ceilingScenario,
  detailScenario,
  gateOffScenario,
  listNoCacheScenario,
  liveScenarios,
  type Measurement,
  measureScenario,
  medianOfRounds,
  pairedCeilingScenario,
  rawPgListScenario,
  rawPgScenario,
  type Scenario,
  searchNoCacheScenario,
  touchlineScenarios,
} from './scenarios.js';
import {
  startCeiling,
  startGateOff,
  startRawPg,
  startTouchline,
  type TouchlineConfig,
} from './servers.js';

/** The measuring part of a run: one server at a time, the load from the load generator. */
export class BenchSession {
  readonly measurements: Measurement[] = [];
  readonly pages: BenchRun['pages'] = [];
  readonly visibility: Visibility[] = [];
  readonly liveRate: Record<string, number> = {};
  /** Issue 20: every touchline process's RSS after start-up and before it stops. */
  readonly memory = new MemoryLog();
  /** A real detail response, which the ceiling server answers byte for byte. */
  private fixture: string | undefined;

  constructor(
    private readonly options: BenchOptions,
    private readonly load: LoadGenerator,
    private readonly tmp: string,
    private readonly logDir: string,
  ) {}

  private async measure(config: string, server: Server, scenario: Scenario): Promise<void> {
    log(`${config}: ${scenario.label}`);
    const m = await measureScenario(this.load, this.options, config, server, scenario);
    this.logMeasurement(m);
    this.measurements.push(m);
  }

  private logMeasurement(m: Measurement): void {
    const problems = m.problems.length ? ` PROBLEMS: ${m.problems.join('; ')}` : '';
    log(
      `  ${Math.round(m.result.rps)} req/s, p50 ${m.result.p50} ms, p99 ${m.result.p99} ms, ` +
        `${m.cpuMicrosPerResponse ?? '?'} µs CPU/response${problems}`,
    );
  }

  /** The bare Fastify ceiling, run between the configurations so drift shows. */
  async measureCeiling(when: string): Promise<void> {
    if (!this.fixture) {
      return;
    }
    const server = await startCeiling(this.fixture, this.logDir);
    try {
      await this.measure('baseline', server, {
        ...ceilingScenario,
        label: `${ceilingScenario.label} (${when})`,
      });
    } finally {
      await server.stop();
    }
  }

  /**
   * The cached detail (issue 20's CPU ratio to the ceiling) in interleaved rounds with a ceiling
   * started beside it: the ceilings between configurations are minutes away from the row, and
   * the machine's speed drifts by more than the target's margin in that time (13 to 20 µs a
   * ceiling answer in one run); each round's pair shares its moment (bench/ratios.ts).
   */
  private async measureBesideCeiling(config: string, server: Server, detail: Scenario) {
    if (!this.fixture) {
      throw new Error('the ceiling has no fixture: benchConfig writes it before the rows');
    }
    const ceiling = await startCeiling(this.fixture, this.logDir);
    try {
      await this.measureInRounds([
        { config: 'baseline', server: ceiling, scenario: pairedCeilingScenario(config) },
        { config, server, scenario: detail },
      ]);
    } finally {
      await ceiling.stop();
    }
  }

  private async writeFixture(server: Server, data: BenchData): Promise<void> {
    const detail = detailScenario(data, true);
    const response = await fetch(`${server.url}${detail.path}`, { headers: detail.headers });
    if (response.status !== 200) {
      throw new Error(`match detail answered ${response.status}: ${await response.text()}`);
    }
    this.fixture = join(this.tmp, 'fixture.json');
    await writeFile(this.fixture, await response.text());
  }

  /** `touchline serve` (the response cache on or off), its RSS watched under `role`. */
  private async touchline(config: TouchlineConfig, cache: boolean, role: string, source = false) {
    return await this.memory.watch(
      config.name,
      () => startTouchline(config, cache, this.logDir, source),
      role,
    );
  }

  /** Every touchline scenario, the page fetch, cache off, raw pg, then the gate off. */
  async benchConfig(config: TouchlineConfig, data: BenchData): Promise<void> {
    const o = this.options;
    if (config.replicaUrl) {
      await this.benchReplica(config, config.replicaUrl, data);
      return;
    }
    if (config.name === 'cluster') {
      await this.benchCluster(config, data);
      return;
    }
    if (o.liveOnly) {
      if (config.databaseUrl) {
        await this.benchLive(config, config.databaseUrl, data);
      }
      return;
    }
    const server = await this.touchline(config, true, 'cache on: every row and the page fetch');
    try {
      if (!this.fixture) {
        await this.writeFixture(server, data);
        await this.measureCeiling('start');
      }
      for (const scenario of touchlineScenarios(data)) {
        if (scenario.id === 'detail') {
          await this.measureBesideCeiling(config.name, server, scenario);
        } else {
          await this.measure(config.name, server, scenario);
        }
      }
      log(`${config.name}: client page fetch, ${o.pageRuns} runs`);
      const page = await this.load.page({
        baseUrl: server.url,
        key: data.key,
        day: data.day,
        pageSize: 25,
        concurrency: o.pageConcurrency,
        runs: o.pageRuns,
      });
      log(`  REST ${page.rest.medianMs} ms, GraphQL ${page.graphql.medianMs} ms`);
      this.pages.push({ config: config.name, result: page });
    } finally {
      await server.stop();
    }
    await this.benchNoCache(config, data);
    await this.measureCeiling(`before the gate off (${config.name})`);
    await this.benchGatePair(config, data);
    if (config.databaseUrl) {
      await this.benchLive(config, config.databaseUrl, data);
    }
  }

  /**
   * The detail and the list with `RESPONSE_CACHE=off` and, on PostgreSQL, raw pg's detail and
   * list (issue 20) and issue 49's team and competition lists, in interleaved rounds with both
   * servers up: raw pg's lists must answer touchline's byte for byte, or their rows fail.
   */
  private async benchNoCache(config: TouchlineConfig, data: BenchData) {
    const nocache = await this.touchline(config, false, 'RESPONSE_CACHE=off');
    const raw = config.databaseUrl
      ? await startRawPg(config.databaseUrl, `${nocache.url}/assets`, this.logDir).catch(
          async (error: unknown) => {
            await nocache.stop();
            throw error;
          },
        )
      : undefined;
    try {
      const ours = (scenario: Scenario) => ({ config: config.name, server: nocache, scenario });
      const detail = ours(detailScenario(data, false));
      // Right after the detail it is compared with, in the same rounds.
      const search = ours(searchNoCacheScenario(data));
      const pairs: [Scenario, Scenario][] = [
        [listNoCacheScenario(data), rawPgListScenario(data)],
        ...catalogueListPairs(data),
      ];
      if (!raw) {
        await this.measureInRounds([detail, search, ...pairs.map(([row]) => ours(row))]);
        return;
      }
      const differences = await Promise.all(
        pairs.map(([row, baseline]) => sameAnswer(nocache, row, raw, baseline)),
      );
      const first = this.measurements.length;
      await this.measureInRounds([
        detail,
        search,
        { config: 'baseline', server: raw, scenario: rawPgScenario(data) },
        ...pairs.flatMap(([row, baseline]) => [
          ours(row),
          { config: 'baseline', server: raw, scenario: baseline },
        ]),
      ]);
      // Recorded in order: the detail, the search, raw pg's detail, then each pair's two rows.
      for (const [i, difference] of differences.entries()) {
        if (difference) {
          const [row] = pairs[i] as [Scenario, Scenario];
          log(`FAILED: raw pg does not answer what touchline's ${row.id} does: ${difference}`);
          this.measurements[first + 3 + 2 * i + 1]?.problems.push(
            `not touchline's body: ${difference}`,
          );
        }
      }
    } finally {
      await Promise.all([nocache.stop(), raw?.stop()]);
    }
  }

  /**
   * The cached detail with the access gate off (a bench build) and on, both from the TypeScript
   * through tsx (not the bundle), in interleaved rounds (bench/ratios.ts pairs them), each round
   * on a pair of processes started for it: two processes of the same build differ by up to 15 %
   * in CPU per answer for as long as they run (docs/benchmarks.md, twentieth session), so a
   * single pair could read either way. The first round's pair is the one the memory rows watch.
   */
  private async benchGatePair(config: TouchlineConfig, data: BenchData) {
    // An embedded database is one process's: the gate-off build gets a copy of the folder.
    const offConfig = config.databaseUrl
      ? config
      : { ...config, dataDir: `${config.dataDir}-gateoff` };
    if (offConfig !== config) {
      await cp(config.dataDir, offConfig.dataDir, { recursive: true });
    }
    const onScenario: Scenario = {
      ...detailScenario(data, true),
      id: 'detail-gateon',
      label: 'REST match detail (cache on), access gate on (paired with the gate off)',
    };
    const rows = [
      {
        scenario: gateOffScenario(data),
        start: (round: number) =>
          round === 0
            ? this.memory.watch(
                config.name,
                () => startGateOff(offConfig, this.logDir),
                'access gate off (bench build)',
              )
            : startGateOff(offConfig, this.logDir),
      },
      {
        scenario: onScenario,
        start: (round: number) =>
          round === 0
            ? this.touchline(config, true, 'access gate on, paired', true)
            : startTouchline(config, true, this.logDir, true),
      },
    ];
    const runs = await inFreshRounds(
      rows.map((row) => row.start),
      this.options.rounds,
      (server, i, round) =>
        this.measureRound(config.name, server, (rows[i] as (typeof rows)[number]).scenario, round),
    );
    for (const rounds of runs) {
      this.measurements.push(medianOfRounds(rounds));
    }
  }

  /**
   * Issue 16 (bench/cluster.ts): the cached detail from one of three instances directly, then
   * through HAProxy to all three; CPU per response counts HAProxy and the three instances.
   */
  private async benchCluster(config: TouchlineConfig, data: BenchData) {
    const started = await startBenchCluster(config, this.tmp, this.logDir);
    const instances = started.cluster.instances.map((i) => ({ name: i.name, pid: i.pid() }));
    const stop = this.memory.watchAll(config.name, instances, () => started.stop());
    try {
      const scenarios = clusterScenarios(data);
      await this.settleInstances(config.name, started.cluster.instances, scenarios.direct);
      const haproxyBefore = cpuMicros(started.cluster.haproxy.pid);
      const [, balanced] = await this.measureInRounds([
        { config: config.name, server: started.direct, scenario: scenarios.direct },
        { config: config.name, server: started.balanced, scenario: scenarios.haproxy },
      ]);
      const haproxyAfter = cpuMicros(started.cluster.haproxy.pid);
      // HAProxy only health-checks while the direct rows run (three checks a second).
      const responses = balanced?.reduce((sum, m) => sum + m.result.responses, 0) ?? 0;
      if (haproxyBefore !== undefined && haproxyAfter !== undefined && responses > 0) {
        log(
          `  of which HAProxy: ${Math.round((haproxyAfter - haproxyBefore) / responses)} µs CPU/response`,
        );
      }
    } finally {
      await stop();
    }
  }

  /**
   * Rows measured in `--rounds` interleaved rounds (the order reversed every other round), each
   * recorded once with the medians of its rounds and the rounds themselves, so that its ratio to
   * its baseline is the median of same-round ratios (bench/ratios.ts); a row's `during` (the live
   * feed writing) is on while it is measured. Returns each row's measurements, round by round.
   */
  private async measureInRounds(
    rows: { config: string; server: Server; scenario: Scenario; during?: Condition }[],
  ): Promise<Measurement[][]> {
    const measured = await inRounds(
      rows.map(({ during, ...row }) => ({ row, ...(during ? { during } : {}) })),
      this.options.rounds,
      ({ config, server, scenario }, round) => this.measureRound(config, server, scenario, round),
    );
    for (const runs of measured) {
      this.measurements.push(medianOfRounds(runs));
    }
    return measured;
  }

  /** One round of a row measured in rounds, logged as it is measured. */
  private async measureRound(config: string, server: Server, scenario: Scenario, round: number) {
    log(`${config}: ${scenario.label}, round ${round + 1} of ${this.options.rounds}`);
    const m = await measureScenario(this.load, this.options, config, server, scenario);
    this.logMeasurement(m);
    return m;
  }

  /**
   * Each instance served alone before either row, discarded: the direct row's instance is warm
   * from its own warm-up, and the balanced row would otherwise measure two instances that had
   * never compiled the request path.
   */
  private async settleInstances(
    config: string,
    instances: readonly { name: string; url: string; pid(): number }[],
    scenario: Scenario,
  ) {
    for (const instance of instances) {
      const server = { ...instance, pid: instance.pid(), stop: async () => {} };
      await this.settle(config, server, [scenario]);
    }
  }

  /**
   * Issue 16 (bench/replica.ts): the cache-off detail read on the primary and through the
   * replica, both servers up, in interleaved rounds. First each one alone for a moment with the
   * replica's last statement time around it: the replica row fails if the replica ran none of
   * its statements, the primary row if it ran any.
   */
  private async benchReplica(config: TouchlineConfig, replicaUrl: string, data: BenchData) {
    const started: Server[] = [];
    try {
      for (const through of ['primary', 'replica'] as const) {
        started.push(
          await this.memory.watch(
            config.name,
            () => startReplicaTouchline(config, through, this.logDir),
            `RESPONSE_CACHE=off, reads on the ${through}`,
          ),
        );
      }
      const [primary, replica] = started as [Server, Server];
      const wrongReads: string[][] = [];
      for (const [server, through] of [
        [primary, 'primary'],
        [replica, 'replica'],
      ] as const) {
        const since = await serverNow(replicaUrl);
        await measureScenario(
          this.load,
          { ...this.options, warmup: 0, seconds: 1 },
          config.name,
          server,
          replicaDetailScenario(data, through),
        );
        const last = await lastTouchlineRead(replicaUrl);
        const replicaServed = last !== null && last > since;
        wrongReads.push(
          replicaServed === (through === 'replica')
            ? []
            : [
                `the replica ${replicaServed ? 'served' : 'did not serve'} reads meant for the ${through}`,
              ],
        );
      }
      await this.measureInRounds([
        { config: config.name, server: primary, scenario: replicaDetailScenario(data, 'primary') },
        { config: config.name, server: replica, scenario: replicaDetailScenario(data, 'replica') },
      ]);
      const rows = this.measurements.slice(-2);
      rows.forEach((row, i) => {
        row.problems.push(...(wrongReads[i] ?? []));
      });
    } finally {
      for (const server of started) {
        await server.stop();
      }
    }
  }

  /**
   * Load on freshly started instances, discarded: with only the usual warm-up, the first still
   * row ran at a fraction of its later rate (compilation, the start-up tails of both
   * instances), which flattered every moving / still ratio.
   */
  private async settle(config: string, server: Server, scenarios: Scenario[]) {
    log(`${config}: settling ${server.name}, ${LIVE_SETTLE_SECONDS} s per row (discarded)`);
    const options = { ...this.options, warmup: 0, seconds: LIVE_SETTLE_SECONDS };
    for (const scenario of scenarios) {
      await measureScenario(this.load, options, config, server, scenario);
    }
  }

  /**
   * Issue 13 (bench/live.ts): last, since it makes 300 matches live. Two instances share the
   * database and Redis; the feed writes as a third process, as a provider feed would.
   */
  private async benchLive(config: TouchlineConfig, databaseUrl: string, data: BenchData) {
    const matches = await makeMatchesLive(databaseUrl, data.matchId);
    log(`${config.name}: ${matches.length} matches live`);
    const liveDay = busiestLiveDay(matches);
    log(`${config.name}: the GraphQL page rows read ${liveDay}, a day of live matches`);
    const server = await this.touchline(config, true, 'live rows (measured)');
    const reader = await this.touchline(config, true, 'live rows (second instance)');
    const feed = new Feed(config, this.logDir);
    try {
      const still = liveScenarios(data, false, liveDay);
      const moving = liveScenarios(data, true, liveDay);
      await this.settle(config.name, server, still);
      const writer = new LiveWriter(feed, matches);
      const feedOn = new FeedTime(writer, () =>
        // The moving rows measure the data moving, not the feed's first seconds (its process
        // compiling its path, the first evictions): settled once, like the still rows.
        this.settle(config.name, server, moving),
      );
      const before = await changesLogged(databaseUrl);
      // Feed off and on in turn: each round's moving row is judged against the still row
      // measured next to it, so the machine's drift does not pass for the feed's cost.
      await this.measureInRounds([
        ...still.map((scenario) => ({ config: config.name, server, scenario })),
        ...moving.map((scenario) => ({ config: config.name, server, scenario, during: feedOn })),
      ]);
      const written = (await changesLogged(databaseUrl)) - before;
      this.liveRate[config.name] = Math.round(written / feedOn.seconds());
      log(`  the feed wrote ${this.liveRate[config.name]} change-log entries a second`);
      log(`${config.name}: visibility of a change on a second instance`);
      const visible = await measureVisibility(
        config.name,
        feed,
        reader.url,
        data.key,
        matches[0] as Record<string, string | number>,
      );
      log(`  p50 ${visible.p50Ms} ms, p99 ${visible.p99Ms} ms, max ${visible.maxMs} ms`);
      this.visibility.push(visible);
    } finally {
      await feed.stop();
      await reader.stop();
      await server.stop();
    }
  }
}
