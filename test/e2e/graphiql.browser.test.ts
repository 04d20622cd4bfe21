import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoKeys, type DemoKey, readDemoKeys } from '../../src/accounts/demo-setup.js';
import { EXAMPLE_QUERY } from '../../src/graphql/graphiql/example-query.js';
import { createAccountWithKey } from '../helpers/access.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumAvailable } from '../helpers/chromium.js';
import { type GraphqlDemoServer, startGraphqlDemoServer } from '../helpers/graphql-server.js';

if (!chromiumAvailable) {
  console.warn(`${CHROMIUM_PATH} is missing: the browser test of GraphiQL at /graphql is SKIPPED`);
}

/** GraphiQL 5's editors are Monaco editors; each is told apart by its model's URI suffix. */
const EDITOR = {
  operation: '.graphiql-query-editor .monaco-editor[data-uri$="-operation.graphql"]',
  headers: '.monaco-editor[data-uri$="-request-headers.json"]',
  response: '.graphiql-response .monaco-editor[data-uri$="-response.json"]',
};

/** The explorer's panel (@graphiql/plugin-explorer, inside yoga's GraphiQL bundle). */
const EXPLORER = '.graphiql-plugin .graphiql-explorer-root';

/**
 * The text an editor shows: Monaco renders only the lines in view, each a `.view-line` placed by
 * its `top` (not necessarily in DOM order), spaces as U+00A0. The viewport below is tall enough
 * for the whole example query. Evaluated in the page (this project's TypeScript has no DOM types).
 */
const shownText = (page: Page, editor: string): Promise<string> =>
  page.evaluate(`[...document.querySelectorAll(${JSON.stringify(`${editor} .view-line`)})]
    .map((line) => [parseFloat(line.style.top), line.textContent.replace(/\\u00a0/g, ' ')])
    .sort((a, b) => a[0] - b[0])
    .map(([, text]) => text)
    .join('\\n')`);

const SLOW = { timeout: 60_000, interval: 250 };

/** Clicks Run and waits for the example operation's answer (`MatchDay`, POSTed to /graphql). */
async function runExample(page: Page, base: string) {
  const executed = page.waitForResponse(
    (response) =>
      response.url() === `${base}/graphql` &&
      response.request().method() === 'POST' &&
      (response.request().postData() ?? '').includes('MatchDay'),
    { timeout: 120_000 },
  );
  await page.click('.graphiql-execute-button');
  return executed;
}

describe.skipIf(!chromiumAvailable)('GraphiQL at /graphql in headless Chromium', () => {
  let server: GraphqlDemoServer;
  let browser: Browser;
  /** TOUCHLINE_DATA_DIR: empty until a test writes the demo keys there, as `npm start` does. */
  let dataDir: string;
  let key: string;
  /** Every request of the pages (and their workers) that leaves the test server. */
  const external: string[] = [];
  const contexts: BrowserContext[] = [];

  /** A browser profile of its own (GraphiQL keeps the headers in localStorage per origin). */
  const newContext = async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1600 } });
    contexts.push(context);
    context.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(server.base) && !url.startsWith('data:') && !url.startsWith('blob:')) {
        external.push(url);
      }
    });
    return context;
  };

  /** GraphiQL opened at /graphql, its operation editor ready. */
  const openGraphiql = async (context: BrowserContext, pageErrors: string[]) => {
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const landing = await page.goto(`${server.base}/graphql`, { timeout: 120_000 });
    expect(landing?.status()).toBe(200);
    expect(landing?.headers()['content-type']).toMatch(/^text\/html/);
    await page.waitForSelector('.graphiql-container', { timeout: 120_000 });
    await page.waitForSelector(`${EDITOR.operation} .view-lines`, { timeout: 120_000 });
    return page;
  };

  /** The headers editor's text (its tab opened first if it is closed). */
  const headersShown = async (page: Page) => {
    await page.click('.graphiql-editor-tools button[data-name="headers"]');
    await page.waitForSelector(`${EDITOR.headers} .view-lines`, {
      state: 'visible',
      timeout: 30_000,
    });
    return shownText(page, EDITOR.headers);
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'touchline-graphiql-'));
    server = await startGraphqlDemoServer({ env: { TOUCHLINE_DATA_DIR: dataDir } });
    ({ key } = await createAccountWithKey(server.database, 'Plus'));
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  }, 300_000);
  afterAll(async () => {
    for (const context of contexts) {
      await context.close();
    }
    await browser?.close();
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('renders offline, runs the example query with a real key and shows the nested page', async () => {
    const pageErrors: string[] = [];
    const page = await openGraphiql(await newContext(), pageErrors);

    // The editor opens with the example query, whole and as written.
    await expect.poll(() => shownText(page, EDITOR.operation), SLOW).toBe(EXAMPLE_QUERY);

    // No demo keys in the data directory: the placeholder, no key. The key goes in through the
    // Headers tab, replacing it.
    await expect.poll(() => headersShown(page), SLOW).toContain('Bearer YOUR_KEY');
    expect(await headersShown(page)).not.toMatch(/svc_(live|test)_/);
    const headers = JSON.stringify({ Authorization: `Bearer ${key}` });
    await page.click(`${EDITOR.headers} .view-lines`);
    await page.keyboard.press('ControlOrMeta+A');
    // Emptied first: typing `{` over a selection would make Monaco wrap it ("auto-surround").
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(headers);
    await expect.poll(() => shownText(page, EDITOR.headers), SLOW).toBe(headers);

    const response = await runExample(page, server.base);

    expect(response.request().headers()['authorization']).toBe(`Bearer ${key}`);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as {
      errors?: unknown[];
      data?: {
        matches: {
          pageInfo: { total: number };
          items: Array<{ id: number; home: { name: string }; analysis: { corners: unknown } }>;
        };
      };
      extensions?: { cost?: { requested: number; actual: number } };
    };
    expect(body.errors).toBeUndefined();
    const items = body.data?.matches.items ?? [];
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(5);
    expect(server.cases.today.matchIds).toEqual(expect.arrayContaining(items.map((m) => m.id)));
    // A Plus key reads the analysis fields of the example.
    expect(items.some((m) => m.analysis.corners !== null)).toBe(true);
    expect(body.extensions?.cost?.actual).toBeGreaterThan(0);
    console.info(`GraphiQL example query charged: ${JSON.stringify(body.extensions?.cost)}`);
    const firstHome = items[0]!.home.name;

    // The result pane shows the nested page (its first lines: the rest is scrolled away).
    await expect
      .poll(() => shownText(page, EDITOR.response), SLOW)
      .toMatch(/"items": \[[\s\S]*"home": \{/);
    const shown = await shownText(page, EDITOR.response);
    expect(shown).toMatch(/^\{\s*"data": \{\s*"matches": \{/);
    expect(shown).toContain('"pageInfo"');
    expect(shown).toContain(`"name": ${JSON.stringify(firstHome)}`);
    // Errors would come first in the result, before `data`.
    expect(shown).not.toContain('"errors"');

    expect(pageErrors).toEqual([]);
    expect(external).toEqual([]);
    await page.close();
  }, 240_000);

  it('on a local demo (npm start): the demo Pro key is filled in, Run alone answers, the explorer edits', async () => {
    // What `npm start` does on its first start: one demo key per tier, in the data directory.
    const keys: DemoKey[] = await createDemoKeys(server.app.deps.services.accounts, dataDir);
    const pro = keys.find((k) => k.tier === 'Pro')!.key;
    const pageErrors: string[] = [];
    const page = await openGraphiql(await newContext(), pageErrors);
    await expect.poll(() => shownText(page, EDITOR.operation), SLOW).toBe(EXAMPLE_QUERY);

    // The explorer is open on arrival, showing the schema's root fields.
    await page.waitForSelector(EXPLORER, { state: 'visible', timeout: 30_000 });
    await page.waitForSelector(`${EXPLORER} [data-field-name="matches"]`, { timeout: 30_000 });

    // Nothing typed: Run.
    const response = await runExample(page, server.base);
    expect(response.request().headers()['authorization']).toBe(`Bearer ${pro}`);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as {
      errors?: unknown[];
      data?: { matches: { items: Array<{ id: number; analysis: { corners: unknown } }> } };
    };
    expect(body.errors).toBeUndefined();
    const items = body.data?.matches.items ?? [];
    expect(items.length).toBeGreaterThan(0);
    expect(server.cases.today.matchIds).toEqual(expect.arrayContaining(items.map((m) => m.id)));
    // A Pro key reads the analysis fields.
    expect(items.some((m) => m.analysis.corners !== null)).toBe(true);
    await expect
      .poll(() => shownText(page, EDITOR.response), SLOW)
      .toMatch(/^\{\s*"data": \{\s*"matches": \{/);
    expect(await shownText(page, EDITOR.response)).not.toContain('"errors"');
    expect(await headersShown(page)).toContain(`Bearer ${pro}`);

    // A click on a field in the explorer puts it in the query (`venue` is not in the example).
    // The query, reprinted, runs past the editor's view; yoga's GraphiQL mirrors it in the URL.
    expect(EXAMPLE_QUERY).not.toContain('venue');
    await page.click(`${EXPLORER} .graphiql-explorer-liveMatches [data-field-name="venue"]`);
    const liveMatches = () =>
      /liveMatches\(first: 5\) \{([\s\S]*?)\n {2}\}/.exec(
        new URL(page.url()).searchParams.get('query') ?? '',
      )?.[1] ?? '';
    await expect.poll(liveMatches, SLOW).toMatch(/^ {4}venue$/m);

    expect(pageErrors).toEqual([]);
    expect(external).toEqual([]);
    await page.close();
  }, 240_000);

  it('without the demo data (its Pro key revoked): the placeholder, no key', async () => {
    const pro = (await readDemoKeys(dataDir))?.find((k) => k.tier === 'Pro');
    if (!pro) {
      throw new Error('the previous test writes the demo keys');
    }
    await server.database.prisma.apiKey.update({
      where: { id: pro.keyId },
      data: { revokedAt: new Date() },
    });
    const pageErrors: string[] = [];
    const page = await openGraphiql(await newContext(), pageErrors);
    await expect.poll(() => headersShown(page), SLOW).toContain('Bearer YOUR_KEY');
    expect(await headersShown(page)).not.toContain(pro.key);
    expect(await headersShown(page)).not.toMatch(/svc_(live|test)_/);
    expect(pageErrors).toEqual([]);
    expect(external).toEqual([]);
    await page.close();
  }, 240_000);
});
