import { describe, expect, it } from 'vitest';
import { evictedBy, parseChangeSummary, tags } from '../../../src/changes/change-summary.js';
import { createTaggedCache } from '../../../src/changes/tagged-cache.js';
import { type BusEvent, createEventBus, parseBusEvent } from '../../../src/events/event-bus.js';
import { notifyTexts } from '../../../src/events/transports.js';

describe('what a change evicts', () => {
  it('a match resource: its tag; a row change also its day, the live lists and its teams', () => {
    expect(
      evictedBy({ seq: '1', reference: false, matches: [{ id: 4, resources: ['events'] }] }),
    ).toEqual(new Set(['m:4:events', tags.anyScorers]));
    const finished = evictedBy({
      seq: '2',
      reference: false,
      matches: [
        {
          id: 4,
          resources: ['detail'],
          day: '2026-11-25',
          teams: [10, 11],
          status: 'finished',
          competition: 7,
        },
      ],
    });
    // Issue 49: every row change of a team's match also stales its team page and match lists,
    // its competition's standings and the competitions list.
    expect(finished).toEqual(
      new Set([
        'm:4:detail',
        'live',
        'd:2026-11-25',
        't:10',
        't:11',
        'tm:10',
        'tm:11',
        'c:7',
        tags.catalogue,
      ]),
    );
    const live = evictedBy({
      seq: '3',
      reference: false,
      matches: [
        { id: 4, resources: ['detail'], day: '2026-11-25', teams: [10, 11], status: 'live' },
      ],
    });
    expect(live, "a live match is not in any history yet, but in its teams' lists").toEqual(
      new Set([
        'm:4:detail',
        'live',
        'd:2026-11-25',
        'tm:10',
        'tm:11',
        tags.catalogue,
        tags.anyCompetition,
      ]),
    );
    const deleted = evictedBy({
      seq: '4',
      reference: false,
      matches: [{ id: 4, resources: ['detail'] }],
    });
    expect(deleted).toEqual(
      new Set([
        'm:4:detail',
        'live',
        tags.anyDay,
        tags.anyH2h,
        tags.anyTeamMatches,
        tags.catalogue,
        tags.anyCompetition,
      ]),
    );
  });

  it('reference data or an unsaid change: everything', () => {
    expect(evictedBy(undefined)).toBe('all');
    expect(evictedBy({ seq: '1', reference: true, matches: [] })).toBe('all');
  });

  it('a day in a zone spans one or two UTC dates', () => {
    const hk = { from: new Date('2026-11-24T16:00:00Z'), to: new Date('2026-11-25T16:00:00Z') };
    expect(tags.window(hk.from, hk.to)).toEqual(['d:2026-11-24', 'd:2026-11-25']);
    const utc = { from: new Date('2026-11-25T00:00:00Z'), to: new Date('2026-11-26T00:00:00Z') };
    expect(tags.window(utc.from, utc.to)).toEqual(['d:2026-11-25']);
  });

  it('a summary from another instance is checked; a malformed one means everything', () => {
    const good = { seq: '5', reference: false, matches: [{ id: 1, resources: ['odds'] }] };
    expect(parseChangeSummary(good)).toEqual(good);
    expect(parseChangeSummary({ ...good, matches: [{ id: 'x', resources: [] }] })).toBeUndefined();
    const event = parseBusEvent(JSON.stringify({ type: 'data-changed', changes: { seq: 1 } }));
    expect(event).toEqual({ type: 'data-changed' });
    expect(parseBusEvent(JSON.stringify({ type: 'data-changed', changes: good }))).toEqual({
      type: 'data-changed',
      changes: good,
    });
  });

  it('a change too large for one NOTIFY is split into several that add up to it', () => {
    const matches = Array.from({ length: 400 }, (_, i) => ({
      id: 1_000_000 + i,
      resources: ['detail' as const, 'events' as const],
      day: '2026-11-25',
      teams: [601, 602] as [number, number],
      status: 'live',
    }));
    const big: BusEvent = {
      type: 'data-changed',
      changes: { seq: '77', reference: false, matches },
    };
    const texts = notifyTexts(big);
    expect(texts.length).toBeGreaterThan(1);
    const parts = texts.map((t) => {
      expect(Buffer.byteLength(t)).toBeLessThan(8000);
      return parseBusEvent(t);
    });
    const ids = parts.flatMap((p) =>
      p?.type === 'data-changed' ? (p.changes?.matches ?? []) : [],
    );
    expect(ids.map((m) => m.id)).toEqual(matches.map((m) => m.id));
    const small: BusEvent = {
      type: 'data-changed',
      changes: { seq: '1', reference: false, matches: [] },
    };
    expect(notifyTexts(small).map((t) => JSON.parse(t))).toEqual([small]);
  });
});

describe('tagged cache', () => {
  const setUp = () => {
    const events = createEventBus();
    const cache = createTaggedCache<string>(events, {
      maxBytes: 1_000_000,
      sizeOf: (v) => v.length,
      ttlMs: 60_000,
    });
    return { events, cache };
  };
  const change = (id: number, resource: 'events' | 'odds'): BusEvent => ({
    type: 'data-changed',
    changes: { seq: '1', reference: false, matches: [{ id, resources: [resource] }] },
  });

  it('evicts the entries showing what changed, and untagged entries, nothing else', async () => {
    const { events, cache } = setUp();
    cache.set('a-events', 'x', [tags.match(1, 'events')]);
    cache.set('b-events', 'y', [tags.match(2, 'events')]);
    cache.set('a-odds', 'z', [tags.match(1, 'odds')]);
    cache.set('plans', 'p', []);
    cache.set('unknown', 'u');
    await events.publish(change(1, 'events'));
    expect(['a-events', 'b-events', 'a-odds', 'plans', 'unknown'].map((k) => cache.has(k))).toEqual(
      [false, true, true, true, false],
    );
    await events.publish({ type: 'data-changed' });
    expect(cache.size).toBe(0);
  });

  it('a replaced entry keeps only its new tags', async () => {
    const { events, cache } = setUp();
    cache.set('k', 'old', [tags.match(1, 'events')]);
    cache.set('k', 'new', [tags.match(2, 'odds')]);
    await events.publish(change(1, 'events'));
    expect(cache.get('k')).toBe('new');
    await events.publish(change(2, 'odds'));
    expect(cache.has('k')).toBe(false);
  });

  it('keeps no answer read across a change to what it shows: it may show the data from before it', async () => {
    const { events, cache } = setUp();
    const before = cache.mark();
    // A read under way (on a replica that has not replayed the change yet, say) ...
    await events.publish(change(1, 'events'));
    const kept = cache.set('a-events', 'read before the change', [tags.match(1, 'events')], before);
    expect(kept).toBe(false);
    expect(cache.has('a-events'), 'served, not kept').toBe(false);
    const after = cache.mark();
    expect(cache.set('a-events', 'read after it', [tags.match(1, 'events')], after)).toBe(true);
    expect(cache.get('a-events')).toBe('read after it');
  });

  it('keeps an answer read across changes to other things: they would not have evicted it', async () => {
    const { events, cache } = setUp();
    const before = cache.mark();
    await events.publish(change(2, 'odds'));
    await events.publish(change(1, 'odds'));
    cache.set('a-events', 'read across two changes', [tags.match(1, 'events')], before);
    expect(cache.get('a-events')).toBe('read across two changes');
    // An entry that does not say what it shows, a change that does not say what it touched, a
    // plan change, or a read older than the changes remembered: never kept.
    cache.set('unknown', 'u', undefined, before);
    expect(cache.has('unknown')).toBe(false);
    const beforeAll = cache.mark();
    await events.publish({ type: 'data-changed' });
    cache.set('b-events', 'x', [tags.match(2, 'events')], beforeAll);
    expect(cache.has('b-events')).toBe(false);
    const beforePlans = cache.mark();
    await events.publish({ type: 'plans-changed' });
    cache.set('b-events', 'x', [tags.match(2, 'events')], beforePlans);
    expect(cache.has('b-events')).toBe(false);
    const long = cache.mark();
    for (let i = 0; i < 300; i++) {
      await events.publish(change(3, 'odds'));
    }
    cache.set('b-events', 'x', [tags.match(2, 'events')], long);
    expect(cache.has('b-events'), 'older than the 256 changes remembered').toBe(false);
    const recent = cache.mark() - 200;
    cache.set('b-events', 'y', [tags.match(2, 'events')], recent);
    expect(cache.get('b-events'), '200 unrelated changes back').toBe('y');
  });

  it('plan changes clear it unless it holds no plan data', async () => {
    const { events, cache } = setUp();
    const reads = createTaggedCache<string>(
      events,
      { maxBytes: 1000, sizeOf: (v) => v.length, ttlMs: 60_000 },
      false,
    );
    cache.set('k', 'v', []);
    reads.set('k', 'v', []);
    await events.publish({ type: 'plans-changed' });
    expect(cache.has('k')).toBe(false);
    expect(reads.has('k')).toBe(true);
  });
});

describe('a transport that may have missed events', () => {
  it('makes every data cache of the process start over', async () => {
    let reportLost: () => void = () => {};
    const transport = {
      send: async () => {},
      listen: async (_onEvent: (event: BusEvent) => void, onLost: () => void) => {
        reportLost = onLost;
      },
      close: async () => {},
    };
    const events = createEventBus([transport]);
    const cache = createTaggedCache<string>(events, {
      maxBytes: 1000,
      sizeOf: (v) => v.length,
      ttlMs: 60_000,
    });
    let keyCachesCleared = 0;
    await events.start(() => {
      keyCachesCleared += 1;
    });
    cache.set('k', 'v', [tags.match(1, 'events')]);
    reportLost();
    expect(keyCachesCleared).toBe(1);
    expect(cache.has('k')).toBe(false);
  });
});
