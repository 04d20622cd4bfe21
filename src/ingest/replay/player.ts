import { setTimeout as sleep } from 'node:timers/promises';
import type { ReplayStep } from './timeline.js';

/** Time as the player sees it: injectable, so tests play a match in milliseconds. */
export interface ReplayClock {
  now(): number;
  /** Waits `ms` (resolves early, without throwing, when `signal` aborts). */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const systemClock: ReplayClock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleep(ms, undefined, { signal }).catch(() => undefined),
};

export interface ReplayPace {
  /** Wall time (ms since the epoch) of kick-off. */
  kickoffMs: number;
  /** 1 = real time; 60 plays the ~110 minutes in under 2. */
  speed: number;
}

/** When a step is due: `kickoff + atMs / speed` (steps before kick-off come earlier too). */
export const dueAt = (step: Pick<ReplayStep, 'atMs'>, pace: ReplayPace) =>
  pace.kickoffMs + step.atMs / pace.speed;

/**
 * Plays the steps in order, each at its due time: a step already due (a kick-off placed in
 * the past, or the first steps) is applied at once. Stops between steps when `signal` aborts
 * or `apply` says so (false). Returns how many steps were applied.
 */
export async function playSteps(
  steps: readonly ReplayStep[],
  pace: ReplayPace & { clock: ReplayClock; signal: AbortSignal },
  apply: (step: ReplayStep, index: number) => Promise<boolean>,
): Promise<number> {
  let played = 0;
  for (const [index, step] of steps.entries()) {
    const wait = dueAt(step, pace) - pace.clock.now();
    if (wait > 0) {
      await pace.clock.sleep(wait, pace.signal);
    }
    if (pace.signal.aborted || !(await apply(step, index))) {
      break;
    }
    played += 1;
  }
  return played;
}

/** A step as NDJSON for `touchline feed -`: one change record a line, a blank line after it. */
export const stepNdjson = (step: ReplayStep) =>
  `${step.changes.map((c) => JSON.stringify(c)).join('\n')}\n\n`;
