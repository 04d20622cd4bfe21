import type { LiveEngine, LiveTick } from './engine.js';

export interface LiveRunnerOptions {
  engine: LiveEngine;
  now: () => Date;
  intervalMs: number;
  /** After a tick that wrote something: tell the caches (the data-changed event). */
  onChanged: (tick: LiveTick) => Promise<void>;
  onError: (error: unknown) => void;
}

export interface LiveRunner {
  /** Waits for the tick in progress, then stops. */
  stop(): Promise<void>;
}

/**
 * Ticks the live engine now and then every `intervalMs`, one tick at a time (a slow tick delays
 * the next rather than overlapping it). A failed tick is reported and the next one tries again:
 * the engine works from the scripts and the stored data, so nothing is lost in between.
 */
export function startLiveRunner(options: LiveRunnerOptions): LiveRunner {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = async () => {
    try {
      const result = await options.engine.tick(options.now());
      if (result.changes.length > 0) {
        await options.onChanged(result);
      }
    } catch (error) {
      options.onError(error);
    }
  };

  const schedule = () => {
    if (stopped) {
      return;
    }
    running = tick().finally(() => {
      if (!stopped) {
        // Not unref'd: the engine keeps a process that runs nothing else (`touchline live`) alive.
        timer = setTimeout(schedule, options.intervalMs);
      }
    });
  };

  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
