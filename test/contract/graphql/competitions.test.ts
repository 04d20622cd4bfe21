import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { loadDemo } from '../../helpers/demo-fixture.js';
import { graphql } from '../../helpers/graphql.js';
import { expectSameAsRest, fullSelection } from '../../helpers/graphql-parity.js';
import type { TestApp } from '../rest/matches-fixture.js';

/** Issue 49: `competitions`, `competition(id) { standings }` say what the REST routes say. */
describeEachDatabase('GraphQL competitions and standings', ({ db }) => {
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

  const rest = async (path: string, language = 'en') => {
    const res = await app.inject({
      url: `/v1/football${path}`,
      headers: { 'x-api-key': key, 'accept-language': language },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: unknown }).data;
  };

  it('competitions: every field as GET /competitions, in the requested language', async () => {
    for (const language of ['en', 'zh-HK']) {
      const res = await graphql(
        app,
        `{ competitions { ${fullSelection('CompetitionDetail', [
          'CompetitionDetail.standings',
          'CompetitionDetail.scorers',
          'CompetitionDetail.matches',
        ])} } }`,
        { key, headers: { 'accept-language': language } },
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
    const res = await graphql(app, query, { key });
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
      app,
      '{ a: competition(id: 999999) { name } b: competition(id: 1) { standings(season: 1900) { season } } }',
      { key },
    );
    const errors = res.body.errors as unknown as { path: string[]; extensions: { code: string } }[];
    expect(errors.map((e) => [e.path.join('.'), e.extensions.code]).sort()).toEqual([
      ['a', 'not_found'],
      ['b.standings', 'not_found'],
    ]);
  });
});
