import type { LiveEngine, LiveTick } from './engine.js';
import type { WriterLease } from './writer-lease.js';

export interface LiveRunnerOptions {
  /** A new engine each time this instance becomes the writer (it starts from the stored data). */
  createEngine: () => LiveEngine;
  lease: WriterLease;
  now: () => Date;
  intervalMs: number;
  /** How often an instance that does not write asks for the lease. */
  leasePollMs: number;
  /** After a tick that wrote something: tell the caches (the data-changed event). */
  onChanged: (tick: LiveTick) => Promise<void>;
  /** This instance became the writer (true) or stopped being it (false). */
  onLease: (writing: boolean) => void;
  onError: (error: unknown) => void;
  /** After each tick that completed: how long it took, in seconds (the metrics' histogram). */
  onTicked?: (seconds: number) => void;
}

/** What the runner says of itself (docs/operations.md "Metrics": live-engine lag). */
export interface LiveRunnerStatus {
  writing: boolean;
  /**
   * Seconds past the moment the next tick was due, counted from the start of the last tick that
   * completed (0 while on time): a slow tick, a blocked event loop or ticks that keep failing all
   * make it grow. Healthy, it stays below about twice a tick's duration.
   */
  lagSeconds: number;
}

export interface LiveRunner {
  /** Waits for the step in progress, stops, and gives the lease up. */
  stop(): Promise<void>;
  status(): LiveRunnerStatus;
}

/**
 * The live engine in one instance among several (docs/live.md "One writer"): an instance asks
 * for the writer lease every `leasePollMs` until it gets it, then ticks every `intervalMs`,
 * checking before each tick that it still holds the lease, and stops writing the moment it does
 * not. One step at a time (a slow tick delays the next rather than overlapping it); a failed tick
 * is reported and the next one tries again (the engine works from the scripts and the stored
 * data, so nothing is lost in between).
 */
export function startLiveRunner(options: LiveRunnerOptions): LiveRunner {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let engine: LiveEngine | null = null;
  /** performance.now() at the start of the last tick that completed (or of taking the lease). */
  let upToDateAt = 0;

  const step = async (): Promise<number> => {
    try {
      if (!engine) {
        if (!(await options.lease.acquire())) {
          return options.leasePollMs;
        }
        engine = options.createEngine();
        upToDateAt = performance.now();
        options.onLease(true);
      } else if (!(await options.lease.check())) {
        engine = null;
        options.onLease(false);
        return options.leasePollMs;
      }
      const started = performance.now();
      const result = await engine.tick(options.now());
      if (result.changes.length > 0) {
        await options.onChanged(result);
      }
      upToDateAt = started;
      options.onTicked?.((performance.now() - started) / 1000);
    } catch (error) {
      options.onError(error);
    }
    return options.intervalMs;
  };

  const schedule = () => {
    if (stopped) {
      return;
    }
    running = step().then((wait) => {
      if (!stopped) {
        // Not unref'd: the engine keeps a process that runs nothing else (`touchline live`) alive.
        timer = setTimeout(schedule, wait);
      }
    });
  };

  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await options.lease.release();
    },
    status() {
      const late = performance.now() - upToDateAt - options.intervalMs;
      return { writing: engine !== null, lagSeconds: engine ? Math.max(0, late) / 1000 : 0 };
    },
  };
}
