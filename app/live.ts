import { DEFAULT_DEMO_SEED } from '../src/cli/data-commands.js';
import type { Config } from '../src/config.js';
import type { PrismaClient } from '../src/db/generated/client.js';
import type { AccessEvents } from '../src/events/access-events.js';
import type { LiveTick } from '../src/ingest/live/engine.js';
import type { LiveRunner } from '../src/ingest/live/runner.js';

export interface LiveWiring {
  prisma: PrismaClient;
  events: Pick<AccessEvents, 'publish'>;
  now: () => Date;
  log: (line: string) => void;
  onTick?: (tick: LiveTick) => void;
}

/**
 * The demo's live engine (LIVE=demo, docs/live.md) ticking in this process: each tick that
 * wrote something tells every cache, here and in other instances, through the event bus.
 */
export async function startLive(
  config: Pick<Config, 'liveTickMs' | 'liveSeed'>,
  wiring: LiveWiring,
): Promise<LiveRunner> {
  const [{ createLiveEngine }, { startLiveRunner }] = await Promise.all([
    import('../src/ingest/live/engine.js'),
    import('../src/ingest/live/runner.js'),
  ]);
  const engine = createLiveEngine(wiring.prisma, config.liveSeed ?? DEFAULT_DEMO_SEED);
  return startLiveRunner({
    engine,
    now: wiring.now,
    intervalMs: config.liveTickMs,
    onChanged: async (tick) => {
      wiring.onTick?.(tick);
      await wiring.events.publish({ type: 'data-changed' });
    },
    onError: (error) =>
      wiring.log(`live: tick failed: ${error instanceof Error ? error.message : String(error)}`),
  });
}
