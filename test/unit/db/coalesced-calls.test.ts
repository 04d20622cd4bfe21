import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { coalescedCalls } from '../../../src/db/coalesced-reads.js';

/** A call that answers from a mutable table and records every argument it ran with. */
function recordingCall(table: Map<string, number>) {
  const calls: string[] = [];
  const run = async (key: string) => {
    calls.push(key);
    const value = table.get(key);
    if (value === undefined) {
      throw new Error(`no ${key}`);
    }
    return { key, value };
  };
  return { run, calls };
}

describe('coalescedCalls', () => {
  it('makes one call per distinct key for the callers of one turn', async () => {
    const { run, calls } = recordingCall(
      new Map([
        ['a', 1],
        ['b', 2],
      ]),
    );
    const shared = coalescedCalls(run, (k: string) => k);
    const answers = await Promise.all([shared('a'), shared('b'), shared('a'), shared('a')]);
    expect(calls).toEqual(['a', 'b']);
    expect(answers.map((a) => a.value)).toEqual([1, 2, 1, 1]);
  });

  it('hands a failure only to the callers of its own key', async () => {
    const { run } = recordingCall(new Map([['a', 1]]));
    const shared = coalescedCalls(run, (k: string) => k);
    const [a, missing, again] = await Promise.allSettled([shared('a'), shared('x'), shared('x')]);
    expect(a).toMatchObject({ status: 'fulfilled', value: { value: 1 } });
    expect(missing).toMatchObject({ status: 'rejected', reason: new Error('no x') });
    expect(again).toMatchObject({ status: 'rejected' });
  });

  it('never hands a later turn the answer of a call already made: it reads the change', async () => {
    const table = new Map([['a', 1]]);
    const { run, calls } = recordingCall(table);
    const shared = coalescedCalls(run, (k: string) => k);
    const first = shared('a');
    await nextTurn();
    // The first call has started; a caller now (after a change) gets a call of its own.
    table.set('a', 2);
    const second = shared('a');
    expect((await first).value).toBe(1);
    expect((await second).value).toBe(2);
    expect(calls).toEqual(['a', 'a']);
  });

  it('does not start a call before the turn that asked for it has ended', async () => {
    const { run, calls } = recordingCall(new Map([['a', 1]]));
    const shared = coalescedCalls(run, (k: string) => k);
    const answer = shared('a');
    expect(calls).toEqual([]);
    await answer;
    expect(calls).toEqual(['a']);
  });
});
