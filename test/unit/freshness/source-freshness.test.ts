import { describe, expect, it } from 'vitest';
import type { SqlStatement } from '../../../src/db/sql.js';
import { ApiError } from '../../../src/errors/api-error.js';
import { SourceFreshness } from '../../../src/freshness/source-freshness.js';

type Row = Record<string, unknown>;

/** A database of two statements: the state (what `state` holds now) and the match links. */
function fakeDatabase() {
  const db = {
    state: [] as Row[],
    links: [] as Row[],
    stateReads: 0,
    linkReads: 0,
    failing: false,
    read: async <T>(sql: SqlStatement): Promise<T[]> => {
      if (db.failing) {
        throw new Error('database unavailable');
      }
      if (sql.text.includes('live_owners')) {
        db.stateReads++;
        return db.state as T[];
      }
      db.linkReads++;
      const ids = sql.values[0] as number[];
      return db.links.filter((l) => ids.includes(l['entity_id'] as number)) as T[];
    },
  };
  return db;
}

function engine(db: ReturnType<typeof fakeDatabase>) {
  let ms = 0;
  const freshness = new SourceFreshness({
    read: db.read,
    staleAfterSeconds: 60,
    now: () => new Date('2026-11-22T10:00:00Z'),
    monotonic: () => ms,
  });
  return { freshness, advance: (by: number) => (ms += by) };
}

const codeOf = async (check: Promise<void> | undefined) => {
  try {
    await check;
    return 'ok';
  } catch (error) {
    return error instanceof ApiError ? error.code : String(error);
  }
};

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('SourceFreshness', () => {
  it('quiet: reads the state at most once a second, never per request, nothing else', async () => {
    const db = fakeDatabase();
    const { freshness, advance } = engine(db);
    freshness.prime();
    await flush();
    for (let i = 0; i < 100; i++) {
      expect(freshness.checkMatches([{ id: 1, status: 'live' }])).toBeUndefined();
      advance(5);
    }
    await flush();
    // 500 ms of requests: the first read only; then one more once a second has passed.
    expect(db.stateReads).toBe(1);
    advance(600);
    freshness.isQuiet();
    await flush();
    expect(db.stateReads).toBe(2);
    expect(db.linkReads).toBe(0);
  });

  it('judges only what the page shows: live matches of a stale owner, any match of a refused one', async () => {
    const db = fakeDatabase();
    db.state = [{ what: 'stale', source: 'a', resource: null }];
    db.links = [
      { entity_id: 1, source: 'a', owner: true },
      { entity_id: 2, source: 'b', owner: true },
      { entity_id: 3, source: 'a', owner: false },
    ];
    const { freshness, advance } = engine(db);
    expect(await codeOf(freshness.checkMatches([{ id: 1, status: 'finished' }]))).toBe('ok');
    expect(await codeOf(freshness.checkMatches([{ id: 2, status: 'live' }]))).toBe('ok');
    // Linked to the stale source, but another source (or none) owns it.
    expect(await codeOf(freshness.checkMatches([{ id: 3, status: 'live' }]))).toBe('ok');
    expect(
      await codeOf(
        freshness.checkMatches([
          { id: 2, status: 'live' },
          { id: 1, status: 'live' },
        ]),
      ),
    ).toBe('upstream_unavailable');

    db.state = [
      { what: 'stale', source: 'a', resource: null },
      { what: 'refused', source: 'b', resource: 'matches' },
    ];
    advance(1000);
    // Both apply: the refusal wins.
    expect(
      await codeOf(
        freshness.checkMatches([
          { id: 1, status: 'live' },
          { id: 2, status: 'finished' },
        ]),
      ),
    ).toBe('upstream_malformed');
  });

  it('an error is never answered on verdicts more than a second old', async () => {
    const db = fakeDatabase();
    db.state = [{ what: 'stale', source: 'a', resource: null }];
    db.links = [{ entity_id: 1, source: 'a', owner: true }];
    const { freshness, advance } = engine(db);
    const page = [{ id: 1, status: 'live' as const }];
    expect(await codeOf(freshness.checkMatches(page))).toBe('upstream_unavailable');
    db.state = [];
    advance(1000);
    // The verdicts said "stale" and are a second old: read again before answering.
    expect(await codeOf(freshness.checkMatches(page))).toBe('ok');
  });

  it('exchange: 502 for a match linked to a source whose exchange answer was refused', async () => {
    const db = fakeDatabase();
    db.state = [{ what: 'refused', source: 'x', resource: 'exchange' }];
    db.links = [{ entity_id: 5, source: 'x', owner: false }];
    const { freshness } = engine(db);
    expect(await codeOf(freshness.checkExchange(5))).toBe('upstream_malformed');
    expect(await codeOf(freshness.checkExchange(6))).toBe('ok');
    // The lists are not concerned.
    expect(freshness.isQuiet('matches')).toBe(true);
    expect(freshness.isQuiet('exchange')).toBe(false);
  });

  it('a failed read keeps the verdicts it had', async () => {
    const db = fakeDatabase();
    db.state = [{ what: 'refused', source: 'x', resource: 'exchange' }];
    db.links = [{ entity_id: 5, source: 'x', owner: false }];
    const { freshness, advance } = engine(db);
    expect(await codeOf(freshness.checkExchange(5))).toBe('upstream_malformed');
    db.failing = true;
    advance(1000);
    expect(freshness.isQuiet('exchange')).toBe(false);
    await flush();
    expect(freshness.isQuiet('exchange')).toBe(false);
  });
});
