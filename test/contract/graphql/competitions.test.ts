import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/db.js';
import { withDemoApp } from '../../helpers/demo-app.js';
import { graphql } from '../../helpers/graphql.js';
import { expectSameAsRest, fullSelection } from '../../helpers/graphql-parity.js';

/** Issue 49: `competitions`, `competition(id) { standings }` say what the REST routes say. */
describeEachDatabase('GraphQL competitions and standings', ({ db }) => {
  const demo = withDemoApp(db);

  const rest = async (path: string, language = 'en') => {
    const res = await demo.app.inject({
      url: `/v1/football${path}`,
      headers: { 'x-api-key': demo.key, 'accept-language': language },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: unknown }).data;
  };

  it('competitions: every field as GET /competitions, in the requested language', async () => {
    for (const language of ['en', 'zh-HK']) {
      const res = await graphql(
        demo.app,
        `{ competitions { ${fullSelection('CompetitionDetail', [
          'CompetitionDetail.standings',
          'CompetitionDetail.scorers',
          'CompetitionDetail.matches',
        ])} } }`,
        { key: demo.key, headers: { 'accept-language': language } },
      );
      expect(res.body.errors).toBeUndefined();
      const list = (res.body.data as { competitions: unknown[] }).competitions;
      expect(list.length).toBeGreaterThan(3);
      expectSameAsRest(await rest('/competitions', language), list);
    }
  });

  it('competition(id) { standings }: as GET .../standings, batched for several competitions', async () => {
    const ids = (
      (await rest('/competitions')) as { id: number; coverage: { standings: boolean } }[]
    )
      .filter((c) => c.coverage.standings)
      .map((c) => c.id)
      .slice(0, 3);
    expect(ids.length).toBeGreaterThan(1);
    const selection = fullSelection('CompetitionStandings');
    const query = `{ ${ids
      .map((id) => `c${id}: competition(id: ${id}) { standings(live: true) { ${selection} } }`)
      .join(' ')} }`;
    const res = await graphql(demo.app, query, { key: demo.key });
    expect(res.body.errors).toBeUndefined();
    const data = res.body.data as Record<string, { standings: unknown }>;
    for (const id of ids) {
      const body = await rest(`/competitions/${id}/standings?live=true`);
      expect((body as { standings: unknown[] }).standings.length).toBeGreaterThan(0);
      expectSameAsRest(body, data[`c${id}`]?.standings);
    }
  });

  it('an unknown competition or season is null with not_found', async () => {
    const res = await graphql(
      demo.app,
      '{ a: competition(id: 999999) { name } b: competition(id: 1) { standings(season: 1900) { season } } }',
      { key: demo.key },
    );
    const errors = res.body.errors as unknown as { path: string[]; extensions: { code: string } }[];
    expect(errors.map((e) => [e.path.join('.'), e.extensions.code]).sort()).toEqual([
      ['a', 'not_found'],
      ['b.standings', 'not_found'],
    ]);
  });
});
