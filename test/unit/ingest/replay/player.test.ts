import { describe, expect, it } from 'vitest';
import { parseBatch } from '../../../../src/ingest/feed/batch.js';
import { playSteps, type ReplayClock, stepNdjson } from '../../../../src/ingest/replay/player.js';
import { buildTimeline, type ReplayStep } from '../../../../src/ingest/replay/timeline.js';
import { fixtureInput } from '../../../helpers/statsbomb-fixture.js';

const KICKOFF = Date.parse('2026-11-25T19:00:00.000Z');
const timeline = buildTimeline(fixtureInput(), { kickoffUtc: new Date(KICKOFF).toISOString() });

/** A clock that moves only when the player sleeps (not once stopped): a match in milliseconds. */
function fakeClock(start: number): ReplayClock & { slept: number[] } {
  let now = start;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms, signal) => {
      if (signal.aborted) {
        return;
      }
      slept.push(ms);
      now += ms;
    },
  };
}

async function play(speed: number, startAt: number, signal = new AbortController().signal) {
  const clock = fakeClock(startAt);
  const applied: Array<{ at: number; step: ReplayStep }> = [];
  const played = await playSteps(
    timeline.steps,
    { kickoffMs: KICKOFF, speed, clock, signal },
    async (step) => {
      applied.push({ at: clock.now(), step });
      return true;
    },
  );
  return { played, applied, clock };
}

describe('the replay player', () => {
  it('applies each step at kick-off + atMs / speed', async () => {
    const { played, applied } = await play(1, KICKOFF - 2 * 3600_000);
    expect(played).toBe(timeline.steps.length);
    // The first step at once; the sheets an hour before kick-off; full time 110 minutes after.
    expect(applied[0]?.at).toBe(KICKOFF - 2 * 3600_000);
    expect(applied[1]?.at).toBe(KICKOFF - 3600_000);
    expect(applied[2]?.at).toBe(KICKOFF);
    expect(applied.at(-1)?.at).toBe(KICKOFF + timeline.durationMs);
    for (const { at, step } of applied.slice(1)) {
      expect(at).toBe(KICKOFF + step.atMs);
    }
  });

  it('--speed 60 plays the match in under two minutes', async () => {
    const { applied } = await play(60, KICKOFF);
    const last = applied.at(-1)?.at ?? 0;
    expect(last - KICKOFF).toBe(timeline.durationMs / 60);
    expect(last - KICKOFF).toBeLessThan(2 * 60_000);
    // Kick-off now: everything before it is due at once.
    expect(applied.slice(0, 3).map((a) => a.at)).toEqual([KICKOFF, KICKOFF, KICKOFF]);
  });

  it('a kick-off in the past catches up at once, then plays on in time', async () => {
    const { applied, clock } = await play(1, KICKOFF + 30 * 60_000);
    const due = applied.filter((a) => a.at === KICKOFF + 30 * 60_000);
    expect(due.map((a) => a.step.atMs).every((t) => t <= 30 * 60_000)).toBe(true);
    expect(clock.slept.every((ms) => ms > 0)).toBe(true);
  });

  it('stops between steps when aborted, or when a step says so', async () => {
    const stop = new AbortController();
    const clock = fakeClock(KICKOFF);
    const played = await playSteps(
      timeline.steps,
      { kickoffMs: KICKOFF, speed: 1, clock, signal: stop.signal },
      async (step) => {
        if (step.atMs >= 10 * 60_000) {
          stop.abort();
        }
        return true;
      },
    );
    expect(played).toBeLessThan(timeline.steps.length);
    expect(clock.now()).toBeLessThan(KICKOFF + 11 * 60_000);
    const refused = await playSteps(
      timeline.steps,
      {
        kickoffMs: KICKOFF,
        speed: 1,
        clock: fakeClock(KICKOFF),
        signal: new AbortController().signal,
      },
      async () => false,
    );
    expect(refused).toBe(0);
  });

  it('prints each step as one feed batch that the feed reads back as the same records', () => {
    const text = timeline.steps.map(stepNdjson).join('');
    const batches = text.split(/\n\n/).filter((b) => b.trim() !== '');
    expect(batches).toHaveLength(timeline.steps.length);
    batches.forEach((batch, i) => {
      const parsed = parseBatch(batch, `batch ${i + 1}`).map((n) => n.change);
      expect(parsed).toEqual(timeline.steps[i]?.changes);
    });
  });
});
