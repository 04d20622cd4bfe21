import { DEFAULT_DEMO_SEED } from '../src/cli/data-commands.js';
import type { Config } from '../src/config/config.js';
import type { PrismaClient } from '../src/db/generated/client.js';
import type { EventBus } from '../src/events/event-bus.js';
import type { LiveTick } from '../src/ingest/live/engine.js';
import type { LiveRunner } from '../src/ingest/live/runner.js';
import type { Metrics } from '../src/metrics/metrics.js';

/** How often an instance that does not write asks for the writer lease (takeover within ~2 s). */
const LEASE_POLL_MS = 2_000;
/** The `engine` label of the live metrics (LIVE=demo; a provider feed would be another). */
const ENGINE = 'demo';

interface LiveWiring {
  prisma: PrismaClient;
  events: Pick<EventBus, 'publish'>;
  now: () => Date;
  log: (line: string) => void;
  onTick?: (tick: LiveTick) => void;
  /** The serving app's metrics: the tick durations, the writer flag and the lag. */
  metrics?: Metrics;
}

/**
 * The demo's live engine (LIVE=demo, docs/live.md) in this process, writing only while it
 * holds the writer lease (PostgreSQL: an advisory lock; embedded: always). Each tick that wrote
 * something tells every cache, here and in other instances, through the event bus, what it
 * changed (the caches evict only what shows it).
 */
export async function startLive(
  config: Pick<Config, 'liveTickMs' | 'liveSeed' | 'databaseUrl'>,
  wiring: LiveWiring,
): Promise<LiveRunner> {
  const [
    { createLiveEngine },
    { startLiveRunner },
    { embeddedLease, postgresLease },
    { summarizeChanges },
  ] = await Promise.all([
    import('../src/ingest/live/engine.js'),
    import('../src/ingest/live/runner.js'),
    import('../src/ingest/live/writer-lease.js'),
    import('../src/ingest/changes/summary.js'),
  ]);
  const seed = config.liveSeed ?? DEFAULT_DEMO_SEED;
  const ticks = wiring.metrics?.liveTicks.labels(ENGINE);
  const runner = startLiveRunner({
    createEngine: () => createLiveEngine(wiring.prisma, seed),
    lease: config.databaseUrl ? postgresLease(config.databaseUrl) : embeddedLease(),
    now: wiring.now,
    intervalMs: config.liveTickMs,
    leasePollMs: Math.min(LEASE_POLL_MS, config.liveTickMs),
    onChanged: async (tick) => {
      wiring.onTick?.(tick);
      const changes = await summarizeChanges(wiring.prisma, tick.changes);
      await wiring.events.publish({ type: 'data-changed', changes });
    },
    onLease: (writing) =>
      wiring.log(
        writing
          ? 'live: this instance is the writer now'
          : 'live: writer lease lost; this instance stopped writing',
      ),
    onError: (error) =>
      wiring.log(`live: tick failed: ${error instanceof Error ? error.message : String(error)}`),
    ...(ticks ? { onTicked: (seconds: number) => ticks.observe(seconds) } : {}),
  });
  if (wiring.metrics) {
    wiring.metrics.sources.live = () => ({ engine: ENGINE, ...runner.status() });
  }
  return runner;
}
