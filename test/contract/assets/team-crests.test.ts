import { PNG } from 'pngjs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database.js';
import { runDemo } from '../../../src/ingest/demo/index.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp, TEST_BASE_URL } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';

const NOW = '2026-11-22T10:00:00.000Z';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const TEAMS = '/assets/UploadFolder/Teams';

type App = Awaited<ReturnType<typeof buildTestApp>>;

/** The home and away logo URLs of a match, as GET /v1/football/matches/{id} gives them. */
async function logosOf(app: App, key: string, matchId: number) {
  const res = await app.inject({
    url: `/v1/football/matches/${matchId}`,
    headers: { authorization: `Bearer ${key}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { homeLogo, awayLogo } = res.json().data as { homeLogo: string; awayLogo: string };
  return { homeLogo, awayLogo };
}

/** A match whose home team's original name is not ASCII, so its URL is percent-encoded. */
async function matchWithEncodedLogo(db: Database) {
  const matches = await db.prisma.match.findMany({
    select: { id: true, homeTeam: { select: { nameOriginal: true } } },
    orderBy: { id: 'asc' },
  });
  const found = matches.find((m) => /[^\x20-\x7e]/.test(m.homeTeam.nameOriginal));
  if (!found) {
    throw new Error('demo data has no team with a non-ASCII original name');
  }
  return found.id;
}

const pathOf = (url: string) => new URL(url).pathname;

describeEachDatabase('team crests at {assets_url}/UploadFolder/Teams/', ({ db }) => {
  let app: App;
  let key: string;
  let home: string;
  let away: string;
  beforeAll(async () => {
    await runDemo(db().prisma, { matches: 60, seed: 7, now: new Date(NOW) });
    app = await buildTestApp(db(), { clock: createFakeClock(NOW) });
    ({ key } = await createAccountWithKey(db(), 'Pro'));
    const logos = await logosOf(app, key, await matchWithEncodedLogo(db()));
    home = logos.homeLogo;
    away = logos.awayLogo;
  }, 180_000);
  afterAll(() => app?.close());

  it('a logo URL of a match answers a PNG crest, keyless, cached for a day', async () => {
    expect(home.startsWith(`${TEST_BASE_URL}${TEAMS}/%`)).toBe(true);
    const res = await app.inject({ url: pathOf(home) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['etag']).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(res.rawPayload.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const png = PNG.sync.read(res.rawPayload);
    expect([png.width, png.height]).toEqual([128, 128]);
    const colours = new Set<number>();
    for (let i = 0; i < png.data.length; i += 4) {
      colours.add(png.data.readUInt32BE(i));
    }
    expect(colours.size).toBeGreaterThan(3);
  });

  it('the same team gives the same bytes; the other team of the match another image', async () => {
    const first = await app.inject({ url: pathOf(home) });
    const again = await app.inject({ url: pathOf(home) });
    const other = await app.inject({ url: pathOf(away) });
    expect(other.statusCode, other.body).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers['etag']).toBe(first.headers['etag']);
    expect(other.rawPayload.equals(first.rawPayload)).toBe(false);
  });

  it('If-None-Match with the ETag is 304; HEAD answers the headers without a body', async () => {
    const { headers } = await app.inject({ url: pathOf(home) });
    const etag = String(headers['etag']);
    const revalidated = await app.inject({ url: pathOf(home), headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    const head = await app.inject({ method: 'HEAD', url: pathOf(home) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
    expect(head.body).toBe('');
  });

  it.each([
    ['an unknown team', `${TEAMS}/${encodeURIComponent('No Such Club.png')}`],
    ['a file that is not .png', `${TEAMS}/${encodeURIComponent('Arsenal.jpg')}`],
    ['a name without .png', `${TEAMS}/Arsenal`],
  ])('%s is 404 not_found', async (_what, url) => {
    const res = await app.inject({ url });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('is not in the OpenAPI document', async () => {
    const doc = (await app.inject({ url: '/v1/openapi.json' })).json();
    expect(Object.keys(doc.paths).some((path) => path.startsWith('/assets'))).toBe(false);
  });

  it('counts on the address limit like other keyless requests', async () => {
    const limited = await buildTestApp(db(), { env: { ADDRESS_RATE_PER_MINUTE: '2' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await limited.inject({ url: pathOf(home) })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('with a custom ASSETS_URL the logos point there and this server serves none', async () => {
    const cdn = 'https://cdn.example/touchline';
    const custom = await buildTestApp(db(), { env: { ASSETS_URL: cdn } });
    try {
      const { homeLogo } = await logosOf(custom, key, await matchWithEncodedLogo(db()));
      expect(homeLogo.startsWith(`${cdn}/UploadFolder/Teams/`)).toBe(true);
      const res = await custom.inject({ url: pathOf(home) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    } finally {
      await custom.close();
    }
  });
});
