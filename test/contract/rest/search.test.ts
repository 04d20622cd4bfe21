import Value from 'typebox/value';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyChanges } from '../../../src/ingest/changes/apply.js';
import { checkChange } from '../../../src/ingest/changes/format.js';
import { insertAliases } from '../../../src/ingest/sync/identity/store.js';
import { rebuildSearchTerms } from '../../../src/search/term-store.js';
import { SearchResult } from '../../../src/wire/schemas/search.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { auth, setUpMatches, type TestApp } from './matches-fixture.js';

describeEachDatabase('GET /v1/football/search', ({ db }) => {
  let app: TestApp;
  let key: string;
  let chelsea: number;

  beforeAll(async () => {
    ({ app, key } = await setUpMatches(db()));
    chelsea = (await db().prisma.team.findFirstOrThrow({ where: { nameEn: 'Chelsea' } })).id;
  }, 180_000);
  afterAll(() => app?.close());

  const get = (query: string, headers: Record<string, string> = {}) =>
    app.inject({ url: `/v1/football/search?${query}`, headers: auth(key, headers) });
  const search = async (q: string, extra = '', headers: Record<string, string> = {}) => {
    const res = await get(`q=${encodeURIComponent(q)}${extra}`, headers);
    expect(res.statusCode, q).toBe(200);
    const data = res.json().data as { type: string; id: number; name: string; matched: string }[];
    for (const result of data) {
      expect(Value.Check(SearchResult, result)).toBe(true);
    }
    return data;
  };
  /** Written by the one writer, then told to the app's caches as a running writer does. */
  const write = async (resource: string, ...records: Record<string, unknown>[]) => {
    await applyChanges(
      db().prisma,
      records.map((record, i) => ({
        line: i + 1,
        change: checkChange({ op: 'upsert', resource, record }, i + 1, 'test'),
      })),
      'test',
      new Date(),
    );
    await app.deps.events.publish({ type: 'data-changed' });
  };
  const writeTeams = (...records: Record<string, unknown>[]) => write('teams', ...records);

  it('simplified and traditional Chinese names find Chelsea, named in the requested language', async () => {
    for (const q of ['切尔西', '車路士', '尔西']) {
      const [first] = await search(q);
      expect(first, q).toMatchObject({ type: 'team', id: chelsea, name: 'Chelsea' });
    }
    const [hk] = await search('切尔西', '', { 'accept-language': 'zh-HK' });
    expect(hk).toMatchObject({
      id: chelsea,
      name: '車路士',
      matched: '切尔西',
      country: 'England',
    });
  });

  it('case and accents do not matter; a word prefix inside a name matches', async () => {
    expect((await search('CHELSEA'))[0]).toMatchObject({ id: chelsea, matched: 'Chelsea' });
    const bayern = await search('munchen');
    expect(bayern.map((r) => r.name)).toContain('Bayern Munich');
    expect(bayern.find((r) => r.name === 'Bayern Munich')?.matched).toBe('FC Bayern München');
    expect((await search('united', '&type=team')).map((r) => r.name)).toEqual(
      expect.arrayContaining(['Manchester United', 'Leeds United', 'West Ham United']),
    );
  });

  it('ranked: exact name, then whole-name prefix, then word prefix', async () => {
    const man = (await search('man', '&type=team')).map((r) => r.name);
    expect(man.slice(0, 2)).toEqual(['Manchester City', 'Manchester United']);
    await writeTeams({ id: 990_001, nameOriginal: 'Man', nameEn: 'Man', country: 'Testland' });
    await writeTeams({ id: 990_002, nameOriginal: 'Isle of Man FC', nameEn: 'Isle of Man' });
    const ranked = (await search('man', '&type=team')).map((r) => r.name);
    expect(ranked.slice(0, 3)).toEqual(['Man', 'Manchester City', 'Manchester United']);
    expect(ranked.indexOf('Isle of Man')).toBeGreaterThan(2);
  });

  it('level on the name: competitions, then teams, then players; each entity once, at its best', async () => {
    await write('competitions', {
      id: 990_100,
      code: 'TST-ZEB',
      nameEn: 'Zebra',
      region: 'Europe',
    });
    await writeTeams(
      { id: 990_101, nameOriginal: 'Zebra', nameEn: 'Zebra' },
      { id: 990_103, nameOriginal: 'Zebra Zebra Town', nameEn: 'Zebra Zebra Town' },
    );
    await write('players', { id: 990_102, nameEn: 'Zebra' });
    const found = (await search('zebra')).map((r) => `${r.type}:${r.id}:${r.matched}`);
    expect(found).toEqual([
      'competition:990100:Zebra',
      'team:990101:Zebra',
      'player:990102:Zebra',
      'team:990103:Zebra Zebra Town',
    ]);
  });

  it('type keeps one kind; at most 20 results', async () => {
    const competitions = await search('league', '&type=competition');
    expect(competitions.length).toBeGreaterThan(0);
    expect(competitions.every((r) => r.type === 'competition')).toBe(true);
    const players = await search('chelsea', '&type=player');
    expect(players).toEqual([]);
    await writeTeams(
      ...Array.from({ length: 25 }, (_, i) => ({
        id: 991_000 + i,
        nameOriginal: `Limit Town ${i}`,
        nameEn: `Limit Town ${i}`,
      })),
    );
    const many = await search('limit town');
    expect(many).toHaveLength(20);
    expect(many[0]).toMatchObject({ id: 991_000, name: 'Limit Town 0' });
  });

  it('bad q or type is 400 invalid_parameter naming it', async () => {
    for (const query of ['', 'q=', 'q=%20-%20', `q=${'a'.repeat(101)}`, 'q=a&type=stadium']) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json().code).toBe('invalid_parameter');
      expect(res.json().parameter, query).toBe(query.includes('type') ? 'type' : 'q');
    }
  });

  it('one unit of the plan quota; ETag and Last-Modified answer 304', async () => {
    const before = await get('q=arsenal');
    const res = await get('q=arsenal');
    expect(Number(res.headers['x-quota-remaining'])).toBe(
      Number(before.headers['x-quota-remaining']) - 1,
    );
    const again = await get('q=arsenal', { 'if-none-match': String(res.headers['etag']) });
    expect(again.statusCode).toBe(304);
    const modified = String(res.headers['last-modified']);
    expect(Date.parse(modified)).toBeGreaterThan(0);
    expect((await get('q=arsenal', { 'if-modified-since': modified })).statusCode).toBe(304);
  });

  it('a renamed team and a new alias are found after the write (the cached answer too)', async () => {
    expect(await search('zebrafc')).toEqual([]);
    expect(await search('blues of london')).toEqual([]);
    await writeTeams({ id: 990_003, nameOriginal: 'Old Name', nameEn: 'Old Name' });
    expect((await search('old name'))[0]).toMatchObject({ id: 990_003 });
    await writeTeams({ id: 990_003, nameOriginal: 'Zebrafc Town', nameEn: 'Zebrafc Town' });
    expect((await search('zebrafc'))[0]).toMatchObject({ id: 990_003, name: 'Zebrafc Town' });
    expect(await search('old name')).toEqual([]);
    await db().prisma.$transaction((tx) =>
      insertAliases(tx, [
        {
          kind: 'team',
          entityId: chelsea,
          name: 'Blues of London',
          language: 'alias',
          origin: 'operator',
        },
      ]),
    );
    await app.deps.events.publish({ type: 'data-changed' });
    const [found] = await search('blues of london');
    expect(found).toMatchObject({ id: chelsea, name: 'Chelsea', matched: 'Blues of London' });
  });

  it("the one-time backfill writes every stored entity's terms (a store from before search)", async () => {
    await db().prisma.$executeRawUnsafe('DELETE FROM search_terms');
    await app.deps.events.publish({ type: 'data-changed' });
    expect(await search('車路士')).toEqual([]);
    await db().prisma.$transaction((tx) => rebuildSearchTerms(tx));
    await app.deps.events.publish({ type: 'data-changed' });
    expect((await search('車路士'))[0]).toMatchObject({ id: chelsea });
    expect((await search('blues of london'))[0]).toMatchObject({ id: chelsea });
  });
});
