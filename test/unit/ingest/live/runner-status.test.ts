import { afterEach, expect, it } from 'vitest';
import type { LiveTick } from '../../../../src/ingest/live/engine.js';
import { type LiveRunner, startLiveRunner } from '../../../../src/ingest/live/runner.js';

const NOTHING: LiveTick = { changes: [], finished: [], reanalysed: [], scheduled: [] };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let runner: LiveRunner | undefined;
afterEach(async () => {
  await runner?.stop();
});

/** A runner ticking every 50 ms over an engine whose tick waits for `tick()`. */
function start(tick: () => Promise<void>, options: { acquire?: boolean } = {}) {
  const durations: number[] = [];
  runner = startLiveRunner({
    createEngine: () => ({
      tick: async () => {
        await tick();
        return NOTHING;
      },
    }),
    lease: {
      acquire: async () => options.acquire ?? true,
      check: async () => true,
      release: async () => {},
    },
    now: () => new Date(),
    intervalMs: 50,
    leasePollMs: 50,
    onChanged: async () => {},
    onLease: () => {},
    onError: () => {},
    onTicked: (seconds) => durations.push(seconds),
  });
  return { runner, durations };
}

it('reads no lag while the ticks keep their rhythm, and reports each tick', async () => {
  const { runner, durations } = start(async () => {});
  await sleep(180);
  expect(runner.status().writing).toBe(true);
  expect(runner.status().lagSeconds).toBeLessThan(0.1);
  expect(durations.length).toBeGreaterThanOrEqual(2);
});

it('lags by how long a tick overruns its due time, and recovers after it', async () => {
  let release = () => {};
  let slow = false;
  const { runner } = start(() =>
    slow ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve(),
  );
  await sleep(80);
  slow = true;
  await sleep(300);
  // Stuck in one tick for about 250 ms past the interval: the data is that late.
  expect(runner.status().lagSeconds).toBeGreaterThan(0.15);
  slow = false;
  release();
  await sleep(150);
  expect(runner.status().lagSeconds).toBeLessThan(0.1);
});

it('an instance that does not hold the lease is not the writer and reads 0', async () => {
  const { runner } = start(async () => {}, { acquire: false });
  await sleep(120);
  expect(runner.status()).toEqual({ writing: false, lagSeconds: 0 });
});
