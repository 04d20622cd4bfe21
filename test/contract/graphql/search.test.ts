import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { loadDemo } from '../../helpers/demo-fixture.js';
import { graphql } from '../../helpers/graphql.js';
import type { TestApp } from '../rest/matches-fixture.js';

/** Issue 49: `search(q, type)` answers what GET /search answers, the entities found as nodes. */
describeEachDatabase('GraphQL search', ({ db }) => {
  let app: TestApp;
  let key: string;
  beforeAll(async () => {
    await loadDemo(db() as Database);
    app = (await buildTestApp(db(), {
      clock: createFakeClock('2026-11-22T10:00:00.000Z'),
    })) as TestApp;
    key = (await createAccountWithKey(db(), 'Pro')).key;
  }, 300_000);
  afterAll(() => app?.close());

  it('the fields of GET /search, in the requested language, with the team found as a Team', async () => {
    const rest = await app.inject({
      url: `/v1/football/search?q=${encodeURIComponent('車路士')}`,
      headers: { 'x-api-key': key, 'accept-language': 'zh-CN' },
    });
    const [first] = rest.json().data as { id: number }[];
    const res = await graphql(
      app,
      '{ search(q: "車路士") { type id name nameOriginal country matched team { id name } competition { id } player { id } } }',
      { key, headers: { 'accept-language': 'zh-CN' } },
    );
    expect(res.body.errors).toBeUndefined();
    const [found] = (res.body.data as { search: Record<string, unknown>[] }).search;
    expect(found).toEqual({
      ...first,
      type: 'TEAM',
      team: { id: first?.id, name: '切尔西' },
      competition: null,
      player: null,
    });
  });

  it('type keeps one kind; a competition links its Competition; bad q is invalid_parameter', async () => {
    const res = await graphql(
      app,
      '{ search(q: "league", type: COMPETITION) { type competition { id name } } }',
      { key },
    );
    const list = (res.body.data as { search: { type: string; competition: { id: number } }[] })
      .search;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r) => r.type === 'COMPETITION' && r.competition.id > 0)).toBe(true);
    const bad = await graphql(app, '{ search(q: " - ") { id } }', { key });
    expect(bad.body.errors?.[0]?.extensions?.['code']).toBe('invalid_parameter');
  });
});
