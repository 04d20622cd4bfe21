import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOperationFlights } from '../../../src/graphql/operation-cache/operation-flights.js';

/** A clock the test moves by hand. */
function clock(start = '2026-11-28T20:00:00Z') {
  let at = new Date(start).getTime();
  return { now: () => new Date(at), advance: (ms: number) => (at += ms) };
}

const settledWithin = async (promise: Promise<boolean>, ms: number) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(ms);
  return done;
};

describe('operation flights', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a follower of a running operation waits until its leader lands', async () => {
    vi.useFakeTimers();
    const flights = createOperationFlights<object>({ now: clock().now });
    const leader = {};
    expect(flights.waitFor('k'), 'nothing runs yet').toBeUndefined();
    flights.lead(leader, 'k', false);
    const waiting = flights.waitFor('k');
    expect(waiting).toBeDefined();
    expect(await settledWithin(waiting as Promise<boolean>, 100)).toBe(false);
    flights.kept(leader, 'k');
    flights.landed(leader);
    expect(await settledWithin(waiting as Promise<boolean>, 0)).toBe(true);
    expect(await waiting, 'told that it landed').toBe(true);
    expect(flights.running()).toBe(0);
  });

  it('a wait lasts at most waitMs, then the follower runs on its own', async () => {
    vi.useFakeTimers();
    const flights = createOperationFlights<object>({ now: clock().now, waitMs: 500 });
    flights.lead({}, 'k', false);
    const waiting = flights.waitFor('k') as Promise<boolean>;
    expect(await settledWithin(waiting, 499)).toBe(false);
    expect(await settledWithin(waiting, 1)).toBe(true);
    expect(await waiting, 'told that the flight had not landed').toBe(false);
  });

  it('a request accepting a stream never leads', () => {
    const flights = createOperationFlights<object>({ now: clock().now });
    flights.lead({}, 'k', true);
    expect(flights.waitFor('k')).toBeUndefined();
  });

  it('a key whose run kept nothing is not waited on for unkeptMs, by the given clock', () => {
    const time = clock();
    const flights = createOperationFlights<object>({ now: time.now, unkeptMs: 10_000 });
    const first = {};
    flights.lead(first, 'usage', false);
    flights.landed(first);
    flights.lead({}, 'usage', false);
    expect(flights.waitFor('usage'), 'kept nothing: not led again').toBeUndefined();
    time.advance(10_001);
    flights.lead({}, 'usage', false);
    expect(flights.waitFor('usage'), 'the mark has expired').toBeDefined();
  });

  it('only the leader marks its flight kept; a kept run leaves no unkept mark', () => {
    const flights = createOperationFlights<object>({ now: clock().now });
    const leader = {};
    flights.lead(leader, 'k', false);
    flights.kept({}, 'k');
    flights.landed(leader);
    flights.lead({}, 'k', false);
    expect(flights.waitFor('k'), 'a follower storing does not count').toBeUndefined();

    const again = createOperationFlights<object>({ now: clock().now });
    const kept = {};
    again.lead(kept, 'k', false);
    again.kept(kept, 'k');
    again.landed(kept);
    again.lead({}, 'k', false);
    expect(again.waitFor('k')).toBeDefined();
  });

  it('landing a request that leads nothing is harmless; the unkept marks are bounded', () => {
    const flights = createOperationFlights<object>({ now: clock().now, maxUnkept: 2 });
    flights.landed({});
    for (const key of ['a', 'b', 'c']) {
      const request = {};
      flights.lead(request, key, false);
      flights.landed(request);
    }
    flights.lead({}, 'a', false);
    expect(flights.waitFor('a'), 'the marks were cleared at the bound').toBeDefined();
  });
});
