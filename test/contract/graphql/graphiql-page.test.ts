import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoKeys, type DemoKey } from '../../../src/accounts/demo-setup.js';
import type { Deps } from '../../../src/deps.js';
import { EXPLORER_PLUGIN } from '../../../src/graphql/graphiql/graphiql-page.js';
import { buildTestApp } from '../../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';

const PAGE = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

/**
 * GraphiQL's page and the demo key (DECISIONS.md "GraphiQL: explorer and the demo key"): the
 * Headers tab holds the demo Pro key only on a server listening on loopback, asked from there,
 * while the key `npm start` wrote to the data directory works in the database.
 */
describe('GraphiQL page: the explorer, and the demo key only on a local demo', () => {
  let database: TestDatabase;
  let dataDir: string;
  let app: FastifyInstance & { deps: Deps };
  let base: string;
  let keys: DemoKey[];

  /** The page over real HTTP (node:http: fetch may not set `Host`); a 9 MB body not printed. */
  const page = (headers: Record<string, string> = {}, url = `${base}/graphql`) =>
    new Promise<{ html: string; cacheControl: string | null; allowOrigin: string | null }>(
      (resolve, reject) => {
        get(url, { headers: { ...PAGE, ...headers } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            expect(response.statusCode).toBe(200);
            expect(response.headers['content-type']).toMatch(/^text\/html/);
            resolve({
              html: Buffer.concat(chunks).toString('utf8'),
              cacheControl: response.headers['cache-control'] ?? null,
              allowOrigin: response.headers['access-control-allow-origin'] ?? null,
            });
          });
        }).on('error', reject);
      },
    );
  /** What the Headers tab opens with: the page's `headers` option (the options end the page). */
  const headersTab = (html: string) =>
    JSON.parse(
      /"headers":("(?:[^"\\]|\\.)*")/.exec(
        html.slice(html.lastIndexOf('renderYogaGraphiQL(')),
      )?.[1] ?? '"none"',
    ) as string;
  const proKey = () => keys.find((k) => k.tier === 'Pro')!;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    dataDir = await mkdtemp(join(tmpdir(), 'touchline-graphiql-'));
    app = await buildTestApp(database, { env: { TOUCHLINE_DATA_DIR: dataDir } });
    base = (await app.listen({ host: '127.0.0.1', port: 0 })).replace(/\/$/, '');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const PLACEHOLDER = JSON.stringify({ Authorization: 'Bearer YOUR_KEY' }, null, 2);
  const WITH_PRO_KEY = () => JSON.stringify({ Authorization: `Bearer ${proKey().key}` }, null, 2);

  it('without demo keys: the placeholder, and the explorer open', async () => {
    const { html, cacheControl } = await page();
    expect(headersTab(html)).toBe(PLACEHOLDER);
    expect(/svc_(live|test)_[A-Za-z0-9]{8}/.test(html)).toBe(false);
    expect(html.includes(`"visiblePlugin":"${EXPLORER_PLUGIN}"`)).toBe(true);
    // The bundle carries the explorer (@graphiql/plugin-explorer's explorerPlugin) by that title.
    expect(html.includes(`title:"${EXPLORER_PLUGIN}"`)).toBe(true);
    expect(cacheControl).toBeNull();
  }, 60_000);

  it('with the demo keys npm start writes: the Pro key, never stored by a cache', async () => {
    keys = await createDemoKeys(app.deps.services.accounts, dataDir);
    const { html, cacheControl } = await page();
    expect(headersTab(html)).toBe(WITH_PRO_KEY());
    for (const other of keys.filter((k) => k.tier !== 'Pro')) {
      expect(html.includes(other.key), other.tier).toBe(false);
    }
    expect(cacheControl).toBe('no-store');
    // Asked by the name `localhost` too.
    const port = new URL(base).port;
    expect(headersTab((await page({ host: `localhost:${port}` })).html)).toBe(WITH_PRO_KEY());
  }, 60_000);

  it('never through a proxy, nor to another name (DNS rebinding)', async () => {
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.7' },
      { forwarded: 'for=203.0.113.7' },
      { 'x-real-ip': '203.0.113.7' },
      { host: 'attacker.example' },
      { host: `attacker.example:${new URL(base).port}` },
    ]) {
      const { html, cacheControl } = await page(headers);
      expect(headersTab(html), JSON.stringify(headers)).toBe(PLACEHOLDER);
      expect(html.includes(proKey().key)).toBe(false);
      expect(cacheControl).toBeNull();
    }
  }, 60_000);

  it('issue 46: no CORS on the page, and the key never for another origin', async () => {
    const same = await page({ origin: base });
    expect(headersTab(same.html)).toBe(WITH_PRO_KEY());
    expect(same.allowOrigin).toBeNull();
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' },
    ]) {
      const { html, allowOrigin } = await page(headers);
      expect(allowOrigin, JSON.stringify(headers)).toBeNull();
      expect(headersTab(html), JSON.stringify(headers)).toBe(PLACEHOLDER);
      expect(html.includes(proKey().key)).toBe(false);
    }
    // Operations keep their CORS (keys travel in headers, never cookies).
    const operation = await fetch(`${base}/graphql?query=${encodeURIComponent('{ __typename }')}`, {
      headers: { origin: 'https://evil.example', accept: 'application/json' },
    });
    expect(operation.headers.get('access-control-allow-origin')).toBe('https://evil.example');
  }, 60_000);

  it('never on a server listening on 0.0.0.0, even asked from 127.0.0.1', async () => {
    const open = await buildTestApp(database, { env: { TOUCHLINE_DATA_DIR: dataDir } });
    try {
      const { port } = new URL(await open.listen({ host: '0.0.0.0', port: 0 }));
      const { html } = await page({}, `http://127.0.0.1:${port}/graphql`);
      expect(headersTab(html)).toBe(PLACEHOLDER);
      expect(html.includes(proKey().key)).toBe(false);
    } finally {
      await open.close();
    }
  }, 60_000);

  it('never once the demo Pro key is revoked (the next page, not a cached one)', async () => {
    await database.prisma.apiKey.update({
      where: { id: proKey().keyId },
      data: { revokedAt: new Date() },
    });
    const { html, cacheControl } = await page();
    expect(headersTab(html)).toBe(PLACEHOLDER);
    expect(html.includes(proKey().key)).toBe(false);
    expect(cacheControl).toBeNull();
  }, 60_000);
});
