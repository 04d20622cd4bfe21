import { describe, expect, it } from 'vitest';
import { type Condition, inRounds, roundOrder } from '../../../bench/rounds.js';

/** A condition that writes its starts and stops into the shared event log. */
const condition = (name: string, events: string[]): Condition => ({
  start: () => {
    events.push(`${name} on`);
  },
  stop: () => {
    events.push(`${name} off`);
  },
});

describe('interleaved rounds', () => {
  it('reverses the order every other round', () => {
    expect(roundOrder(3, 0)).toEqual([0, 1, 2]);
    expect(roundOrder(3, 1)).toEqual([2, 1, 0]);
    expect(roundOrder(3, 2)).toEqual([0, 1, 2]);
  });

  it('turns the feed on for the moving rows only, once for consecutive rows, and off at the end', async () => {
    const events: string[] = [];
    const feed = condition('feed', events);
    const measured = await inRounds(
      [
        { row: 'still detail' },
        { row: 'still page' },
        { row: 'moving detail', during: feed },
        { row: 'moving page', during: feed },
      ],
      3,
      async (row, round) => {
        events.push(row);
        return `${row} #${round + 1}`;
      },
    );
    expect(events).toEqual([
      'still detail',
      'still page',
      'feed on',
      'moving detail',
      'moving page',
      // Round 2, reversed: the feed stays on across the round boundary.
      'moving page',
      'moving detail',
      'feed off',
      'still page',
      'still detail',
      // Round 3.
      'still detail',
      'still page',
      'feed on',
      'moving detail',
      'moving page',
      'feed off',
    ]);
    expect(measured[2]).toEqual(['moving detail #1', 'moving detail #2', 'moving detail #3']);
    expect(measured[0]).toEqual(['still detail #1', 'still detail #2', 'still detail #3']);
  });

  it('switches between two conditions without running both at once', async () => {
    const events: string[] = [];
    await inRounds(
      [
        { row: 'a', during: condition('A', events) },
        { row: 'b', during: condition('B', events) },
      ],
      1,
      async (row) => {
        events.push(row);
      },
    );
    expect(events).toEqual(['A on', 'a', 'A off', 'B on', 'b', 'B off']);
  });

  it('stops the condition that is on when a measurement throws', async () => {
    const events: string[] = [];
    const run = inRounds([{ row: 'moving', during: condition('feed', events) }], 2, async () => {
      throw new Error('the server died');
    });
    await expect(run).rejects.toThrow('the server died');
    expect(events).toEqual(['feed on', 'feed off']);
  });
});
