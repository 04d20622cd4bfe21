import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/db.js';
import { withDemoApp } from '../../helpers/demo-app.js';
import { graphql } from '../../helpers/graphql.js';

/** Issue 49: `search(q, type)` answers what GET /search answers, the entities found as nodes. */
describeEachDatabase('GraphQL search', ({ db }) => {
  const demo = withDemoApp(db);

  it('the fields of GET /search, in the requested language, with the team found as a Team', async () => {
    const rest = await demo.app.inject({
      url: `/v1/football/search?q=${encodeURIComponent('車路士')}`,
      headers: { 'x-api-key': demo.key, 'accept-language': 'zh-CN' },
    });
    const [first] = rest.json().data as { id: number }[];
    const res = await graphql(
      demo.app,
      '{ search(q: "車路士") { type id name nameOriginal country matched team { id name } competition { id } player { id } } }',
      { key: demo.key, headers: { 'accept-language': 'zh-CN' } },
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
      demo.app,
      '{ search(q: "league", type: COMPETITION) { type competition { id name } } }',
      { key: demo.key },
    );
    const list = (res.body.data as { search: { type: string; competition: { id: number } }[] })
      .search;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r) => r.type === 'COMPETITION' && r.competition.id > 0)).toBe(true);
    const bad = await graphql(demo.app, '{ search(q: " - ") { id } }', { key: demo.key });
    expect(bad.body.errors?.[0]?.extensions?.['code']).toBe('invalid_parameter');
  });
});
