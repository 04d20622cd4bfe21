import { describe, expect, it } from 'vitest';
import { inFreshRounds } from '../../../bench/rounds.js';

/** A process stand-in that writes what happens to it into `events`. */
function starter(name: string, events: string[], failOnRound?: number) {
  let started = 0;
  return async (round: number) => {
    if (round === failOnRound) {
      throw new Error(`${name} did not start`);
    }
    const id = `${name}${++started}`;
    events.push(`start ${id}`);
    return { id, stop: async () => void events.push(`stop ${id}`) };
  };
}

describe('paired rows in rounds on processes started for each round', () => {
  it('starts both rows for every round, measures them in turn (reversed every other round), stops both', async () => {
    const events: string[] = [];
    const measured = await inFreshRounds(
      [starter('off', events), starter('on', events)],
      3,
      async (server, row, round) => {
        events.push(`measure ${server.id}`);
        return `${row}:${round}:${server.id}`;
      },
    );
    expect(events).toEqual([
      'start off1',
      'start on1',
      'measure off1',
      'measure on1',
      'stop on1',
      'stop off1',
      'start off2',
      'start on2',
      'measure on2',
      'measure off2',
      'stop on2',
      'stop off2',
      'start off3',
      'start on3',
      'measure off3',
      'measure on3',
      'stop on3',
      'stop off3',
    ]);
    expect(measured).toEqual([
      ['0:0:off1', '0:1:off2', '0:2:off3'],
      ['1:0:on1', '1:1:on2', '1:2:on3'],
    ]);
  });

  it('stops what started when a start or a measurement fails', async () => {
    const events: string[] = [];
    await expect(
      inFreshRounds([starter('off', events), starter('on', events, 1)], 3, async () => 'm'),
    ).rejects.toThrow('on did not start');
    expect(events).toEqual([
      'start off1',
      'start on1',
      'stop on1',
      'stop off1',
      'start off2',
      'stop off2',
    ]);

    const measuredEvents: string[] = [];
    await expect(
      inFreshRounds([starter('off', measuredEvents), starter('on', measuredEvents)], 2, () =>
        Promise.reject(new Error('load generator failed')),
      ),
    ).rejects.toThrow('load generator failed');
    expect(measuredEvents).toEqual(['start off1', 'start on1', 'stop on1', 'stop off1']);
  });
});
