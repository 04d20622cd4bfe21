import { describe, expect, it } from 'vitest';
import type { ChangedMatch } from '../../../src/changes/change-summary.js';
import type { SentEvent } from '../../../src/events/event-bus.js';
import { createRepeatFilter } from '../../../src/events/repeats.js';

const match = (id: number): ChangedMatch => ({ id, resources: ['detail'], day: '2026-12-01' });
const change = (serial: number, ids: number[], origin = 'bus-a'): SentEvent => ({
  type: 'data-changed',
  changes: { seq: String(100 + serial), reference: false, matches: ids.map(match) },
  origin,
  serial,
});
const idsOf = (event: ReturnType<ReturnType<typeof createRepeatFilter>>) =>
  event?.type === 'data-changed' ? event.changes?.matches.map((m) => m.id) : undefined;

describe('repeat filter (an event heard through two transports)', () => {
  it('delivers an event once, without its stamp; the second copy is dropped', () => {
    const firstTime = createRepeatFilter();
    const delivered = firstTime(change(1, [7, 8]));
    expect(delivered).toEqual({
      type: 'data-changed',
      changes: { seq: '101', reference: false, matches: [match(7), match(8)] },
    });
    expect(firstTime(change(1, [7, 8]))).toBeNull();
    expect(idsOf(firstTime(change(2, [7, 8]))), 'the next event of the bus').toEqual([7, 8]);
    expect(idsOf(firstTime(change(1, [7, 8], 'bus-b'))), 'another bus').toEqual([7, 8]);
  });

  it('parts of one change (NOTIFY) and the whole (Redis): each match delivered once', () => {
    const firstTime = createRepeatFilter();
    expect(idsOf(firstTime(change(1, [1, 2])))).toEqual([1, 2]);
    expect(idsOf(firstTime(change(1, [1, 2, 3, 4]))), 'the whole brings 3 and 4').toEqual([3, 4]);
    expect(firstTime(change(1, [3, 4])), 'the second part: nothing new').toBeNull();
  });

  it('events without matches, and other kinds, once each', () => {
    const firstTime = createRepeatFilter();
    const all: SentEvent = { type: 'data-changed', origin: 'bus-a', serial: 1 };
    expect(firstTime(all)).toEqual({ type: 'data-changed' });
    expect(firstTime(all)).toBeNull();
    expect(firstTime(change(1, [5])), 'everything was said already').toBeNull();
    const revoked: SentEvent = {
      type: 'key-revoked',
      keyId: 3,
      hash: 'h',
      origin: 'bus-a',
      serial: 2,
    };
    expect(firstTime(revoked)).toEqual({ type: 'key-revoked', keyId: 3, hash: 'h' });
    expect(firstTime(revoked)).toBeNull();
  });

  it('an unstamped event (an older instance) is always delivered; memory is bounded', () => {
    const firstTime = createRepeatFilter(2);
    const bare: SentEvent = { type: 'plans-changed' };
    expect(firstTime(bare)).toEqual({ type: 'plans-changed' });
    expect(firstTime(bare)).toEqual({ type: 'plans-changed' });
    firstTime(change(1, [1]));
    firstTime(change(2, [1]));
    firstTime(change(3, [1]));
    expect(idsOf(firstTime(change(1, [1]))), 'forgotten past the bound: delivered again').toEqual([
      1,
    ]);
    expect(firstTime(change(3, [1]))).toBeNull();
  });
});
