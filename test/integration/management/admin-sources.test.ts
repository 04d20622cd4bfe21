import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writePass } from '../../../src/ingest/sync/pass-writer.js';
import { footballDataOrgSource } from '../../../src/ingest/sync/sources/football-data-org/index.js';
import { buildTestApp } from '../../helpers/app.js';
import { describeEachDatabase } from '../../helpers/db.js';

const TOKEN = 'admin-token-for-tests-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };
const AT = new Date('2026-12-05T12:00:00Z');

describeEachDatabase('admin API /admin/v1/sources', ({ db }) => {
  let app: FastifyInstance;
  const get = (url: string) => app.inject({ method: 'GET', url, headers: auth });

  beforeAll(async () => {
    const prisma = db().prisma;
    await writePass(
      prisma,
      footballDataOrgSource,
      {
        competitions: [
          { sourceId: '2021', code: 'PL', name: 'Premier League', country: 'England' },
        ],
        teams: [
          { sourceId: '57', name: 'Arsenal FC' },
          { sourceId: '61', name: 'Chelsea FC' },
        ],
        matches: [
          {
            sourceId: '1',
            competition: '2021',
            home: '57',
            away: '61',
            status: 'scheduled',
            kickoffUtc: '2026-12-06T15:00:00Z',
          },
        ],
      },
      AT,
    );
    await writePass(
      prisma,
      { name: 'the-odds-api', role: 'odds', licence: 'odds terms' },
      {
        teams: [
          { sourceId: 'Arsenal', name: 'Arsenal' },
          { sourceId: 'Spurs', name: 'Spurs' },
        ],
        links: [
          { sourceId: 'ev1', home: 'Arsenal', away: 'Spurs', kickoffUtc: '2026-12-06T15:00:00Z' },
        ],
      },
      AT,
    );
    app = await buildTestApp(db(), { env: { ADMIN_TOKEN: TOKEN } });
  });
  afterAll(() => app.close());

  it('lists every source with the competitions it brings and their terms', async () => {
    const res = await get('/admin/v1/sources');
    expect(res.statusCode, res.body).toBe(200);
    const sources = res.json().data as { source: string; configured: boolean }[];
    expect(sources.map((s) => s.source)).toContain('betfair');
    expect(sources.find((s) => s.source === 'football-data-org')).toMatchObject({
      role: 'fixtures',
      configured: false,
      competitions: [
        { name: 'Premier League', resource: 'fixtures', licence: footballDataOrgSource.licence },
      ],
    });
  });

  it('lists what a source left unmatched, and refuses a bad source name', async () => {
    const res = await get('/admin/v1/sources/unmatched?source=the-odds-api');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ kind: 'team', sourceId: 'Spurs', name: 'Spurs' }),
      expect.objectContaining({ kind: 'match', sourceId: 'ev1' }),
    ]);
    const bad = await get('/admin/v1/sources/unmatched?source=Not%20a%20source');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_parameter' });
    expect((await app.inject({ method: 'GET', url: '/admin/v1/sources' })).statusCode).toBe(401);
  });
});
