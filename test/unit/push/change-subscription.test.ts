import { describe, expect, it } from 'vitest';
import type { ChangeHub, ChangeListener } from '../../../src/changes/change-hub.js';
import type { LoggedChange } from '../../../src/changes/change-log.js';
import type { MatchRecord } from '../../../src/football/match-record.js';
import { ofLiveMatches, ofOddsMoves } from '../../../src/push/change-filters.js';
import { subscribeChanges } from '../../../src/push/change-subscription.js';
import type { ChangeValues } from '../../../src/push/change-values.js';

let seq = 0n;
const change = (matchId: number, resource: LoggedChange['resource'] = 'events'): LoggedChange => ({
  seq: ++seq,
  matchId,
  resource,
  kind: 'upsert',
  at: new Date(),
});

/** A hub the test feeds by hand; it remembers which matches each listener asked for. */
function fakeHub() {
  const listeners: Array<{ listener: ChangeListener; matchIds: ReadonlySet<number> | null }> = [];
  const hub = {
    listen: async (listener: ChangeListener, matchIds: ReadonlySet<number> | null = null) => {
      const entry = { listener, matchIds };
      listeners.push(entry);
      return { from: seq, stop: () => listeners.splice(listeners.indexOf(entry), 1) };
    },
  } as unknown as ChangeHub;
  return {
    hub,
    listeners,
    emit: (...changes: LoggedChange[]) => {
      for (const { listener } of [...listeners]) {
        listener(changes);
      }
    },
  };
}

describe('subscribeChanges', () => {
  it('yields the carried changes after it subscribed, in order, once each', async () => {
    const { hub, emit } = fakeHub();
    emit(change(1));
    const changes = await subscribeChanges(hub, (c) => c.matchId === 1);
    const [a, b, c] = [change(1), change(2), change(1)];
    emit(a, b);
    emit(a, c);
    expect((await changes.next()).value).toBe(a);
    expect((await changes.next()).value).toBe(c);
  });

  it('ends at once on return, even while it waits, and stops listening', async () => {
    const { hub, listeners } = fakeHub();
    const changes = await subscribeChanges(hub, () => true, { matchIds: new Set([4]) });
    expect(listeners[0]?.matchIds).toEqual(new Set([4]));
    const waiting = changes.next();
    await changes.return?.();
    expect(await waiting).toEqual({ done: true, value: undefined });
    expect(listeners).toHaveLength(0);
  });

  it('ends a subscriber that lets too many changes pile up with rate_limited (and Retry-After)', async () => {
    const { hub, emit, listeners } = fakeHub();
    const changes = await subscribeChanges(hub, () => true, { maxPending: 3 });
    emit(change(1), change(1), change(1), change(1));
    await expect(changes.next()).rejects.toMatchObject({
      code: 'rate_limited',
      extras: { retryAfter: 0 },
    });
    expect(listeners).toHaveLength(0);
  });
});

describe('change filters', () => {
  const values = (statuses: Record<number, string>, odds: unknown[] = []) =>
    ({
      matchAt: async (id: number) =>
        ({
          status: statuses[id],
          competition: { names: { en: 'Premier League' }, nameOriginal: 'Premier League' },
        }) as unknown as MatchRecord,
      valueOf: async () => odds.shift(),
    }) as unknown as ChangeValues;

  it('liveMatches follows a match once live, by competition name, until the subscription ends', async () => {
    const status: Record<number, string> = { 1: 'live', 2: 'scheduled' };
    const carries = ofLiveMatches(values(status), { analysis: false, leagues: ['premier league'] });
    expect(await carries(change(1))).toBe(true);
    expect(await carries(change(2))).toBe(false);
    status[1] = 'finished';
    expect(await carries(change(1, 'detail'))).toBe(true);
    expect(await carries(change(1, 'analysis'))).toBe(false);
    const elsewhere = ofLiveMatches(values({ 1: 'live' }), {
      analysis: true,
      leagues: ['Serie A'],
    });
    expect(await elsewhere(change(1))).toBe(false);
  });

  it('oddsMoved with a market carries only changes of that market\u2019s prices', async () => {
    const before = [{ bookmaker: 'A', had: { home: 2 }, hilo: { over: 1.9 } }];
    const hiloMoved = [{ bookmaker: 'A', had: { home: 2 }, hilo: { over: 1.8 } }];
    const hadMoved = [{ bookmaker: 'A', had: { home: 2.1 }, hilo: { over: 1.8 } }];
    const carries = ofOddsMoves(values({}, [hiloMoved, hadMoved]), {
      matchId: 9,
      market: 'had',
      odds: before,
    });
    expect(await carries(change(9, 'events'))).toBe(false);
    expect(await carries(change(9, 'odds'))).toBe(false);
    expect(await carries(change(9, 'movement'))).toBe(true);
    expect(await carries(change(8, 'odds'))).toBe(false);
  });
});
