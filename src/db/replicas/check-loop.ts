/**
 * Runs `check` again and again, one at a time: after each, it waits what `nextDelayMs` says.
 * `now()` asks for one at once (during a check: one more right after it) and resolves when a
 * check begun after the call has ended. Stops with `stop`.
 */
export function createCheckLoop(check: () => Promise<void>, nextDelayMs: () => number) {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;
  let stopped = false;
  /** Callers of `now()` waiting for a check that begins after their call. */
  let waiting: (() => void)[] = [];
  let ended: Promise<void> = Promise.resolve();

  function begin(): void {
    clearTimeout(timer);
    running = true;
    const served = waiting;
    waiting = [];
    ended = check()
      .catch(() => {
        // A check records its own failures; nothing may stop the loop.
      })
      .finally(() => {
        running = false;
        for (const resolve of served) {
          resolve();
        }
        if (stopped) {
          return;
        }
        if (again) {
          again = false;
          begin();
          return;
        }
        timer = setTimeout(() => void now(), nextDelayMs());
        timer.unref();
      });
  }

  function now(): Promise<void> {
    if (stopped) {
      return Promise.resolve();
    }
    const done = new Promise<void>((resolve) => waiting.push(resolve));
    if (running) {
      again = true;
    } else {
      begin();
    }
    return done;
  }

  return {
    now,
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await ended;
      for (const resolve of waiting) {
        resolve();
      }
      waiting = [];
    },
  };
}
